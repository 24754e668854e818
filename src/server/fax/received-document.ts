import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import UTIF from 'utif2';

// What arrives by fax is a PDF, or a TIFF (the format fax machines and many providers hand over). The
// service keeps one kind: a TIFF is turned into a PDF of its pages as it is received.

/** Whether `bytes` start like a TIFF file (little- or big-endian). */
export function isTiff(bytes: Uint8Array): boolean {
  return (bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 0x2a && bytes[3] === 0x00) || (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0x00 && bytes[3] === 0x2a);
}

/** Whether `bytes` start like a PDF file. */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/**
 * A received document as a PDF: a PDF as it is, a TIFF's pages drawn one per PDF page at their own
 * resolution (a fax's 204×196 dpi keeps its proportions). Throws on anything else.
 */
export async function receivedAsPdf(bytes: Uint8Array): Promise<{ pdf: Uint8Array; pages: number }> {
  if (isPdf(bytes)) {
    const document = await PDFDocument.load(bytes, { ignoreEncryption: true });
    return { pdf: bytes, pages: document.getPageCount() };
  }
  if (!isTiff(bytes)) throw new Error('A received fax must be a PDF or a TIFF');
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const images = UTIF.decode(buffer);
  const pdf = await PDFDocument.create();
  for (const image of images) {
    UTIF.decodeImage(buffer, image);
    const rgba = UTIF.toRGBA8(image);
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    const data = context.createImageData(image.width, image.height);
    data.data.set(rgba);
    context.putImageData(data, 0, 0);
    const png = await pdf.embedPng(canvas.toBuffer('image/png'));
    // TIFF resolution tags are [numerator, denominator]; a fax without them is 204 × 196 dpi.
    const resolution = (tag: string, fallback: number) => {
      const value = (image as Record<string, unknown>)[tag] as number[] | undefined;
      return value && value[0] ? value[0] / (value[1] || 1) : fallback;
    };
    const width = (image.width / resolution('t282', 204)) * 72;
    const height = (image.height / resolution('t283', 196)) * 72;
    pdf.addPage([width, height]).drawImage(png, { x: 0, y: 0, width, height });
  }
  return { pdf: await pdf.save(), pages: images.length };
}
