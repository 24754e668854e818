// SS-4: the IRS's own fillable Form SS-4, filled from an application and, once the customer signs,
// signed with a certificate page appended, its fields made read-only and the whole file sealed
// (decision 037). The filled form staff download stays fillable; the SSN is opened for the file only.
// Also where the IRS writes the assigned EIN on it, and the copies a customer opens, every taxpayer
// number masked (decision 049).
export { ss4EinBox, ss4EinLabel } from './ein-box';
export { fillSs4, ss4FieldPrefix } from './fill-ss4';
export { ss4FieldRegion } from './field-region';
export type { Ss4FieldRegion } from './field-region';
export { applicationWithSsns, renderOrderSs4, responsiblePartyNumberField, sha256Hex } from './render-order-ss4';
export { makeSignersCopy, maskedSsnsOf, renderMaskedOrderSs4 } from './customer-copies';
export type { SignersCopyOptions } from './customer-copies';
export { formDate, signSs4, utcTimestamp } from './sign-ss4';
export type { SignatureMark, SignedSs4, SigningCertificate } from './sign-ss4';
