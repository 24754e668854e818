import { describe, expect, it } from 'vitest';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import { countryCodes } from './countries';
import { countryName, foreignCountryOptions } from './country-names';

countries.registerLocale(english);

describe('country names', () => {
  it("names every country as i18n-iso-countries' getName does (its official English name)", () => {
    for (const code of countryCodes.filter((code) => code !== 'US')) {
      expect(countryName(code), code).toBe(countries.getName(code, 'en', { select: 'official' }));
    }
    expect(countryName('US')).toBe('United States');
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('ZZ')).toBe('ZZ');
  });

  it('offers every country but the United States, by name in alphabetical order', () => {
    expect(foreignCountryOptions).toHaveLength(countryCodes.length - 1);
    expect(foreignCountryOptions.find((option) => option.value === 'DE')?.label).toBe('Germany');
    expect(foreignCountryOptions.some((option) => option.value === 'US')).toBe(false);
    const labels = foreignCountryOptions.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
