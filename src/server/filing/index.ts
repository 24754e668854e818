// Filing: sending the customer's signed Form SS-4 to the IRS and reading its answer (decision 043).
// A filing by fax goes through its own outbox (claimed, sent, retried, never twice; held a day by the
// IRS's one-EIN-a-day rule), to the IRS line for the business's location, with a reference printed in
// the margin of every page (a QR code and the same in writing). A fax received is stored encrypted and
// read: which filing it answers (matched only with certainty) and the EIN on it; staff confirm, and the
// order is completed through the lifecycle with the fax kept as the IRS's letter. Online filings, the
// overdue flag, the Fax inbox and a new link to the IRS's letter for the customer are here too.
export { makeFilingReference, parseFilingReference } from './filing-reference';
export { closeFaxBackReader, startFaxBackReader } from './fax-back-ocr';
export { readFaxBack } from './read-fax-back';
export type { FaxBackReading, ReadFaxBackOptions } from './read-fax-back';
export { referencePlaces, stampFilingReference } from './stamp-reference';
export { startFiling, purgeFaxMedia } from './start-filing';
export { einLetterDocument } from './ein-letter-document';
export { coverLine7b } from './cover-fax-back';
export { findFormShift } from './read-ein-box';
export type { FaxOutbox, FilingContext } from './filing-context';
export { createFiling } from './create-filing';
export { describeOrderFiling } from './describe-order-filing';
export { sendEinLetterLink } from './send-ein-letter-link';
export type { SendEinLetterLinkOptions } from './send-ein-letter-link';
export { einLetterLinkEmail } from './ein-letter-link-email';
export { filingRouteOf } from './responsible-party';
export { readReceivedFaxes, releaseReadClaims } from './read-received-faxes';
export { flagOverdueFilings, overdueEmail } from './flag-overdue-filings';
export { handleFaxNews, handleFaxWebhook } from './handle-fax-event';
export { maxFaxAttempts, faxRetryDelaySeconds } from './apply-provider-fax';
