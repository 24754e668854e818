import { isIrsName, type IrsNameKind } from './irs-names';

// The name the IRS would receive for one it refuses as typed (irs-names.ts): the wizard offers it
// with a one-tap "Use this", the signing page accepts a signature typed either way, and Form SS-4
// draws its text in plain letters. Kept apart from the rules, which every wizard page checks: few
// names need it, so the pages load it only then.

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

/** The text with each letter's marks taken off and the letters that carry none spelled in A-Z ("Łódź" → "Lodz", "Straße" → "Strasse"). */
export function plainLetters(value: string): string {
  const spelled = [...value].map((character) => letterSpellings[character] ?? character).join('');
  return spelled.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** Apostrophes and quotation marks: dropped, so the name's parts stay together (O'Brien → OBrien). */
const apostrophes = /['‘’‚‛`´ʹʻʼʽˈ"“”„]/g;
/** Dashes of other widths, read as the hyphen the IRS accepts. */
const dashes = /[‐‑‒–—―−]/g;

/** Per kind: what is dropped (digits from a person's name; periods and commas always) and what the IRS takes. */
const dropped: Record<IrsNameKind, RegExp> = { person: /[.,0-9]/g, business: /[.,]/g, address: /[.,]/g };
const refused: Record<IrsNameKind, RegExp> = { person: /[^A-Za-z &-]/g, business: /[^A-Za-z0-9 &-]/g, address: /[^A-Za-z0-9 /-]/g };

/**
 * The name (or part of an address) as the IRS would receive it, or null when there is nothing to
 * offer (it is already accepted, or nothing of it would remain). Accents are taken off ("José
 * Núñez-García" → "Jose Nunez-Garcia", "Torstraße 12" → "Torstrasse 12"), apostrophes, periods and
 * commas (and a person's digits) are dropped ("O'Brien" → "OBrien", "St. John" → "St John"), other
 * dashes become hyphens, anything else becomes a space ("Apt #5" → "Apt 5"), and spaces are collapsed.
 */
export function suggestIrsName(value: string, kind: IrsNameKind): string | null {
  if (isIrsName(value, kind)) return null;
  const suggestion = plainLetters(value)
    .replace(apostrophes, '')
    .replace(dropped[kind], '')
    .replace(dashes, '-')
    .replace(refused[kind], ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return suggestion === '' || suggestion === value ? null : suggestion;
}

/** The name as the IRS receives it: the suggestion when there is one, else the name as it is. */
export function irsFormOfName(value: string, kind: IrsNameKind): string {
  return suggestIrsName(value, kind) ?? value;
}
