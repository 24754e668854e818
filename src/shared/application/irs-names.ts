// Names as the IRS files them. Form SS-4 names (the legal name on line 1, the trade name on line 2,
// the "care of" name on line 3, people on lines 7a and 10) accept only the letters A-Z, spaces,
// hyphens and ampersands, and a business's name digits too. A name typed with accents or an
// apostrophe ("José Núñez-García", "O'Brien", "Café Olé Holdings LLC") is refused with a message
// saying which characters the IRS accepts, and the wizard offers the name the IRS would receive
// (irs-name-suggestions.ts: the pages load it only once a name needs it).
//
// Addresses follow the same rule (decision 052): every part of an address printed on the SS-4 (lines
// 4a-4b, 5a-5b and 6: street, city, county, state or province, postal code) takes what the IRS's
// e-file address lines take, the letters A-Z, digits 0-9, spaces, hyphens and slashes ("Torstraße 12"
// is refused, and "Torstrasse 12" offered), so the form holds the same characters in every box.

import { m } from '#shared/i18n/messages.ts';
import { spoken } from './fields';

/** Whose text: a person's name (no digits), a business's legal or trade name (digits allowed), or a part of an address. */
export type IrsNameKind = 'person' | 'business' | 'address';

const allowed: Record<IrsNameKind, RegExp> = {
  person: /^[A-Za-z &-]*$/,
  business: /^[A-Za-z0-9 &-]*$/,
  address: /^[A-Za-z0-9 /-]*$/,
};

export const irsNameMessages: Readonly<Record<IrsNameKind, string>> = spoken({
  person: m.application_irs_name_person_error,
  business: m.application_irs_name_business_error,
  address: m.application_irs_name_address_error,
});

/** Whether a name (or a part of an address) holds only what the IRS accepts for its kind. */
export function isIrsName(value: string, kind: IrsNameKind): boolean {
  return allowed[kind].test(value);
}
