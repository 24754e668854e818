// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { seededReference, signedSs4ForFax } from '../../../tests/factories/fax-backs';
import { findCodes, renderPdfGray, seededRandom, type GrayImage } from '../fax';
import { referencePlaces, stampFilingReference } from '.';

// Stamps the signed SS-4 (page 1 of the form and the certificate page) and compares it with the page
// before: the only ink added is the QR code and the written reference, both in the margins the form
// leaves (measured on the official file: content from 35.75 pt to 576 pt across, from 25 pt up).

const formContent = { left: 35.75, bottom: 25 };
const dpi = 150;
let signed: Uint8Array;
let stamped: Uint8Array;
const reference = seededReference(seededRandom(5));

beforeAll(async () => {
  signed = await signedSs4ForFax();
  stamped = await stampFilingReference(signed, reference);
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

  it('never prints the tracking number, and leaves the form fields as they were', async () => {
    const runs = (await textRuns(stamped)).flat().join(' ');
    const before = (await textRuns(signed)).flat().join(' ');
    // The certificate page names the tracking number itself; the stamp adds no other occurrence of it.
    expect(runs.split('K7M2P9Q4R8T3').length).toBe(before.split('K7M2P9Q4R8T3').length);
    const fields = (pdf: Uint8Array) => PDFDocument.load(pdf).then((document) => document.getForm().getFields().map((field) => field.getName()));
    expect(await fields(stamped)).toEqual(await fields(signed));
  }, 60_000);

  it.each(['', 'ABCDE-FGHJK', 'Ref ABCDE-FGHJKM', 'K7M2P9Q4R8T3', '123-45-6789'])('refuses to stamp %j, which is not a reference', async (text) => {
    await expect(stampFilingReference(signed, text)).rejects.toThrow('Not a filing reference');
  });

  it('refuses a reference with its check character wrong', async () => {
    const last = reference.at(-1) === '0' ? '1' : '0';
    await expect(stampFilingReference(signed, reference.slice(0, -1) + last)).rejects.toThrow('Not a filing reference');
  });
});
