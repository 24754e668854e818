// Seal: the service's signing certificate (SEAL_P12_PATH, or a self-signed one made in DATA_DIR on
// the first start) and the PDF digital signature it puts on every signed SS-4, so that any change to
// the file afterwards shows in a PDF reader (decision 037).
export { loadSealCertificate, readSealCertificate, selfSignedSealFileName, selfSignedSealPassword } from './seal-certificate';
export type { SealCertificate } from './seal-certificate';
export { makeSelfSignedSealP12 } from './make-self-signed-seal';
export { createPdfSealer } from './seal-pdf';
export type { PdfSealer, SealFacts, SealOptions } from './seal-pdf';
