// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfsig } from '#tests/support/pdfsig.ts';
import { faxedCopy, sealedSignedSs4, seededReference, sharedTestSealer, signedSs4ForFax } from '#tests/factories/fax-backs.ts';
import { findCodes, renderPdfGray, seededRandom, type GrayImage } from '../fax';
import type { PdfSealer } from '../seal';
import { referencePlaces, stampFilingReference } from '.';

// Stamps the signed SS-4 (page 1 of the form and the certificate page) and compares it with the page
// before: the only ink added is the QR code and the written reference, both in the margins the form
// leaves (measured on the official file: content from 35.75 pt to 576 pt across, from 25 pt up). The
// faxed copy of the whole sealed file keeps its seal, and the code keeps its quiet zone.

const formContent = { left: 35.75, bottom: 25 };
const dpi = 150;
let signed: Uint8Array;
let stamped: Uint8Array;
let sealer: PdfSealer;
const reference = seededReference(seededRandom(5));

beforeAll(async () => {
  sealer = await sharedTestSealer();
  signed = await signedSs4ForFax();
  stamped = await faxedCopy(signed, reference);
}, 60_000);

/** Every text run on each page, as pdf.js extracts it. */
async function textRuns(pdf: Uint8Array): Promise<string[][]> {
  const task = getDocument({ data: pdf.slice(), verbosity: 0, isEvalSupported: false });
  const document = await task.promise;
  const pages: string[][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : [])));
  }
  await task.destroy();
  return pages;
}

/** The pixels (as points from the bottom left) that differ between two renderings of a page. */
function changed(before: GrayImage, after: GrayImage): { x: number; y: number }[] {
  const points: { x: number; y: number }[] = [];
  for (let y = 0; y < after.height; y += 1) {
    for (let x = 0; x < after.width; x += 1) {
      const at = y * after.width + x;
      if (Math.abs(before.pixels[at]! - after.pixels[at]!) > 24) points.push({ x: (x / dpi) * 72, y: ((after.height - y) / dpi) * 72 });
    }
  }
  return points;
}

describe('stampFilingReference', () => {
  it('adds ink only in the left and bottom margins: the code halfway up the left edge, the reference centred at the bottom', async () => {
    const before = await renderPdfGray(signed, { xDpi: dpi, yDpi: dpi });
    const after = await renderPdfGray(stamped, { xDpi: dpi, yDpi: dpi });
    expect(after).toHaveLength(2);
    for (const [index, page] of after.entries()) {
      const places = referencePlaces(612, 792);
      const ink = changed(before[index]!, page);
      const inCode = ink.filter((point) => point.x < formContent.left);
      const inText = ink.filter((point) => point.y < formContent.bottom);
      expect(inCode.length, `page ${index + 1}`).toBeGreaterThan(500);
      expect(inText.length, `page ${index + 1}`).toBeGreaterThan(200);
      // Nothing over the form: every changed pixel is in one of the two margins.
      expect(ink.filter((point) => point.x >= formContent.left && point.y >= formContent.bottom)).toEqual([]);
      const xs = inCode.map((point) => point.x);
      const ys = inCode.map((point) => point.y);
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(places.code.x - 1);
      expect(Math.max(...xs)).toBeLessThanOrEqual(formContent.left - 2);
      expect((Math.min(...ys) + Math.max(...ys)) / 2).toBeCloseTo(396, -1);
      const textXs = inText.map((point) => point.x);
      expect((Math.min(...textXs) + Math.max(...textXs)) / 2).toBeCloseTo(306, -1);
    }
  }, 60_000);

  it('puts a QR code holding the reference alone on every page, and the reference written once', async () => {
    const pages = await renderPdfGray(stamped, { xDpi: 204, yDpi: 196 });
    for (const page of pages) {
      const codes = await findCodes(page);
      expect(codes.map((code) => [code.format, code.text])).toEqual([['QRCode', reference]]);
    }
    const [runsBefore, runsAfter] = [await textRuns(signed), await textRuns(stamped)];
    for (const [index, runs] of runsAfter.entries()) {
      const added = [...runs];
      for (const run of runsBefore[index]!) {
        expect(added, run).toContain(run);
        added.splice(added.indexOf(run), 1);
      }
      expect(added).toEqual([`Ref ${reference}`]);
    }
  }, 60_000);

  it('never prints the tracking number, and leaves the form fields as they were, adding only its seal’s signature field', async () => {
    const runs = (await textRuns(stamped)).flat().join(' ');
    const before = (await textRuns(signed)).flat().join(' ');
    // The certificate page names the tracking number itself; the stamp adds no other occurrence of it.
    expect(runs.split('K7M2P9Q4R8T3').length).toBe(before.split('K7M2P9Q4R8T3').length);
    const fields = (pdf: Uint8Array) => PDFDocument.load(pdf).then((document) => document.getForm().getFields().map((field) => field.getName()));
    expect(await fields(stamped)).toEqual([...(await fields(signed)), 'Signature2']);
  }, 60_000);

  it.each(['', 'ABCDE-FGHJK', 'Ref ABCDE-FGHJKM', 'K7M2P9Q4R8T3', '123-45-6789'])('refuses to stamp %j, which is not a reference', async (text) => {
    await expect(stampFilingReference(signed, text, sealer)).rejects.toThrow('Not a filing reference');
  });

  it('refuses a reference with its check character wrong', async () => {
    const last = reference.at(-1) === '0' ? '1' : '0';
    await expect(stampFilingReference(signed, reference.slice(0, -1) + last, sealer)).rejects.toThrow('Not a filing reference');
  });
});

