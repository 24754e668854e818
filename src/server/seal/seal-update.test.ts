// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfsig } from '#tests/support/pdfsig.ts';
import { testSealer } from '#tests/factories/fax-backs.ts';
import type { PdfSealer } from '.';

// A change to a sealed PDF appended as an incremental update with a seal of its own: the first seal
// still verifies over exactly the bytes it signed, the second covers the whole file, and a reader sees
// the change. A file that cannot be updated so (written with object streams) is sealed whole.

let sealer: PdfSealer;
beforeAll(async () => {
  sealer = await testSealer();
}, 60_000);

async function onePage(text: string): Promise<PDFDocument> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([612, 792]).drawText(text, { x: 72, y: 700, font, size: 12 });
  return document;
}

async function pageText(pdf: Uint8Array): Promise<string> {
  const task = getDocument({ data: pdf.slice(), verbosity: 0, isEvalSupported: false });
  try {
    const page = await (await task.promise).getPage(1);
    return (await page.getTextContent()).items
      .map((item) => ('str' in item ? item.str.trim() : ''))
      .filter(Boolean)
      .join(' ');
  } finally {
    await task.destroy();
  }
}

const addLine = async (document: PDFDocument) => {
  const font = await document.embedFont(StandardFonts.HelveticaBold);
  document.getPage(0).drawText('Added later', { x: 72, y: 72, font, size: 11 });
};

describe('sealUpdate', () => {
  it('appends the change after the sealed file, which keeps its seal, and seals the whole result', async () => {
    const sealed = await sealer.seal(await onePage('Sealed first'), { signedAt: new Date('2026-01-05T10:00:00Z'), reason: 'First' });
    const updated = await sealer.sealUpdate(sealed, addLine, { signedAt: new Date('2026-01-06T10:00:00Z'), reason: 'Second' });

    expect(Buffer.from(updated.subarray(0, sealed.length)).equals(Buffer.from(sealed))).toBe(true);
    const report = await pdfsig(updated);
    expect(report.signatures.map((signature) => [signature.fieldName, signature.validation, signature.wholeDocument]), report.text).toEqual([
      ['Signature1', 'Signature is Valid.', false],
      ['Signature2', 'Signature is Valid.', true],
    ]);
    expect(report.signatures[0]!.signedRanges.at(-1)?.[1]).toBe(sealed.length);
    expect(await pageText(updated)).toBe('Sealed first Added later');
    // pdf-lib reads the result as one document with both signature fields.
    const fields = (await PDFDocument.load(updated)).getForm().getFields().map((field) => field.getName());
    expect(fields).toEqual(['Signature1', 'Signature2']);

    // Another update on top keeps both earlier seals.
    const again = await sealer.sealUpdate(updated, addLine, { signedAt: new Date('2026-01-07T10:00:00Z'), reason: 'Third' });
    expect((await pdfsig(again)).signatures.map((signature) => [signature.fieldName, signature.validation, signature.wholeDocument])).toEqual([
      ['Signature1', 'Signature is Valid.', false],
      ['Signature2', 'Signature is Valid.', false],
      ['Signature3', 'Signature is Valid.', true],
    ]);
  }, 60_000);

  it('seals a file written with object streams whole, with the change in it', async () => {
    const plain = await (await onePage('Never sealed')).save({ useObjectStreams: true });
    const sealed = await sealer.sealUpdate(plain, addLine, { signedAt: new Date('2026-01-06T10:00:00Z'), reason: 'Only' });
    const report = await pdfsig(sealed);
    expect(report.signatures.map((signature) => [signature.fieldName, signature.validation, signature.wholeDocument]), report.text).toEqual([['Signature1', 'Signature is Valid.', true]]);
    expect(await pageText(sealed)).toBe('Never sealed Added later');
  }, 60_000);
});
