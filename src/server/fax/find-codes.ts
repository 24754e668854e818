import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { GrayImage } from './render-pages';

// Two-dimensional codes on a page image (QR and Data Matrix), read with ZXing-C++ compiled to
// WebAssembly. Its module is loaded from the installed package, never from its CDN.

/** A code found on a page: what it holds and its corners in the page's pixels (top left, top right, bottom right, bottom left). */
export type FoundCode = { format: string; text: string; corners: { x: number; y: number }[] };

/** A part of a page, in its pixels. */
export type PixelRegion = { left: number; top: number; width: number; height: number };

let prepared = false;

function prepare(): void {
  if (prepared) return;
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer } });
  prepared = true;
}

/** The region of the image as the RGBA pixels ZXing's reader takes. */
function rgbaOf(image: GrayImage, region: PixelRegion): { width: number; height: number; data: Uint8ClampedArray } {
  const data = new Uint8ClampedArray(region.width * region.height * 4);
  for (let y = 0; y < region.height; y += 1) {
    const row = (region.top + y) * image.width + region.left;
    for (let x = 0; x < region.width; x += 1) {
      const level = image.pixels[row + x]!;
      const at = (y * region.width + x) * 4;
      data[at] = level;
      data[at + 1] = level;
      data[at + 2] = level;
      data[at + 3] = 255;
    }
  }
  return { width: region.width, height: region.height, data };
}

/** The region cut to the image's bounds. */
function clamp(image: GrayImage, region: PixelRegion): PixelRegion {
  const left = Math.max(0, Math.floor(region.left));
  const top = Math.max(0, Math.floor(region.top));
  const right = Math.min(image.width, Math.ceil(region.left + region.width));
  const bottom = Math.min(image.height, Math.ceil(region.top + region.height));
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** Every QR code and Data Matrix readable in the image, or in a region of it. */
export async function findCodes(image: GrayImage, region: PixelRegion = { left: 0, top: 0, width: image.width, height: image.height }): Promise<FoundCode[]> {
  prepare();
  const area = clamp(image, region);
  if (area.width < 8 || area.height < 8) return [];
  const results = await readBarcodes(rgbaOf(image, area) as unknown as ImageData, {
    formats: ['QRCode', 'DataMatrix'],
    tryHarder: true,
    tryRotate: true,
    tryInvert: false,
    tryDownscale: true,
    maxNumberOfSymbols: 8,
  });
  return results
    .filter((result) => result.isValid)
    .map((result) => ({
      format: result.format,
      text: result.text,
      corners: [result.position.topLeft, result.position.topRight, result.position.bottomRight, result.position.bottomLeft].map((corner) => ({
        x: corner.x + area.left,
        y: corner.y + area.top,
      })),
    }));
}
