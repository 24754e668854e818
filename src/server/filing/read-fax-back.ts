import { cleanSpecks, cropStraight, eachGrayPage, estimateSkew, faxDpi, findCodes, type GrayImage } from '../fax';
import { parseFilingReference } from './filing-reference';
import { readLine } from './fax-back-ocr';
import { readEinBox } from './read-ein-box';
import { referencePlaces } from './stamp-reference';

// Reads an IRS fax-back: which filing it answers, from the reference the service printed on every page
// it sent, and the EIN written in the form's EIN box. Each page is rendered at the fax's resolution and
// its codes decoded; a page whose code is lost has the written reference in its bottom margin read by
// OCR instead. Only references whose check character holds are kept: the caller matches a fax to a
// filing only when exactly one reference is found.

export type FaxBackReading = {
  pages: number;
  /** Every distinct valid reference found on the fax, in the order found. */
  references: string[];
  /** Where the references came from: a code on some page, else the written reference, else nowhere. */
  referenceSource: 'code' | 'text' | null;
  /** The EIN in the form's EIN box, `XX-XXXXXXX`, only when read with certainty and valid. */
  ein: string | null;
  /** What OCR read in the EIN box (for staff to compare), whether or not it is a valid EIN. */
  einText: string | null;
};

export type ReadFaxBackOptions = {
  /** Called after each page with the time it took, rendering included (for measurements). */
  onPageRead?: (page: { index: number; milliseconds: number }) => void;
};

/** What the written reference may be read as: the alphabet, the look-alikes Crockford decodes, the label and the dash. */
const referenceCharacters = '0123456789ABCDEFGHJKMNPQRSTVWXYZOILef-';
/** How far (points) the written reference may sit from its place, across. */
const textSlack = 40;

/** The written reference in the page's bottom margin, or null. */
async function readTextReference(page: GrayImage, angle: number): Promise<string | null> {
  const pageWidth = (page.width / page.xDpi) * 72;
  const place = referencePlaces(pageWidth, (page.height / page.yDpi) * 72).text;
  const halfWidth = place.size * 6 + textSlack;
  const region = { x: place.centreX - halfWidth, y: 0.5, width: 2 * halfWidth, height: place.baseline + place.size * 1.3 };
  const dpi = 300;
  const strip = cleanSpecks(cropStraight(page, region, angle, dpi), { minArea: Math.round(2.5 * (dpi / 72) ** 2), dropEdges: true });
  const reading = await readLine(strip, referenceCharacters);
  // Spaces are dropped: the label ends in a lower-case letter, so the reference still stands apart.
  const match = /([0-9A-Z]{5})-([0-9A-Z]{6})/.exec(reading.text.replace(/\s+/g, ''));
  return match ? parseFilingReference(`${match[1]}-${match[2]}`) : null;
}

/** Reads a fax-back PDF: its pages, the filing references on them, and the EIN in the form's box. */
export async function readFaxBack(pdf: Uint8Array, options: ReadFaxBackOptions = {}): Promise<FaxBackReading> {
  const fromCodes = new Set<string>();
  const fromText = new Set<string>();
  let einReading: { ein: string | null; einText: string | null } | null = null;
  let pages = 0;
  let started = performance.now();
  for await (const page of eachGrayPage(pdf, { xDpi: faxDpi.x, yDpi: faxDpi.y })) {
    const angle = estimateSkew(page);
    const found = (await findCodes(page)).map((code) => parseFilingReference(code.text)).filter((reference) => reference !== null);
    for (const reference of found) fromCodes.add(reference);
    if (found.length === 0) {
      const written = await readTextReference(page, angle);
      if (written) fromText.add(written);
    }
    // The EIN from the first page that has the form's EIN box (page 1, unless something came before it).
    einReading ??= await readEinBox(page, angle);
    options.onPageRead?.({ index: pages, milliseconds: performance.now() - started });
    pages += 1;
    started = performance.now();
  }
  const references = [...new Set([...fromCodes, ...fromText])];
  return {
    pages,
    references,
    referenceSource: fromCodes.size > 0 ? 'code' : fromText.size > 0 ? 'text' : null,
    ein: einReading?.ein ?? null,
    einText: einReading?.einText ?? null,
  };
}
