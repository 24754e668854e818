// Settings: the operator-editable values in the `settings` table. Today the service's price
// (`ein_price_standard`), read at each checkout and for the public configuration; an unreadable value
// falls back to the default price rather than charging a wrong amount. Also the alerts' thresholds
// (`alert_*`), each with its default.
export { getStandardPriceCents } from './standard-price';
export { alertSettingDefaults, getAlertSettings } from './alert-settings';
export type { AlertSettings } from './alert-settings';
