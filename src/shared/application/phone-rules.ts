import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { registerPhoneRules, type PhoneRules } from './phones';

// The rules for phone numbers abroad, from libphonenumber-js. Importing this module registers them
// (phones.ts explains why they are loaded apart).

export const phoneRules: PhoneRules = {
  isValid(e164) {
    const number = parsePhoneNumberFromString(e164);
    return number !== undefined && number.number === e164 && number.isValid();
  },
  toE164(typed) {
    // "0049 …" is how much of the world dials a country code: read it as "+49 …".
    const text = typed.trim().replace(/^00(?=[1-9])/, '+');
    if (!text.startsWith('+')) return null;
    const number = parsePhoneNumberFromString(text);
    return number?.number ?? null;
  },
  formatInternational(e164) {
    return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
  },
};

registerPhoneRules(phoneRules);
