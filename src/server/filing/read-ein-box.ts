import { normalizeEin } from '#shared/ein.ts';
import { cleanSpecks, cropStraight, type GrayImage } from '../fax';
import { ss4EinBox, ss4EinLabel } from '../ss4';
import { readLine, type LineReading } from './fax-back-ocr';

// Reads the EIN the IRS wrote in Form SS-4's EIN box on a faxed page 1. The box is found by its own
// rules (the heavy rule under the title, the rule on its left, the hairline on top) near where the form
// puts them, so a page that is not the form's page 1 gives no EIN; the inside is cut out straight, its
// label and specks cleaned away, and read by OCR limited to digits and the dash, at several scales.
// An EIN is kept only when two readings agree on it, and it has 9 digits and a prefix the IRS assigns:
// a misread gives no EIN rather than a wrong one.

/** How far (points) a faxed page may sit from where the form puts its box. */
const slack = 18;
/** Resolution (dpi) at which the box is cut out and its rules sought. */
const workDpi = 300;
const digits = '0123456789-';

type Rules = { left: number; bottom: number; top: number };

function toPixels(points: number, dpi = workDpi): number {
  return (points / 72) * dpi;
}

/** Runs of consecutive indexes whose share of dark pixels reaches `share`, as their middles. */
function denseRuns(shares: readonly number[], share: number): number[] {
  const middles: number[] = [];
  let start = -1;
  shares.forEach((value, index) => {
    if (value >= share && start === -1) start = index;
    if ((value < share || index === shares.length - 1) && start !== -1) {
      const end = value >= share ? index : index - 1;
      middles.push((start + end) / 2);
      start = -1;
    }
  });
  return middles;
}

function nearest(values: readonly number[], target: number, within: number): number | undefined {
  const best = [...values].sort((a, b) => Math.abs(a - target) - Math.abs(b - target))[0];
  return best !== undefined && Math.abs(best - target) <= within ? best : undefined;
}

/** The share of dark pixels in each row (or column) of the image, over a span of the other axis. */
function darkShares(image: GrayImage, axis: 'rows' | 'columns', from: number, to: number): number[] {
  const lines = axis === 'rows' ? image.height : image.width;
  const start = Math.max(0, Math.round(from));
  const end = Math.min(axis === 'rows' ? image.width : image.height, Math.round(to));
  return Array.from({ length: lines }, (_, line) => {
    let dark = 0;
    for (let along = start; along < end; along += 1) {
      const level = axis === 'rows' ? image.pixels[line * image.width + along]! : image.pixels[along * image.width + line]!;
      if (level < 128) dark += 1;
    }
    return dark / Math.max(1, end - start);
  });
}

/** The box's rules in the cut-out (pixels), or null when they are not where the form has them. */
function findRules(area: GrayImage, origin: { x: number; y: number }): Rules | null {
  // The cut-out's pixel row of a height in points, and column of an abscissa.
  const row = (points: number) => area.height - toPixels(points - origin.y);
  const column = (points: number) => toPixels(points - origin.x);
  const across = darkShares(area, 'rows', column(ss4EinBox.x + 20), column(ss4EinBox.x + ss4EinBox.width - 6));
  const bottom = nearest(denseRuns(across, 0.6), row(ss4EinBox.y), toPixels(slack));
  if (bottom === undefined) return null;
  const down = darkShares(area, 'columns', bottom - toPixels(ss4EinBox.height - 6), bottom - toPixels(6));
  const left = nearest(denseRuns(down, 0.6), column(ss4EinBox.x), toPixels(slack));
  if (left === undefined) return null;
  // The hairline on top may be broken by the fax: taken where found, else where the form has it.
  const top = nearest(denseRuns(across, 0.35), bottom - toPixels(ss4EinBox.height), toPixels(4)) ?? bottom - toPixels(ss4EinBox.height);
  return { left, bottom, top };
}

