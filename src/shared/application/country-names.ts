import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
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

/** Every country but the United States, by name, for the address's country list. */
export const foreignCountryOptions: readonly { value: string; label: string }[] = countryCodes
  .filter((code) => code !== unitedStates)
  .map((code) => ({ value: code, label: countryName(code) }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en'));
