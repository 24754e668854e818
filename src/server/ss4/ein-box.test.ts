// @vitest-environment node
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { Application } from '#shared/application/application.ts';
import { ss4Lines } from '#shared/ss4/ss4-mapping.ts';
import { renderPdfGray, type GrayImage } from '../fax';
import { ss4EinBox, ss4EinLabel } from './ein-box';
import { fillSs4, ss4TemplateUrl } from './fill-ss4';

// Rasterises page 1 of the official form, blank and filled, and checks that the rectangle is the empty
// box labelled "EIN": ruled on its left, top and bottom, white inside but for its label in the top left
// corner, and left empty by every field the service fills.

const dpi = 288;
const scale = dpi / 72;
let blank: GrayImage;
let filled: GrayImage;

beforeAll(async () => {
  const template = new Uint8Array(readFileSync(ss4TemplateUrl));
  blank = (await renderPdfGray(template, { xDpi: dpi, yDpi: dpi, firstPageOnly: true }))[0]!;
  const designee = { name: 'EIN Filing Service LLC', address: '500 Congress Ave, Austin, TX 78701', phone: '(512) 555-0100', fax: '(512) 555-0101' };
  const filledPdf = await fillSs4(ss4Lines(sampleApplication() as Application, designee), template);
  filled = (await renderPdfGray(filledPdf, { xDpi: dpi, yDpi: dpi, firstPageOnly: true }))[0]!;
}, 60_000);

/** The dark pixels of a rectangle given in points from the page's bottom left corner. */
function darkPixels(page: GrayImage, area: { x: number; y: number; width: number; height: number }): { x: number; y: number }[] {
  const pageHeight = (page.height / page.yDpi) * 72;
  const left = Math.round(area.x * scale);
  const right = Math.round((area.x + area.width) * scale);
  const top = Math.round((pageHeight - area.y - area.height) * scale);
  const bottom = Math.round((pageHeight - area.y) * scale);
  const dark: { x: number; y: number }[] = [];
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) if (page.pixels[y * page.width + x]! < 160) dark.push({ x: x / scale, y: pageHeight - y / scale });
  }
  return dark;
}

function share(page: GrayImage, area: { x: number; y: number; width: number; height: number }): number {
  const pixels = Math.round(area.width * scale) * Math.round(area.height * scale);
  return darkPixels(page, area).length / pixels;
}

describe('ss4EinBox', () => {
  it('is on page 1 of a letter-size form, at its top right', () => {
    expect(blank.width / scale).toBeCloseTo(612, 0);
    expect(blank.height / scale).toBeCloseTo(792, 0);
    expect(ss4EinBox.page).toBe(0);
    expect(ss4EinBox.x).toBeGreaterThan(612 / 2 + 100);
    expect(ss4EinBox.y).toBeGreaterThan(792 - 100);
    expect(ss4EinBox.x + ss4EinBox.width).toBeLessThanOrEqual(576.5);
  });

  it.each([
    ['blank', () => blank],
    ['filled', () => filled],
  ])('is the empty box labelled "EIN" on the %s form', (_, page) => {
    const { x, y, width, height } = ss4EinBox;
    // Ruled just outside: on its left the whole height, under it and over it the whole width.
    expect(share(page(), { x: x - 0.75, y, width: 0.75, height })).toBeGreaterThan(0.9);
    expect(share(page(), { x, y: y - 0.75, width, height: 0.75 })).toBeGreaterThan(0.9);
    // The top rule is a hairline (a quarter point): every column of it has a dark pixel within a point.
    const hairline = darkPixels(page(), { x, y: y + height - 0.25, width, height: 1 });
    expect(new Set(hairline.map((pixel) => Math.round(pixel.x * scale))).size).toBeGreaterThan(0.9 * width * scale);
    // Inside, one point in from the rules: white but for the label, whose ink lies just inside the top left corner.
    const inside = { x: x + 1, y: y + 1, width: width - 2, height: height - 2 };
    const ink = darkPixels(page(), inside);
    expect(ink.length).toBeGreaterThan(20);
    const outsideLabel = ink.filter(
      (pixel) => pixel.x < ss4EinLabel.x - 0.5 || pixel.x > ss4EinLabel.x + ss4EinLabel.width + 0.5 || pixel.y < ss4EinLabel.y - 0.5 || pixel.y > ss4EinLabel.y + ss4EinLabel.height + 0.5,
    );
    expect(outsideLabel).toEqual([]);
    expect(ss4EinLabel.x - x).toBeLessThan(8);
    expect(y + height - (ss4EinLabel.y + ss4EinLabel.height)).toBeLessThan(4);
    // The label is a short word ("EIN", three letters) and fills its rectangle's width.
    const xs = ink.map((pixel) => pixel.x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(ss4EinLabel.width - 1.5);
  });

  it('is the box under "OMB No. 1545-0003": the text over it ends just above its top rule', () => {
    const above = darkPixels(blank, { x: ss4EinBox.x, y: ss4EinBox.y + ss4EinBox.height + 1, width: ss4EinBox.width, height: 12 });
    expect(above.length).toBeGreaterThan(50);
  });
});
