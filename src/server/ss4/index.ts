// The ss4 module's public face: other modules import from here only.
export { fillSs4, ss4FieldPrefix } from './fill-ss4';
export { applicationWithSsns, renderOrderSs4, sha256Hex } from './render-order-ss4';
export { formDate, signSs4, utcTimestamp } from './sign-ss4';
export type { SignatureMark } from './sign-ss4';
