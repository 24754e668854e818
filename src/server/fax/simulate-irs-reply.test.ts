// @vitest-environment node
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidEin } from '#shared/ein.ts';
import { faxedCopy, seededReference, signedSs4ForFax } from '#tests/factories/fax-backs.ts';
import { ss4EinBox } from '../ss4';
import { seededRandom } from './fax-print';
import { findCodes } from './find-codes';
import { generateIrsEin, simulateIrsReply } from './simulate-irs-reply';
import { renderPdfGray, type GrayImage } from './render-pages';

// The simulated IRS's fax-back of a stamped, signed SS-4: a fax of the pages received, the EIN written
// in the EIN box, the same bytes for the same seed, and the code gone from the pages asked.

let stamped: Uint8Array;
beforeAll(async () => {
  stamped = await faxedCopy(await signedSs4ForFax(), seededReference(seededRandom(8)));
}, 60_000);

/** The share of dark pixels in a rectangle given in points from the page's bottom left. */
function darkShare(page: GrayImage, area: { x: number; y: number; width: number; height: number }): number {
  const pageHeight = (page.height / page.yDpi) * 72;
  let dark = 0;
  let all = 0;
  for (let y = Math.round(((pageHeight - area.y - area.height) / 72) * page.yDpi); y < ((pageHeight - area.y) / 72) * page.yDpi; y += 1) {
    for (let x = Math.round((area.x / 72) * page.xDpi); x < ((area.x + area.width) / 72) * page.xDpi; x += 1) {
      all += 1;
      if (page.pixels[y * page.width + x]! < 128) dark += 1;
    }
  }
  return dark / all;
}

describe('generateIrsEin', () => {
  it('gives EINs with a valid prefix, written XX-XXXXXXX, the same for a seed', () => {
    const random = seededRandom(3);
    const eins = Array.from({ length: 500 }, () => generateIrsEin(random));
    for (const ein of eins) expect(isValidEin(ein) && /^\d{2}-\d{7}$/.test(ein), ein).toBe(true);
    expect(new Set(eins.map((ein) => ein.slice(0, 2))).size).toBeGreaterThan(60);
    expect(generateIrsEin(seededRandom(3))).toBe(eins[0]);
  });
});

describe('simulateIrsReply', () => {
  it('answers a fax of the pages received with the EIN in the box, the same bytes for the same seed', async () => {
    const reply = await simulateIrsReply({ received: stamped, ein: '46-1234567', seed: 5 });
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
    expect(same(await simulateIrsReply({ received: stamped, ein: '46-1234567', seed: 5 }), reply)).toBe(true);
    expect(same(await simulateIrsReply({ received: stamped, ein: '46-1234567', seed: 6 }), reply)).toBe(false);
    const document = await PDFDocument.load(reply);
    expect(document.getPageCount()).toBe(2);
    expect(document.getPage(0).getSize().width).toBeCloseTo(612, 0);
    const pages = await renderPdfGray(reply, { xDpi: 204, yDpi: 196 });
    // Black and white only: the fax's own pixels, one image a page.
    expect(pages[0]!.pixels.every((level) => level === 0 || level === 255)).toBe(true);
    // The box's inside (right of its label) is empty on the form, and carries the EIN on the fax-back.
    const inside = { x: ss4EinBox.x + 4, y: ss4EinBox.y + 3, width: ss4EinBox.width - 10, height: ss4EinBox.height - 12 };
    const [sent] = await renderPdfGray(stamped, { xDpi: 204, yDpi: 196, firstPageOnly: true });
    expect(darkShare(sent!, inside)).toBeLessThan(0.01);
    expect(darkShare(pages[0]!, inside)).toBeGreaterThan(0.04);
    expect(darkShare(pages[1]!, inside)).toBeLessThan(0.05);
  }, 60_000);

  it('loses the code on the pages asked, and keeps it on the others', async () => {
    const reply = await simulateIrsReply({ received: stamped, ein: '46-1234567', seed: 5, dropCodeOnPages: [1] });
    const pages = await renderPdfGray(reply, { xDpi: 204, yDpi: 196 });
    expect(await findCodes(pages[0]!)).toHaveLength(1);
    expect(await findCodes(pages[1]!)).toEqual([]);
  }, 60_000);

  it.each(['07-1234567', '12-345678', 'not an EIN'])('refuses to assign %j', async (ein) => {
    await expect(simulateIrsReply({ received: stamped, ein, seed: 1 })).rejects.toThrow('valid prefix');
  });
});