/** The inside of the box between its rules, without its label, at `dpi`, with specks and cut-off marks removed. */
function insideOf(area: GrayImage, rules: Rules, dpi: number): GrayImage {
  const inset = toPixels(1.5);
  const left = Math.round(rules.left + inset);
  const right = Math.round(Math.min(area.width, rules.left + toPixels(ss4EinBox.width)));
  const top = Math.round(rules.top + inset);
  const bottom = Math.round(rules.bottom - inset);
  const scale = dpi / workDpi;
  const width = Math.max(1, Math.round((right - left) * scale));
  const height = Math.max(1, Math.round((bottom - top) * scale));
  const pixels = new Uint8Array(width * height);
  const labelRight = rules.left + toPixels(ss4EinLabel.x + ss4EinLabel.width - ss4EinBox.x + 3);
  const labelBottom = rules.top + toPixels(ss4EinBox.y + ss4EinBox.height - ss4EinLabel.y + 1.5);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const sourceX = Math.min(area.width - 1, Math.round(left + x / scale));
      const sourceY = Math.min(area.height - 1, Math.round(top + y / scale));
      const onLabel = sourceX < labelRight && sourceY < labelBottom;
      pixels[y * width + x] = onLabel ? 255 : area.pixels[sourceY * area.width + sourceX]!;
    }
  }
  const minArea = Math.round(3.5 * (dpi / 72) ** 2);
  // A digit stamped low enough to cross the rule under the box is cut by the crop, but kept: it is
  // wider and taller than the end of a rule (a rule is under 2 points thick).
  const keepAtEdge = { width: Math.round((2.5 * dpi) / 72), height: Math.round((5 * dpi) / 72) };
  return cleanSpecks({ width, height, xDpi: dpi, yDpi: dpi, pixels }, { minArea, dropEdges: true, keepAtEdge });
}

/** The image cut to its dark pixels with a white border (Tesseract reads a line best with room around it). */
function trimmed(image: GrayImage): GrayImage | null {
  let [minX, minY, maxX, maxY] = [image.width, image.height, -1, -1];
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      if (image.pixels[y * image.width + x]! < 128) [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
    }
  }
  if (maxX < 0) return null;
  const border = Math.round(image.xDpi / 12);
  const width = maxX - minX + 1 + 2 * border;
  const height = maxY - minY + 1 + 2 * border;
  const pixels = new Uint8Array(width * height).fill(255);
  for (let y = minY; y <= maxY; y += 1) {
    for (let x = minX; x <= maxX; x += 1) pixels[(y - minY + border) * width + (x - minX + border)] = image.pixels[y * image.width + x]!;
  }
  return { ...image, width, height, pixels };
}

/** The EIN in a reading: 9 digits (the dash where the IRS writes it, or none) with a valid prefix, and nothing else. */
function einOf(reading: LineReading): string | null {
  return normalizeEin(reading.text.replace(/\s+/g, ''));
}

export type EinBoxReading = { ein: string | null; einText: string | null };

/** The part of the page where the EIN box may be, cut out straight, and where that part starts (points). */
function boxArea(page: GrayImage, angle: number): { area: GrayImage; origin: { x: number; y: number } } {
  const origin = { x: ss4EinBox.x - slack - 6, y: ss4EinBox.y - slack - 6 };
  const region = { ...origin, width: ss4EinBox.width + 2 * slack + 12, height: ss4EinBox.height + 2 * slack + 12 };
  return { area: cropStraight(page, region, angle, workDpi), origin };
}

/**
 * How far (points, right and up) the form sits on this faxed page from where Form SS-4 puts it, by its
 * EIN box's rules; null when the page has no such box (it is not the form's page 1). What covers a
 * line of the form on a fax-back is placed with it.
 */
export function findFormShift(page: GrayImage, angle: number): { x: number; y: number } | null {
  const { area, origin } = boxArea(page, angle);
  const rules = findRules(area, origin);
  if (!rules) return null;
  const toPoints = (pixels: number) => (pixels / workDpi) * 72;
  return { x: toPoints(rules.left - toPixels(ss4EinBox.x - origin.x)), y: toPoints(area.height - toPixels(ss4EinBox.y - origin.y) - rules.bottom) };
}

/** The EIN written in the SS-4's EIN box on this faxed page, or nulls when the page has no such box. */
export async function readEinBox(page: GrayImage, angle: number): Promise<EinBoxReading | null> {
  const { area, origin } = boxArea(page, angle);
  const rules = findRules(area, origin);
  if (!rules) return null;

  const texts: string[] = [];
  const eins: string[] = [];
  // Three scales: the fax's own, and a larger and a smaller one. Two readings agreeing settle it; two
  // valid EINs disagreeing mean neither is trusted.
  for (const dpi of [200, 300, 150]) {
    const image = trimmed(insideOf(area, rules, dpi));
    if (!image) return { ein: null, einText: null };
    const reading = await readLine(image, digits);
    texts.push(reading.text);
    const ein = einOf(reading);
    if (!ein) continue;
    if (eins.length > 0 && eins[0] !== ein) return { ein: null, einText: texts.find((text) => text !== '') ?? null };
    eins.push(ein);
    if (eins.length === 2) return { ein, einText: reading.text };
  }
  return { ein: null, einText: texts.find((text) => text !== '') ?? null };
}
