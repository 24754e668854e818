// The countries step 2 offers for an address abroad: the module step 2 loads on demand (address-fields.tsx).
// Its own small entry, so the browser fetches it as a plain module and only when asked.
export { foreignCountryOptionsInOrder } from '#shared/application/country-names.ts';
