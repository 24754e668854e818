// Phone numbers as step 3 takes them (decision 046). A US number keeps its mask: "(512) 555-0147" for the
// contact's phone, ten digits for the responsible party's. A number abroad is stored in E.164
// ("+493012345678") and checked by libphonenumber-js's rules for its country. Those rules weigh about
// 30 KB, so they are loaded only when a number abroad is to be checked: the server loads them as it
// starts (it imports phone-rules-loaded.ts), a wizard page before it checks a number starting with "+"
// (`loadPhoneRules`).

export type PhoneRules = {
  /** Whether an E.164 number is a valid number of its country. */
  isValid(e164: string): boolean;
  /** What was typed ("+49 30 1234567", "0049 30…"), as E.164, or null when it is no number. */
  toE164(typed: string): string | null;
  /** An E.164 number written for people: "+49 30 1234567". */
  formatInternational(e164: string): string;
};

let loaded: PhoneRules | undefined;

/** Called by phone-rules-loaded.ts as the server starts. */
export function registerPhoneRules(rules: PhoneRules): void {
  loaded = rules;
}

/** Loads the rules for numbers abroad (once); resolves when `phoneRules()` may be called. */
export async function loadPhoneRules(): Promise<PhoneRules> {
  if (!loaded) registerPhoneRules((await import('./phone-rules')).phoneRules);
  return phoneRules();
}

/** The rules for numbers abroad; they must have been loaded (`loadPhoneRules`). */
export function phoneRules(): PhoneRules {
  if (!loaded) throw new Error('The phone number rules are not loaded: call loadPhoneRules() first');
  return loaded;
}

export function phoneRulesLoaded(): boolean {
  return loaded !== undefined;
}

/** A number stored in E.164, the form of every number outside the United States. */
export const isInternationalPhone = (value: string | undefined): boolean => (value ?? '').startsWith('+');

const e164Shape = /^\+[1-9]\d{6,14}$/;

/** Whether an E.164 number is shaped right and valid for its country. */
export function isValidInternationalPhone(value: string): boolean {
  return e164Shape.test(value) && phoneRules().isValid(value);
}

/** Any number a form holds, written for people: a number abroad in the international format, a US number as stored. */
export function formatPhoneForPeople(value: string): string {
  if (!isInternationalPhone(value)) return value;
  return phoneRulesLoaded() ? phoneRules().formatInternational(value) : value;
}
