import type { GrayImage } from './render-pages';

// Reading a part of a faxed page by where it sits on the original: how far the page turned as it fed
// (from its lines of print), a region given in the original's points cut out straight, and the specks
// a fax adds cleaned out of it.

/** A region of a page in points from its bottom left corner, as pdf-lib draws. */
export type PointRegion = { x: number; y: number; width: number; height: number };

const darkLevel = 128;

/**
 * The angle (radians, clockwise on screen) by which the page's lines of print run askew, up to
 * ±maxDegrees: the angle at which the dark pixels, projected on the page's height, bunch into the
 * sharpest rows (a form's rules and lines of text alike).
 */
export function estimateSkew(image: GrayImage, maxDegrees = 2.5): number {
  // The dark pixels of every other column, in inches, are plenty and halve the work (every other row
  // would not do: at no skew all of them would fall in every other bin and look sharper than they are).
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < image.height; y += 1) {
    const row = y * image.width;
    for (let x = 0; x < image.width; x += 2) {
      if (image.pixels[row + x]! < darkLevel) {
        xs.push(x / image.xDpi);
        ys.push(y / image.yDpi);
      }
    }
  }
  if (xs.length < 100) return 0;
  const binsPerInch = image.yDpi;
  const heightInches = image.height / image.yDpi;
  const widthInches = image.width / image.xDpi;
  const margin = widthInches * Math.tan((maxDegrees * Math.PI) / 180) + 1;
  const counts = new Uint32Array(Math.ceil((heightInches + 2 * margin) * binsPerInch));
  const sharpness = (angle: number) => {
    counts.fill(0);
    const slope = Math.tan(angle);
    for (let index = 0; index < xs.length; index += 1) counts[Math.floor((ys[index]! - xs[index]! * slope + margin) * binsPerInch)]! += 1;
    let sum = 0;
    for (const count of counts) sum += count * count;
    return sum;
  };
  const best = (from: number, to: number, step: number) => {
    let bestAngle = 0;
    let bestScore = -1;
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const score = sharpness((degrees * Math.PI) / 180);
      if (score > bestScore) [bestAngle, bestScore] = [degrees, score];
    }
    return bestAngle;
  };
  const coarse = best(-maxDegrees, maxDegrees, 0.25);
  return (best(coarse - 0.25, coarse + 0.25, 0.025) * Math.PI) / 180;
}

/** The page's height in points. */
export function pageHeightPoints(image: GrayImage): number {
  return (image.height / image.yDpi) * 72;
}

/**
 * The region, given in the original page's points, cut out of the faxed page at `dpi`, with the page's
 * skew undone (turning about the page's centre, as the feed does) and the grey levels smoothed between
 * pixels.
 */
export function cropStraight(image: GrayImage, region: PointRegion, angle: number, dpi: number): GrayImage {
  const width = Math.max(1, Math.round((region.width / 72) * dpi));
  const height = Math.max(1, Math.round((region.height / 72) * dpi));
  const pixels = new Uint8Array(width * height);
  const centreX = image.width / image.xDpi / 2;
  const centreY = image.height / image.yDpi / 2;
  const topInches = (pageHeightPoints(image) - region.y - region.height) / 72;
  const leftInches = region.x / 72;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  for (let y = 0; y < height; y += 1) {
    const straightY = topInches + (y + 0.5) / dpi - centreY;
    for (let x = 0; x < width; x += 1) {
      const straightX = leftInches + (x + 0.5) / dpi - centreX;
      const sourceX = (cos * straightX - sin * straightY + centreX) * image.xDpi - 0.5;
      const sourceY = (sin * straightX + cos * straightY + centreY) * image.yDpi - 0.5;
      const left = Math.floor(sourceX);
      const top = Math.floor(sourceY);
      let level = 255;
      if (left >= 0 && top >= 0 && left + 1 < image.width && top + 1 < image.height) {
        const across = sourceX - left;
        const down = sourceY - top;
        const at = top * image.width + left;
        const upper = image.pixels[at]! + (image.pixels[at + 1]! - image.pixels[at]!) * across;
        const lower = image.pixels[at + image.width]! + (image.pixels[at + image.width + 1]! - image.pixels[at + image.width]!) * across;
        level = upper + (lower - upper) * down;
      }
      pixels[y * width + x] = level;
    }
  }
  return { width, height, xDpi: dpi, yDpi: dpi, pixels };
}

