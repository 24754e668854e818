// Tracking: what a customer learns from a 12-character tracking number, the order's customer-facing
// status and stage, and a new signing link sent to the order's own e-mail address. The number is all
// it takes to ask, so lookups are rate limited and no answer says more than tracking already shows.
export { trackingLookupsPerMinute } from './limits';
