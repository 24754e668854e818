// The settings module's public face: other modules import from here only.
export { getStandardPriceCents } from './standard-price';
