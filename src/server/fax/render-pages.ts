import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';
import { AnnotationMode, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Renders PDF pages to pixels with pdf.js (its legacy build, the one meant for Node) on Skia
// (@napi-rs/canvas): the filled form's fields included, as they print. Everything pdf.js loads
// (standard fonts, character maps, its image decoders) comes from the installed package, never the
// network.

/** A rendered page: its size in pixels and its PNG. */
export type PageImage = { width: number; height: number; png: Buffer };

/** A rendered page in shades of grey, one byte a pixel (0 black, 255 white), rows top to bottom. */
export type GrayImage = { width: number; height: number; xDpi: number; yDpi: number; pixels: Uint8Array };

/** Pages for staff to look at in the browser: sharp on a laptop at full width, small enough to send. */
const screenDpi = 110;

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const assets = {
  standardFontDataUrl: `${path.join(pdfjsRoot, 'standard_fonts')}/`,
  cMapUrl: `${path.join(pdfjsRoot, 'cmaps')}/`,
  cMapPacked: true,
  wasmUrl: `${path.join(pdfjsRoot, 'wasm')}/`,
  iccUrl: `${path.join(pdfjsRoot, 'iccs')}/`,
};

type RenderOptions = { xDpi: number; yDpi: number; firstPageOnly?: boolean };

/** Each page drawn on a canvas of its own at these resolutions (they may differ, as a fax's do), one at a time. */
async function* eachCanvas(pdf: Uint8Array, options: RenderOptions): AsyncGenerator<Canvas> {
  // pdf.js may take the buffer over; the caller keeps its own.
  const task = getDocument({ data: pdf.slice(), ...assets, isEvalSupported: false, verbosity: 0 });
  try {
    const document = await task.promise;
    const count = options.firstPageOnly ? Math.min(1, document.numPages) : document.numPages;
    for (let number = 1; number <= count; number += 1) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: options.xDpi / 72 });
      const stretch = options.yDpi / options.xDpi;
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height * stretch));
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        viewport,
        transform: [1, 0, 0, stretch, 0, 0],
        intent: 'print',
        annotationMode: AnnotationMode.ENABLE,
        background: 'rgb(255,255,255)',
      }).promise;
      page.cleanup();
      yield canvas;
    }
  } finally {
    await task.destroy();
  }
}

/** The canvas's pixels as grey levels (Rec. 601 luma). */
function grayOf(canvas: Canvas, xDpi: number, yDpi: number): GrayImage {
  const { width, height } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const pixels = new Uint8Array(width * height);
  for (let index = 0, offset = 0; index < pixels.length; index += 1, offset += 4) {
    pixels[index] = (rgba[offset]! * 77 + rgba[offset + 1]! * 150 + rgba[offset + 2]! * 29) >> 8;
  }
  return { width, height, xDpi, yDpi, pixels };
}

/** Every page (or the first alone) in shades of grey at these resolutions, one at a time. */
export async function* eachGrayPage(pdf: Uint8Array, options: RenderOptions): AsyncGenerator<GrayImage> {
  for await (const canvas of eachCanvas(pdf, options)) yield grayOf(canvas, options.xDpi, options.yDpi);
}

/** Every page (or the first alone) in shades of grey at these resolutions. */
export async function renderPdfGray(pdf: Uint8Array, options: RenderOptions): Promise<GrayImage[]> {
  const pages: GrayImage[] = [];
  for await (const page of eachGrayPage(pdf, options)) pages.push(page);
  return pages;
}

/** Every page (or the first alone) as a PNG at this resolution. */
export async function renderPdfPages(pdf: Uint8Array, options: { dpi: number; firstPageOnly?: boolean }): Promise<PageImage[]> {
  const pages: PageImage[] = [];
  for await (const canvas of eachCanvas(pdf, { xDpi: options.dpi, yDpi: options.dpi, firstPageOnly: options.firstPageOnly })) {
    pages.push({ width: canvas.width, height: canvas.height, png: await canvas.encode('png') });
  }
  return pages;
}

/** Every page as a PNG for staff to look at in the browser. */
export function renderPageImages(pdf: Uint8Array): Promise<PageImage[]> {
  return renderPdfPages(pdf, { dpi: screenDpi });
}

/** A grey image (a cut-out of a page) as a PNG, for staff to look at. */
export async function grayImagePng(image: GrayImage): Promise<Buffer> {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let index = 0; index < image.pixels.length; index += 1) {
    const level = image.pixels[index]!;
    rgba.set([level, level, level, 255], index * 4);
  }
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').putImageData(new ImageData(rgba, image.width, image.height), 0, 0);
  return canvas.encode('png');
}
