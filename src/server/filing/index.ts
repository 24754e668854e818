// Filing: sending the customer's signed Form SS-4 to the IRS and reading its answer. The reference
// printed in the margin of every page sent (a QR code and the same in writing), and the reading of a
// fax-back: which filing it answers and the EIN written on it.
export { makeFilingReference, parseFilingReference } from './filing-reference';
export { closeFaxBackReader, startFaxBackReader } from './fax-back-ocr';
export { readFaxBack } from './read-fax-back';
export type { FaxBackReading, ReadFaxBackOptions } from './read-fax-back';
export { referencePlaces, stampFilingReference } from './stamp-reference';
