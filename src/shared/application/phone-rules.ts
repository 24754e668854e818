import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// The rules for phone numbers abroad, from libphonenumber-js (phones.ts explains why they are loaded
// apart: a wizard page imports this module only when it has a number abroad to check).

export const phoneRules = {
  isValid(e164: string): boolean {
    const number = parsePhoneNumberFromString(e164);
    return number !== undefined && number.number === e164 && number.isValid();
  },
  toE164(typed: string): string | null {
    // "0049 …" is how much of the world dials a country code: read it as "+49 …".
    const text = typed.trim().replace(/^00(?=[1-9])/, '+');
    if (!text.startsWith('+')) return null;
    const number = parsePhoneNumberFromString(text);
    return number?.number ?? null;
  },
  formatInternational(e164: string): string {
    return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
  },
};
