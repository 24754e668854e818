// Fax: the pages a fax carries. Rendering a PDF's pages to pixels, what a fax machine makes of them
// and the PDF a received fax arrives as, the codes and the geometry of a faxed page, and the
// built-in test transport's IRS, which answers an SS-4 with a fax-back.
export { faxDpi, imagesToPdf, printAsFax, seededRandom } from './fax-print';
export type { Random } from './fax-print';
export { findCodes } from './find-codes';
export type { FoundCode, PixelRegion } from './find-codes';
export { cleanSpecks, cropStraight, estimateSkew, pageHeightPoints } from './page-geometry';
export type { PointRegion } from './page-geometry';
export { eachGrayPage, renderPageImages, renderPdfGray, renderPdfPages } from './render-pages';
export type { GrayImage, PageImage } from './render-pages';
export { generateIrsEin, simulateIrsReply } from './simulate-irs-reply';
export type { IrsReplyRequest } from './simulate-irs-reply';
