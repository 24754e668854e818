import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { baseLocale, localeTags } from '#shared/i18n/locales.ts';
import { getLocale } from '#shared/i18n/messages.ts';
import type { Option } from './fields';
import { countryCodes, unitedStates } from './countries';

// Country names in English, for the form's country list and every place an address abroad is written
// (Form SS-4 wants the full name, never an abbreviation). Loaded only where needed: the wizard imports
// this module when a customer says an address is outside the United States.
//
// The names are i18n-iso-countries' English list, read straight from its data: a name is its official
// one, the first of the list's names ("United Kingdom", not "UK"), as the library's own getName gives
// it (a test holds them equal). The library's code itself is not loaded: it is CommonJS with every
// alpha-3 and numeric code, which the browser would otherwise fetch with the names.

const names: Readonly<Record<string, string | readonly string[]>> = english.countries;

/** The full English name of a country ("Germany", "United Kingdom"); the code itself if unknown. */
export function countryName(code: string): string {
  if (code === unitedStates) return 'United States';
  const name = names[code];
  return (Array.isArray(name) ? name[0] : name) ?? code;
}

/**
 * A country's name in the customer's language: the English name above on an English page, and the
 * runtime's own region names (`Intl.DisplayNames`) in another language, which weigh nothing to load.
 * Only for reading: what is printed on the form is always `countryName`.
 */
export function countryLabel(code: string): string {
  const locale = getLocale();
  if (locale === baseLocale) return countryName(code);
  try {
    return new Intl.DisplayNames([localeTags[locale]], { type: 'region', fallback: 'none' }).of(code) ?? countryName(code);
  } catch {
    return countryName(code);
  }
}

/**
 * Every country but the United States, for the address's country list: the stored code, the name in
 * the customer's language, and the English name the form prints. In English alphabetical order.
 */
export const foreignCountryOptions: readonly Option[] = countryCodes
  .filter((code) => code !== unitedStates)
  .map((code) => ({
    value: code,
    formText: countryName(code),
    get label() {
      return countryLabel(code);
    },
  }))
  .sort((a, b) => a.formText.localeCompare(b.formText, 'en'));

/** The country list in the alphabetical order of the customer's language ("Alemania" among the A's in Spanish). */
export function foreignCountryOptionsInOrder(): readonly Option[] {
  const locale = getLocale();
  if (locale === baseLocale) return foreignCountryOptions;
  return [...foreignCountryOptions].sort((a, b) => a.label.localeCompare(b.label, localeTags[locale]));
}
