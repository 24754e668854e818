import { PDFDocument, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import type { GrayImage } from './render-pages';

// What a fax machine makes of a page: scanned at the fax's fine resolution (204 × 196 dpi), a little
// askew as the sheet feeds, cut to black and white at a threshold, with the specks and short streaks
// of dust and line noise; and such pages packed into the PDF a received fax arrives as.

/** A fax's fine resolution, in dots per inch across and down. */
export const faxDpi = { x: 204, y: 196 } as const;

/** A source of numbers in [0, 1). */
export type Random = () => number;

/** A small, fast generator (mulberry32): the same seed gives the same fax, bit for bit. Not for secrets. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const maxSkewDegrees = 1.5;

/** A uniform number in [low, high). */
function between(random: Random, low: number, high: number): number {
  return low + random() * (high - low);
}

/** One page as it comes out of a fax: resampled to the fax's resolution, turned, cut to black and white, soiled. */
function printPage(page: GrayImage, random: Random): GrayImage {
  const width = Math.round((page.width / page.xDpi) * faxDpi.x);
  const height = Math.round((page.height / page.yDpi) * faxDpi.y);
  const angle = (between(random, -maxSkewDegrees, maxSkewDegrees) * Math.PI) / 180;
  const threshold = between(random, 140, 185);
  const grain = between(random, 30, 70);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // The page turns about its centre; a corner that turns out of the sheet is lost, as on a real fax.
  const centreX = width / faxDpi.x / 2;
  const centreY = height / faxDpi.y / 2;
  const pixels = new Uint8Array(width * height);
  const source = page.pixels;
  for (let y = 0; y < height; y += 1) {
    const inchY = (y + 0.5) / faxDpi.y - centreY;
    for (let x = 0; x < width; x += 1) {
      const inchX = (x + 0.5) / faxDpi.x - centreX;
      const sourceX = (cos * inchX + sin * inchY + centreX) * page.xDpi - 0.5;
      const sourceY = (-sin * inchX + cos * inchY + centreY) * page.yDpi - 0.5;
      const left = Math.floor(sourceX);
      const top = Math.floor(sourceY);
      let level = 255;
      if (left >= 0 && top >= 0 && left + 1 < page.width && top + 1 < page.height) {
        const across = sourceX - left;
        const down = sourceY - top;
        const at = top * page.width + left;
        const upper = source[at]! + (source[at + 1]! - source[at]!) * across;
        const lower = source[at + page.width]! + (source[at + page.width + 1]! - source[at + page.width]!) * across;
        level = upper + (lower - upper) * down;
      }
      // Paper grain and the scanner's noise roughen the edges of strokes.
      pixels[y * width + x] = level + (random() - 0.5) * grain < threshold ? 0 : 255;
    }
  }
  soil({ width, height, xDpi: faxDpi.x, yDpi: faxDpi.y, pixels }, random);
  return { width, height, xDpi: faxDpi.x, yDpi: faxDpi.y, pixels };
}

/** Specks of dust (dots of one to four pixels) and a few short streaks of line noise, in black. */
function soil(page: GrayImage, random: Random): void {
  const ink = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < page.width && y < page.height) page.pixels[y * page.width + x] = 0;
  };
  const specks = Math.round(between(random, 40, 120));
  for (let speck = 0; speck < specks; speck += 1) {
    const x = Math.floor(random() * page.width);
    const y = Math.floor(random() * page.height);
    const radius = between(random, 0.5, 2);
    for (let dy = -2; dy <= 2; dy += 1) for (let dx = -2; dx <= 2; dx += 1) if (dx * dx + dy * dy <= radius * radius) ink(x + dx, y + dy);
  }
  const streaks = Math.round(between(random, 1, 4));
  for (let streak = 0; streak < streaks; streak += 1) {
    const across = random() < 0.7;
    const length = Math.round(between(random, 20, 160));
    const thickness = random() < 0.7 ? 1 : 2;
    const x = Math.floor(random() * page.width);
    const y = Math.floor(random() * page.height);
    for (let along = 0; along < length; along += 1) {
      for (let side = 0; side < thickness; side += 1) ink(across ? x + along : x + side, across ? y + side : y + along);
    }
  }
}

/** The pages as a fax machine prints them: 204 × 196 dpi, black and white (0 or 255), a little askew, with specks and streaks. */
export function printAsFax(pages: readonly GrayImage[], random: Random): GrayImage[] {
  return pages.map((page) => printPage(page, random));
}

/** Eight pixels a byte, the first in the high bit, each row starting on a new byte; 1 is white, as PDF's DeviceGray reads it. */
function packBits(image: GrayImage): Uint8Array {
  const rowBytes = Math.ceil(image.width / 8);
  const packed = new Uint8Array(rowBytes * image.height).fill(0xff);
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      if (image.pixels[y * image.width + x]! < 128) packed[y * rowBytes + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
  }
  return packed;
}

/**
 * A PDF of black-and-white page images, one a page, each page the size of its image at its resolution:
 * the form a received fax arrives in. The same images give the same bytes (no dates are written).
 */
export async function imagesToPdf(images: readonly GrayImage[]): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  for (const image of images) {
    const stream = document.context.flateStream(packBits(image), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: image.width,
      Height: image.height,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 1,
    });
    const width = (image.width / image.xDpi) * 72;
    const height = (image.height / image.yDpi) * 72;
    const page = document.addPage([width, height]);
    const name = page.node.newXObject('Fax', document.context.register(stream));
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(width, 0, 0, height, 0, 0), drawObject(name), popGraphicsState());
  }
  return document.save();
}
