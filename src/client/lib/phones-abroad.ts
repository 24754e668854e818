import { isInternationalPhone, loadPhoneRules } from '#shared/application/phones.ts';

/**
 * Loads the rules for phone numbers abroad when one of the numbers is one ("+49…"), before a schema
 * checks it (phones.ts): a visitor with US numbers only never downloads them.
 */
export async function loadPhoneRulesFor(phones: readonly unknown[]): Promise<void> {
  if (phones.some((phone) => typeof phone === 'string' && isInternationalPhone(phone))) await loadPhoneRules();
}
