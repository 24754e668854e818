// Names as the IRS files them. Form SS-4 names (people on lines 7a and 10, the trade name on line 2)
// accept only the letters A-Z, spaces, hyphens and ampersands, and a trade name digits too. A name
// typed with accents or an apostrophe ("José Núñez-García", "O'Brien") is refused with a message
// saying which characters the IRS accepts, and the wizard offers the name the IRS would receive.

/** Whose name: a person's (no digits) or a business's trade name (digits allowed). */
export type IrsNameKind = 'person' | 'tradeName';

const allowed: Record<IrsNameKind, RegExp> = {
  person: /^[A-Za-z &-]*$/,
  tradeName: /^[A-Za-z0-9 &-]*$/,
};

export const irsNameMessages: Record<IrsNameKind, string> = {
  person: 'The IRS accepts only the letters A-Z, spaces, hyphens (-) and ampersands (&)',
  tradeName: 'The IRS accepts only the letters A-Z, digits 0-9, spaces, hyphens (-) and ampersands (&)',
};

/** Whether a name holds only what the IRS accepts for its kind. */
export function isIrsName(value: string, kind: IrsNameKind): boolean {
  return allowed[kind].test(value);
}

/** Letters that are not an A-Z letter with a mark on it, and so do not lose their accent by decomposition. */
const letterSpellings: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
};

/** Apostrophes and quotation marks: dropped, so the name's parts stay together (O'Brien → OBrien). */
const apostrophes = /['‘’‚‛`´ʹʻʼʽˈ"“”„]/g;
/** Dashes of other widths, read as the hyphen the IRS accepts. */
const dashes = /[‐‑‒–—―−]/g;

/**
 * The name as the IRS would receive it, or null when there is nothing to offer (the name is
 * already accepted, or nothing of it would remain). Accents are taken off ("José Núñez-García" →
 * "Jose Nunez-Garcia"), apostrophes, periods and commas (and a person's digits) are dropped
 * ("O'Brien" → "OBrien", "St. John" → "St John"), other dashes become hyphens, anything else becomes a space, and spaces
 * are collapsed.
 */
export function suggestIrsName(value: string, kind: IrsNameKind): string | null {
  if (isIrsName(value, kind)) return null;
  const spelled = [...value].map((character) => letterSpellings[character] ?? character).join('');
  const suggestion = spelled
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(apostrophes, '')
    .replace(kind === 'person' ? /[.,0-9]/g : /[.,]/g, '')
    .replace(dashes, '-')
    .replace(kind === 'person' ? /[^A-Za-z &-]/g : /[^A-Za-z0-9 &-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return suggestion === '' || suggestion === value ? null : suggestion;
}
