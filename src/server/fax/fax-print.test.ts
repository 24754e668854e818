// @vitest-environment node
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { faxDpi, imagesToPdf, printAsFax, seededRandom } from './fax-print';
import { estimateSkew } from './page-geometry';
import { renderPageImages, renderPdfGray, renderPdfPages } from './render-pages';

// A page of long horizontal rules (as a form has), printed as a fax: its size at the fax's resolution,
// black and white only, askew within ±1.5°, soiled, the same for a seed; and the received fax's PDF.

async function ruledPage(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  for (let y = 60; y < 760; y += 24) page.drawRectangle({ x: 40, y, width: 530, height: 1.2, color: rgb(0, 0, 0) });
  page.drawRectangle({ x: 200, y: 300, width: 200, height: 100, color: rgb(0.5, 0.5, 0.5) });
  return document.save();
}

describe('printAsFax', () => {
  it('prints at 204 × 196 dpi in black and white, a little askew and soiled, the same for the same seed', async () => {
    const pages = await renderPdfGray(await ruledPage(), { xDpi: 150, yDpi: 150 });
    const [fax] = printAsFax(pages, seededRandom(1));
    expect(fax!.width).toBe(Math.round(8.5 * faxDpi.x));
    expect(fax!.height).toBe(Math.round(11 * faxDpi.y));
    expect([fax!.xDpi, fax!.yDpi]).toEqual([204, 196]);
    expect(fax!.pixels.every((level) => level === 0 || level === 255)).toBe(true);
    const angles = [1, 2, 3, 4].map((seed) => (estimateSkew(printAsFax(pages, seededRandom(seed))[0]!) * 180) / Math.PI);
    for (const angle of angles) expect(Math.abs(angle)).toBeLessThanOrEqual(1.6);
    // Not all straight: the sheets feed at different angles.
    expect(Math.max(...angles.map(Math.abs))).toBeGreaterThan(0.2);
    expect(new Set(angles.map((angle) => angle.toFixed(2))).size).toBeGreaterThan(2);
    // A blank sheet comes out with specks and streaks on it, a few hundred dots at most.
    const blank = await PDFDocument.create();
    blank.addPage([612, 792]);
    const [soiled] = printAsFax(await renderPdfGray(await blank.save(), { xDpi: 150, yDpi: 150 }), seededRandom(1));
    const dark = soiled!.pixels.filter((level) => level === 0).length;
    expect(dark).toBeGreaterThan(40);
    expect(dark).toBeLessThan(3000);
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
    expect(same(printAsFax(pages, seededRandom(1))[0]!.pixels, fax!.pixels)).toBe(true);
    expect(same(printAsFax(pages, seededRandom(9))[0]!.pixels, fax!.pixels)).toBe(false);
  }, 60_000);
});

describe('imagesToPdf', () => {
  it('packs each page image into a page of its size at its resolution, and reads back pixel for pixel', async () => {
    const pages = printAsFax(await renderPdfGray(await ruledPage(), { xDpi: 100, yDpi: 100 }), seededRandom(3));
    const pdf = await imagesToPdf([pages[0]!, pages[0]!]);
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(2);
    const { width, height } = document.getPage(0).getSize();
    expect(width).toBeCloseTo((pages[0]!.width / 204) * 72, 3);
    expect(height).toBeCloseTo((pages[0]!.height / 196) * 72, 3);
    const [back] = await renderPdfGray(pdf, { xDpi: 204, yDpi: 196, firstPageOnly: true });
    expect([back!.width, back!.height]).toEqual([pages[0]!.width, pages[0]!.height]);
    let differing = 0;
    for (let index = 0; index < back!.pixels.length; index += 1) if (back!.pixels[index]! < 128 !== pages[0]!.pixels[index]! < 128) differing += 1;
    expect(differing / back!.pixels.length).toBeLessThan(0.002);
    expect(Buffer.from(await imagesToPdf([pages[0]!, pages[0]!])).equals(Buffer.from(pdf))).toBe(true);
  }, 60_000);
});

describe('renderPdfPages and renderPageImages', () => {
  it('renders PNGs at the resolution asked, and for the browser at a screen resolution', async () => {
    const pdf = await ruledPage();
    const [page] = await renderPdfPages(pdf, { dpi: 72, firstPageOnly: true });
    expect([page!.width, page!.height]).toEqual([612, 792]);
    expect([...page!.png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
    const [screen] = await renderPageImages(pdf);
    expect(screen!.width).toBeGreaterThan(900);
    expect(screen!.width).toBeLessThan(1400);
  }, 60_000);
});