describe('the faxed copy of the sealed SS-4', () => {
  let sealed: Uint8Array;
  let faxed: Uint8Array;
  beforeAll(async () => {
    sealed = await sealedSignedSs4(sealer);
    faxed = await stampFilingReference(sealed, reference, sealer, new Date('2026-01-06T14:00:00Z'));
  }, 60_000);

  it('keeps the seal: the sealed file is in it byte for byte, pdfsig finds that seal valid, and a second seal covers the whole copy', async () => {
    expect(faxed.length).toBeGreaterThan(sealed.length);
    expect(Buffer.from(faxed.subarray(0, sealed.length)).equals(Buffer.from(sealed))).toBe(true);
    const before = await pdfsig(sealed);
    const report = await pdfsig(faxed);
    expect(report.signatures.map((signature) => [signature.fieldName, signature.validation]), report.text).toEqual([
      ['Signature1', 'Signature is Valid.'],
      ['Signature2', 'Signature is Valid.'],
    ]);
    // The signing seal signs exactly what it signed in the stored file: nothing it covers was modified.
    expect(report.signatures[0]!.signedRanges).toEqual(before.signatures[0]!.signedRanges);
    expect(report.signatures[0]!.signedRanges.at(-1)?.[1]).toBe(sealed.length);
    // The reference's seal, by the same certificate, covers the whole copy: no byte of it is unsigned.
    expect(report.signatures[1]!.wholeDocument, report.text).toBe(true);
    expect(report.signatures[1]!.signerCommonName).toBe(report.signatures[0]!.signerCommonName);

    // One byte changed in what was appended breaks the reference's seal and leaves the signing seal valid.
    const tampered = Buffer.from(faxed);
    const at = tampered.indexOf('endobj', sealed.length + 2) - 4;
    tampered[at] = tampered[at] === 0x30 ? 0x31 : 0x30;
    const broken = await pdfsig(tampered);
    expect(broken.signatures.map((signature) => signature.validation)).toEqual(['Signature is Valid.', 'Digest Mismatch.']);
  }, 60_000);

  it('prints the code with its quiet zone of four modules clear of the sheet’s edge and of every other mark, and the reader still finds it', async () => {
    const dpi = 300;
    const pages = await renderPdfGray(faxed, { xDpi: dpi, yDpi: dpi });
    expect(pages).toHaveLength(3);
    const toPixels = (points: number) => (points / 72) * dpi;
    for (const [index, page] of pages.entries()) {
      const dark = (x: number, y: number) => page.pixels[y * page.width + x]! < 128;
      // The code is the only ink in the left margin (before the form's content at 35.75 pt).
      let [left, right, top, bottom] = [Infinity, -Infinity, Infinity, -Infinity];
      for (let y = 0; y < page.height; y += 1) {
        for (let x = 0; x < Math.floor(toPixels(formContent.left)); x += 1) {
          if (!dark(x, y)) continue;
          [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
        }
      }
      // Measured to the pixel (1/300 in): a pixel the code's edge only partly covers counts as dark.
      const side = right - left + 1;
      expect(Math.abs(bottom - top + 1 - side), `page ${index + 1}: a square code`).toBeLessThanOrEqual(2);
      const module = side / 21;
      const quiet = Math.floor(4 * module);
      // From the sheet's edge: at least four modules (the code used to sit 0.06 in, 4.5 pt, from it).
      expect(left + 1, `page ${index + 1}: ${((left / dpi) * 72).toFixed(2)} pt from the edge, ${((4 * module * 72) / dpi).toFixed(2)} pt needed`).toBeGreaterThanOrEqual(quiet);
      // From every other mark: nothing dark within four modules of the code, the form's content included.
      const others: string[] = [];
      for (let y = top - quiet; y <= bottom + quiet; y += 1) {
        for (let x = left - quiet; x <= right + quiet; x += 1) {
          const inCode = x >= left && x <= right && y >= top && y <= bottom;
          if (!inCode && dark(x, y)) others.push(`${x},${y}`);
        }
      }
      expect(others.slice(0, 5), `page ${index + 1}: ink in the code's quiet zone`).toEqual([]);
    }
    // And the fax-back reader finds the code on a page at a fax's resolution.
    for (const page of await renderPdfGray(faxed, { xDpi: 204, yDpi: 196 })) {
      expect((await findCodes(page)).map((code) => code.text)).toEqual([reference]);
    }
  }, 120_000);
});
