import { rgb, StandardFonts, type PDFDocument, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { PdfSealer } from '../seal';
import { parseFilingReference } from './filing-reference';

// Prints a filing's reference in the margins of every page the service faxes: a QR code in the left
// margin and the same reference as text in the bottom margin, so that the IRS's fax-back can be
// matched to its filing whichever of the two survives. The margins are those of Form SS-4 (Rev.
// December 2023), measured on the official file: its content runs from 35.75 pt to 576 pt across and
// from 25 pt to 756.5 pt up a 612 × 792 pt page (page 2 the same across), so the left margin is
// 35.75 pt wide and the bottom one 25 pt high. The certificate pages the signing step appends keep a
// margin of 54 pt, and get the marks in the same places.
//
// The signed SS-4 is sealed (decision 037): the marks are appended to it as an incremental update that
// the service seals in turn (decision 050), so the customer's sealed file is still in the faxed copy
// byte for byte and its seal still verifies.

/** A version 1 QR code (21 modules a side) holds the 12 characters of a reference at error correction Q (25% may be lost). */
const qrModules = 21;
/** The light margin a QR code needs on every side to be found (ISO/IEC 18004: four modules). */
export const qrQuietZoneModules = 4;
/** Where the form's content starts across, and the room left on each side beyond the code's quiet zone. */
const formLeft = 35.75;
const clearance = 0.25;
/**
 * The largest module that fits the code and its quiet zone on both sides (from the sheet's edge and
 * from the form) in the left margin: 1.216 pt, 3.4 dots of a fax's 204 dpi.
 */
const moduleSize = (formLeft - 2 * clearance) / (qrModules + 2 * qrQuietZoneModules);
const codeLeft = clearance + qrQuietZoneModules * moduleSize;
const codeSide = qrModules * moduleSize;
const textSize = 11;
const textBaseline = 9;
const textLabel = 'Ref ';

/** Where the marks go on a page of this size (points, from its bottom left corner, as pdf-lib draws). */
export function referencePlaces(pageWidth: number, pageHeight: number) {
  return {
    // Halfway up the left edge: a sheet fed askew turns about its middle, so the middle of an edge
    // moves least, and the top (where fax machines print their header line) is left alone.
    code: { x: codeLeft, y: (pageHeight - codeSide) / 2, side: codeSide },
    // Centred in the bottom margin, for the same reason, and far from the code, so one smudge or a
    // torn corner does not take both.
    text: { centreX: pageWidth / 2, baseline: textBaseline, size: textSize },
  };
}

function drawCode(page: PDFPage, modules: QRCode.BitMatrix, place: { x: number; y: number; side: number }): void {
  const module = place.side / modules.size;
  const black = rgb(0, 0, 0);
  for (let row = 0; row < modules.size; row += 1) {
    // One rectangle for each run of dark modules in a row, slightly overlapping the next row so no
    // hairline shows between them.
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      page.drawRectangle({
        x: place.x + start * module,
        y: place.y + place.side - (row + 1) * module,
        width: (column - start) * module,
        height: module + 0.01,
        color: black,
      });
    }
  }
}

/** Draws the reference's two marks on every page of the document. */
async function drawReference(document: PDFDocument, reference: string, qr: QRCode.QRCode): Promise<void> {
  const font = await document.embedFont(StandardFonts.HelveticaBold);
  const text = `${textLabel}${reference}`;
  for (const page of document.getPages()) {
    const box = page.getMediaBox();
    const places = referencePlaces(box.width, box.height);
    drawCode(page, qr.modules, { ...places.code, x: box.x + places.code.x, y: box.y + places.code.y });
    const width = font.widthOfTextAtSize(text, places.text.size);
    page.drawText(text, { x: box.x + places.text.centreX - width / 2, y: box.y + places.text.baseline, size: places.text.size, font, color: rgb(0, 0, 0) });
  }
}

/**
 * The faxed copy of a signed SS-4: the sealed file with the filing's reference on every page (a QR code
 * holding the reference alone, and the reference written out, `Ref XXXXX-XXXXXX`), added as an
 * incremental update sealed by `sealer` at `at`. Nothing else is added; the form's fields, and every
 * byte of the file as it was sealed, stay as they are.
 */
export async function stampFilingReference(pdf: Uint8Array, reference: string, sealer: PdfSealer, at: Date = new Date()): Promise<Uint8Array> {
  if (parseFilingReference(reference) !== reference) throw new Error('Not a filing reference in its written form');
  const qr = QRCode.create([{ data: reference, mode: 'alphanumeric' }], { errorCorrectionLevel: 'Q', version: 1 });
  if (qr.modules.size !== qrModules) throw new Error('The reference no longer fits a version 1 QR code');
  return sealer.sealUpdate(pdf, (document) => drawReference(document, reference, qr), {
    signedAt: at,
    reason: `Filing reference ${reference} added in the margins for faxing to the IRS`,
  });
}
