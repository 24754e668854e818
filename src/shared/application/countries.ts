// Countries by ISO 3166-1 alpha-2 code, as the wizard stores them (decision 046). The codes are kept
// here, compactly, so the schemas check them on every page without loading a country list; their names
// come from `i18n-iso-countries` (country-names.ts), loaded only where an address abroad is shown.
// A test holds this list equal to the library's.

const codes =
  'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSXKYEYTZAZMZW';

/** Every country's alpha-2 code, in alphabetical order. */
export const countryCodes: readonly string[] = codes.match(/../g) ?? [];

/** The United States: the default country of every address, and the one asked with state, county and ZIP. */
export const unitedStates = 'US';

export function isCountryCode(value: string): boolean {
  return countryCodes.includes(value);
}

/** Whether an address's country (absent on answers saved before addresses abroad) is outside the United States. */
export function isAbroad(country: string | undefined): boolean {
  return (country ?? unitedStates) !== unitedStates;
}

/** Countries whose addresses carry no postal code: the wizard does not ask for one there. */
const withoutPostalCodes = new Set(
  'AE AG AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GH GM GQ GY HK KI KM KN KP LY ML MO MR MW NR NU QA RW SB SC SL SR SS ST SY TD TF TG TK TL TO TV UG VU YE ZW'.split(' '),
);

/** Countries whose addresses need a state, province or region to be delivered: asked and required there. */
const withRequiredRegions = new Set('AR AU BR CA CN ES IN IT JP MX MY NG'.split(' '));

/** Whether an address in the country is asked for a postal code. */
export function asksPostalCode(country: string | undefined): boolean {
  return isAbroad(country) && !withoutPostalCodes.has(country ?? '');
}

/** Whether an address in the country must name its state, province or region (it is asked, optionally, everywhere abroad). */
export function requiresProvince(country: string | undefined): boolean {
  return isAbroad(country) && withRequiredRegions.has(country ?? '');
}
