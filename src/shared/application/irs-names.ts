// Names as the IRS files them. Form SS-4 names (the legal name on line 1, the trade name on line 2,
// the "care of" name on line 3, people on lines 7a and 10) accept only the letters A-Z, spaces,
// hyphens and ampersands, and a business's name digits too. A name typed with accents or an
// apostrophe ("José Núñez-García", "O'Brien", "Café Olé Holdings LLC") is refused with a message
// saying which characters the IRS accepts, and the wizard offers the name the IRS would receive
// (irs-name-suggestions.ts: the pages load it only once a name needs it).

/** Whose name: a person's (no digits) or a business's, legal or trade name (digits allowed). */
export type IrsNameKind = 'person' | 'business';

const allowed: Record<IrsNameKind, RegExp> = {
  person: /^[A-Za-z &-]*$/,
  business: /^[A-Za-z0-9 &-]*$/,
};

export const irsNameMessages: Record<IrsNameKind, string> = {
  person: 'The IRS accepts only the letters A-Z, spaces, hyphens (-) and ampersands (&)',
  business: 'The IRS accepts only the letters A-Z, digits 0-9, spaces, hyphens (-) and ampersands (&)',
};

/** Whether a name holds only what the IRS accepts for its kind. */
export function isIrsName(value: string, kind: IrsNameKind): boolean {
  return allowed[kind].test(value);
}
