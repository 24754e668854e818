// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { sealedSignedSs4, testSealer } from '#tests/factories/fax-backs.ts';
import type { PdfSealer } from '../seal';

// The certificate page of the signed SS-4, read back the way a PDF reader extracts its text: every
// byte of the seal's fingerprint is there, in the monospace face the hashes beside it are printed in,
// on lines that stay inside the page's margins.

const pageWidth = 612;
const margin = 54;
let sealer: PdfSealer;
let signed: Uint8Array;
let courier: PDFFont;

beforeAll(async () => {
  sealer = await testSealer();
  signed = await sealedSignedSs4(sealer);
  courier = await (await PDFDocument.create()).embedFont(StandardFonts.Courier);
}, 60_000);

type Run = { text: string; x: number; y: number; size: number; fontFamily: string };

/** The text runs of the last page (the certificate), with where they start, their size and their face. */
async function certificateRuns(pdf: Uint8Array): Promise<Run[]> {
  const task = getDocument({ data: pdf.slice(), verbosity: 0, isEvalSupported: false });
  try {
    const document = await task.promise;
    const page = await document.getPage(document.numPages);
    const content = await page.getTextContent();
    return content.items
      .filter((item): item is TextItem => 'str' in item && item.str.trim() !== '')
      .map((item) => ({ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number, size: Math.abs(item.transform[3] as number), fontFamily: content.styles[item.fontName]?.fontFamily ?? '' }));
  } finally {
    await task.destroy();
  }
}

describe('the certificate page of the signed SS-4', () => {
  it('prints the whole SHA-256 fingerprint of the seal, wrapped inside the margins, in the monospace face of the other hashes', async () => {
    const runs = await certificateRuns(signed);
    const label = runs.find((run) => run.text === 'SHA-256 fingerprint');
    expect(label).toBeDefined();
    // The fingerprint's lines: at the label's height and below, in the value column, made of bytes and colons.
    const valueX = runs.find((run) => run.text.startsWith(sealer.certificate.fingerprint.slice(0, 8)))?.x;
    expect(valueX).toBeGreaterThan(label!.x);
    const lines = runs.filter((run) => run.x === valueX && run.y <= label!.y + 1 && run.y > label!.y - 60 && /^[0-9A-F]{2}(:[0-9A-F]{2})*:?$/.test(run.text));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.map((line) => line.text).join('')).toBe(sealer.certificate.fingerprint);
    expect(lines.map((line) => line.text).join('').split(':')).toHaveLength(32);
    for (const line of lines) {
      expect(line.x + courier.widthOfTextAtSize(line.text, line.size), line.text).toBeLessThanOrEqual(pageWidth - margin);
      expect(line.fontFamily, line.text).toBe('monospace');
    }
    // The hashes above it are in the same face, so the reader compares like with like.
    const hash = runs.find((run) => /^[0-9a-f]{64}$/.test(run.text));
    expect(hash?.fontFamily).toBe('monospace');
    expect(hash!.x + courier.widthOfTextAtSize(hash!.text, hash!.size)).toBeLessThanOrEqual(pageWidth - margin);
  });
});
