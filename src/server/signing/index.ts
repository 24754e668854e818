// Signing: the customer's electronic signature of the SS-4 (decision 022). A signing request is a
// link e-mailed to the customer; verified by the last four digits of the SSN, the customer reviews
// the filled form and signs; the signed PDF is sealed (decision 037), stored encrypted, and the order
// moves on. Staff send the request and download the signed form; the signer downloads their copy on
// the thank-you page and through the e-mailed document link; one reminder follows after 48 hours.
export { describeSigning } from './describe-signing';
export { readSignedSs4 } from './download-signed-ss4';
export { createSigningRequest, openSigningRequest, writeSigningRequest } from './open-signing-request';
export { signatureRequestEmail, signedNoticeEmail } from './signature-request-email';
export { startSignatureReminders } from './signature-reminders';
export { signedSs4Document } from './read-signed-ss4';
export { signedCopyEmail } from './signed-copy-email';
