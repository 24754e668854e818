import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';
import { normalizeEin, validEinPrefixes } from '#shared/ein.ts';
import { ss4EinBox } from '../ss4';
import { findCodes } from './find-codes';
import { faxDpi, imagesToPdf, printAsFax, seededRandom, type Random } from './fax-print';
import { renderPdfGray, type GrayImage } from './render-pages';

// The built-in test transport's IRS: it answers an SS-4 with the pages it received, the EIN it assigns
// written into the form's EIN box, as its fax machine sends them back. Everything it does is drawn
// from the seed, so a test or a demo gets the same fax-back every time.

const prefixes = [...validEinPrefixes];

/** An EIN the IRS could assign: a valid prefix and seven digits. */
export function generateIrsEin(random: Random): string {
  const prefix = prefixes[Math.floor(random() * prefixes.length)]!;
  const serial = String(Math.floor(random() * 10_000_000)).padStart(7, '0');
  return `${prefix}-${serial}`;
}

/**
 * The EIN in the box at the top right of page 1, the way an IRS clerk's typewriter or stamp puts it
 * there: a bold face filling most of the box's width, a little askew, each character slightly off the
 * line and the ink a little doubled. The face is drawn from the seed, so no reader can rely on one.
 */
async function writeEin(document: PDFDocument, ein: string, random: Random): Promise<void> {
  const page = document.getPage(ss4EinBox.page);
  const font = await document.embedFont(random() < 0.6 ? StandardFonts.CourierBold : StandardFonts.HelveticaBold);
  const ink = rgb(0.05 + random() * 0.1, 0.05 + random() * 0.1, 0.1 + random() * 0.15);
  const fill = 0.72 + random() * 0.18;
  // A little space between characters, as a typebar or a stamp's loose type leaves it.
  const tracking = 0.04;
  const size = Math.min(20, (ss4EinBox.width * fill) / (font.widthOfTextAtSize(ein, 1) + tracking * ein.length));
  const advance = (character: string) => font.widthOfTextAtSize(character, size) + tracking * size;
  const lineWidth = [...ein].reduce((sum, character) => sum + advance(character), 0);
  const angle = (random() - 0.5) * 3;
  const radians = (angle * Math.PI) / 180;
  let x = ss4EinBox.x + 3 + random() * Math.max(0, ss4EinBox.width - lineWidth - 8);
  let y = ss4EinBox.y + 5 + random() * 4;
  for (const character of ein) {
    const jitterX = (random() - 0.5) * 0.8;
    const jitterY = (random() - 0.5) * 1.2;
    const tilt = angle + (random() - 0.5) * 2;
    const options = { size, font, color: ink, rotate: degrees(tilt) };
    page.drawText(character, { ...options, x: x + jitterX, y: y + jitterY });
    // A stamp or a typebar strikes twice as hard in places: a second, slightly shifted impression.
    page.drawText(character, { ...options, x: x + jitterX + 0.25 + random() * 0.2, y: y + jitterY - 0.15, opacity: 0.8 });
    const step = advance(character);
    x += step * Math.cos(radians);
    y += step * Math.sin(radians);
  }
}

/** The page with every code on it painted over in white, quiet zone included: a page that lost its code. */
async function eraseCodes(page: GrayImage): Promise<void> {
  for (const code of await findCodes(page)) {
    const xs = code.corners.map((corner) => corner.x);
    const ys = code.corners.map((corner) => corner.y);
    const pad = (Math.max(...xs) - Math.min(...xs)) / 8;
    const left = Math.max(0, Math.floor(Math.min(...xs) - pad));
    const right = Math.min(page.width, Math.ceil(Math.max(...xs) + pad));
    const top = Math.max(0, Math.floor(Math.min(...ys) - pad));
    const bottom = Math.min(page.height, Math.ceil(Math.max(...ys) + pad));
    for (let y = top; y < bottom; y += 1) page.pixels.fill(255, y * page.width + left, y * page.width + right);
  }
}

export type IrsReplyRequest = {
  /** The PDF the IRS received: a Form SS-4 whose page 1 is the form's page 1. */
  received: Uint8Array;
  /** The EIN it assigns, `XX-XXXXXXX`. */
  ein: string;
  /** Everything random about the fax-back (face, skew, specks) comes from it. */
  seed: number;
  /** Pages (from 0) whose reference code the fax loses; their text reference stays. */
  dropCodeOnPages?: readonly number[];
};

/** The fax-back PDF: the received pages with the EIN written in, printed by a fax machine. The same request gives the same bytes. */
export async function simulateIrsReply(request: IrsReplyRequest): Promise<Uint8Array> {
  const ein = normalizeEin(request.ein);
  if (!ein) throw new Error('The simulated IRS assigns only EINs with a valid prefix');
  const random = seededRandom(request.seed);
  const document = await PDFDocument.load(request.received, { updateMetadata: false });
  await writeEin(document, ein, random);
  const pages = await renderPdfGray(await document.save({ updateFieldAppearances: false }), { xDpi: faxDpi.x, yDpi: faxDpi.y });
  for (const index of request.dropCodeOnPages ?? []) {
    const page = pages[index];
    if (page) await eraseCodes(page);
  }
  return imagesToPdf(printAsFax(pages, random));
}