/**
 * The image in black and white with every blot of dark pixels smaller than `minArea` pixels removed
 * (specks), and every blot touching the image's edge too when `dropEdges` (the ends of rules and
 * letters cut by the crop), but for one at least `keepAtEdge` wide and tall: a character the crop
 * only grazed (a stamped digit that dips across the rule under it), not the thin end of a rule.
 */
export function cleanSpecks(
  image: GrayImage,
  options: { minArea: number; dropEdges?: boolean; keepAtEdge?: { width: number; height: number }; threshold?: number },
): GrayImage {
  const threshold = options.threshold ?? darkLevel;
  const { width, height } = image;
  const pixels = new Uint8Array(width * height).fill(255);
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  const blot: number[] = [];
  for (let start = 0; start < pixels.length; start += 1) {
    if (seen[start] || image.pixels[start]! >= threshold) continue;
    seen[start] = 1;
    stack.push(start);
    blot.length = 0;
    let touchesEdge = false;
    let minX = width;
    let minY = height;
    let maxX = -1;
    let maxY = -1;
    while (stack.length > 0) {
      const at = stack.pop()!;
      blot.push(at);
      const x = at % width;
      const y = (at - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) touchesEdge = true;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (!seen[next] && image.pixels[next]! < threshold) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    const glyphSized = options.keepAtEdge !== undefined && maxX - minX + 1 >= options.keepAtEdge.width && maxY - minY + 1 >= options.keepAtEdge.height;
    if (blot.length >= options.minArea && !(options.dropEdges && touchesEdge && !glyphSized)) for (const at of blot) pixels[at] = 0;
  }
  return { ...image, pixels };
}

/**
 * Paints a region, given in the original page's points, onto the faxed page at `level` (0 black), with
 * the page's skew taken into account as `cropStraight` takes it: every pixel of the page whose
 * straightened place falls inside the region. What was there is gone from the image.
 */
export function paintStraight(image: GrayImage, region: PointRegion, angle: number, level = 0): void {
  const centreX = image.width / image.xDpi / 2;
  const centreY = image.height / image.yDpi / 2;
  const left = region.x / 72;
  const right = (region.x + region.width) / 72;
  const top = (pageHeightPoints(image) - region.y - region.height) / 72;
  const bottom = (pageHeightPoints(image) - region.y) / 72;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // The region's corners on the page (straight to source, as cropStraight turns them) bound the pixels to look at.
  const corners = [
    [left, top],
    [right, top],
    [left, bottom],
    [right, bottom],
  ].map(([x, y]) => {
    const straightX = x! - centreX;
    const straightY = y! - centreY;
    return [(cos * straightX - sin * straightY + centreX) * image.xDpi, (sin * straightX + cos * straightY + centreY) * image.yDpi] as const;
  });
  const fromX = Math.max(0, Math.floor(Math.min(...corners.map(([x]) => x)) - 1));
  const toX = Math.min(image.width - 1, Math.ceil(Math.max(...corners.map(([x]) => x)) + 1));
  const fromY = Math.max(0, Math.floor(Math.min(...corners.map(([, y]) => y)) - 1));
  const toY = Math.min(image.height - 1, Math.ceil(Math.max(...corners.map(([, y]) => y)) + 1));
  for (let y = fromY; y <= toY; y += 1) {
    const sourceY = (y + 0.5) / image.yDpi - centreY;
    for (let x = fromX; x <= toX; x += 1) {
      const sourceX = (x + 0.5) / image.xDpi - centreX;
      // The inverse turn: where this pixel sits on the straight page.
      const straightX = cos * sourceX + sin * sourceY + centreX;
      const straightY = -sin * sourceX + cos * sourceY + centreY;
      if (straightX >= left - 0.5 / image.xDpi && straightX <= right + 0.5 / image.xDpi && straightY >= top - 0.5 / image.yDpi && straightY <= bottom + 0.5 / image.yDpi) {
        image.pixels[y * image.width + x] = level;
      }
    }
  }
}
