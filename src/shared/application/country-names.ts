import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import { countryCodes, unitedStates } from './countries';

// Country names in English, for the form's country list and every place an address abroad is written
// (Form SS-4 wants the full name, never an abbreviation). Loaded only where needed: the wizard imports
// this module when a customer says an address is outside the United States.

countries.registerLocale(english);

/** The full English name of a country ("Germany", "United Kingdom"); the code itself if unknown. */
export function countryName(code: string): string {
  if (code === unitedStates) return 'United States';
  return countries.getName(code, 'en', { select: 'official' }) ?? code;
}

/** Every country but the United States, by name, for the address's country list. */
export const foreignCountryOptions: readonly { value: string; label: string }[] = countryCodes
  .filter((code) => code !== unitedStates)
  .map((code) => ({ value: code, label: countryName(code) }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en'));
