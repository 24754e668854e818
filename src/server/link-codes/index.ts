// Link codes: the six-digit code a customer link (the signing page, a document page) e-mails to a
// responsible party with neither an SSN nor an ITIN, who answers it instead of the last four digits
// of a taxpayer number. Single use, ten minutes, one a minute; only an HMAC of it is stored.
export { checkLinkCode } from './check-link-code';
export type { LinkCodeCheck } from './check-link-code';
export { sendLinkCode } from './send-link-code';
export type { SendLinkCodeOptions } from './send-link-code';
export type { CodeLink, LinkKind } from './link-codes';
export { checkLinkAnswer } from './check-link-answer';
export type { CheckLinkAnswerOptions } from './check-link-answer';
export { linkCodeEmail } from './link-code-email';
export type { LinkCodePurpose } from './link-code-email';
