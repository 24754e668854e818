// The encryption module's public face: other modules import from here only.
export { createFieldCipher, encryptionKeyFileName, loadDataKey, openApplication, sealApplication } from './encryption';
export type { FieldCipher, StoredApplication } from './encryption';
export { readOrderSsn, readOrderSsns } from './order-ssn';
export type { OrderSsn } from './order-ssn';
