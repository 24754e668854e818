// Fax: sending a document to a fax number and receiving faxes, through one provider interface
// (decision 043): Telnyx Programmable Fax, or the built-in test transport that runs on this machine
// with a simulated IRS. And the pages a fax carries: rendering a PDF's pages to pixels, what a fax
// machine makes of them, the PDF a received fax arrives as, the codes and the geometry of a faxed page.
// What a filing is, and what a received fax means, is the filing module's.
export { createFaxProvider, isTestFaxTransport } from './create-fax-provider';
export type { FaxProvider, ProviderFax, FaxEvent, SendFax } from './provider';
export { FaxSendError, FaxWebhookRefused, describeFailureReason, isRetryableFailure } from './provider';
export { receivedAsPdf, isPdf } from './received-document';
export { irsReplySeed, testBusyFaxNumber } from './test-transport/test-fax-transport';
export type { TestFaxTransport } from './test-transport/test-fax-transport';
export { faxDpi, imagesToPdf, printAsFax, seededRandom } from './fax-print';
export type { Random } from './fax-print';
export { findCodes } from './find-codes';
export type { FoundCode, PixelRegion } from './find-codes';
export { cleanSpecks, cropStraight, estimateSkew, pageHeightPoints, paintStraight } from './page-geometry';
export type { PointRegion } from './page-geometry';
export { eachGrayPage, grayImagePng, renderPageImages, renderPdfGray, renderPdfPages } from './render-pages';
export type { GrayImage, PageImage } from './render-pages';
export { generateIrsEin, simulateIrsReply } from './simulate-irs-reply';
export type { IrsReplyRequest } from './simulate-irs-reply';
