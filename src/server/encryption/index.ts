// Encryption: the SSN at rest (decision 007), sealed with AES-256-GCM under the data key
// (DATA_ENCRYPTION_KEY, or else a key file under DATA_DIR). An SSN is opened only through here,
// and never put in an error or a log line.
export { createFieldCipher, encryptionKeyFileName, loadDataKey, normalizeTaxpayerNumber, openApplication, sealApplication } from './encryption';
export type { FieldCipher, StoredApplication } from './encryption';
export { readOrderSsn, readOrderSsns } from './order-ssn';
export type { OrderSsn } from './order-ssn';
