// Encryption: the SSN at rest (decision 007), sealed with AES-256-GCM under the data key
// (DATA_ENCRYPTION_KEY, or else a key file under DATA_DIR). An SSN is opened only through here,
// and never put in an error or a log line; a customer link checks its SSN question and its browser's
// session secret through here too.
export { createFieldCipher, encryptionKeyFileName, loadDataKey, normalizeTaxpayerNumber, openApplication, sealApplication } from './encryption';
export type { FieldCipher, StoredApplication } from './encryption';
export { readOrderSsn, readOrderSsns, sealedSecretMatches, taxpayerNumberLastFourMatches } from './order-ssn';
export type { OrderSsn } from './order-ssn';
