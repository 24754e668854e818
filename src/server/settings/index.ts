// Settings: the operator-editable values in the `settings` table. Today the service's price
// (`ein_price_standard`), read at each checkout and for the public configuration; an unreadable value
// falls back to the default price rather than charging a wrong amount.
export { getStandardPriceCents } from './standard-price';
