import { createRequire } from 'node:module';
import path from 'node:path';
import { OEM, PSM, createWorker, type Worker } from 'tesseract.js';
import type { GrayImage } from '../fax';

// The fax-back reader's OCR: one Tesseract worker (a thread) per process, made on first use with the
// English model from the installed @tesseract.js-data/eng package (never the network), and ended by
// closeFaxBackReader. Its jobs run one at a time, each with the characters it may read.

const englishModel = path.join(path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

let worker: Promise<Worker> | undefined;
let queue: Promise<unknown> = Promise.resolve();

function startWorker(): Promise<Worker> {
  worker ??= createWorker('eng', OEM.LSTM_ONLY, { langPath: englishModel, gzip: true, cacheMethod: 'none' }).catch((error: unknown) => {
    worker = undefined;
    throw error;
  });
  return worker;
}

/** The time it takes to have the worker ready (nothing when it already is). */
export async function startFaxBackReader(): Promise<void> {
  await startWorker();
}

/** Ends the OCR worker, if one was started; the next reading starts another. */
export async function closeFaxBackReader(): Promise<void> {
  const running = worker;
  worker = undefined;
  if (running) await (await running).terminate();
}

/** A binary PGM (P5): the plainest picture Tesseract's image library reads, with no encoding to pay for. */
function pgmOf(image: GrayImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  return Buffer.concat([header, Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength)]);
}

export type LineReading = { text: string; confidence: number; characters: { text: string; confidence: number }[] };

/** One line of text read from the image, limited to these characters, with Tesseract's confidence in each (0 to 100). */
export async function readLine(image: GrayImage, allowed: string): Promise<LineReading> {
  const job = queue.then(async () => {
    const ocr = await startWorker();
    await ocr.setParameters({
      tessedit_pageseg_mode: PSM.SINGLE_LINE,
      tessedit_char_whitelist: allowed,
      user_defined_dpi: String(Math.round(image.xDpi)),
    });
    const { data } = await ocr.recognize(pgmOf(image), {}, { text: true, blocks: true });
    const characters = (data.blocks ?? []).flatMap((block) =>
      block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words.flatMap((word) => word.symbols.map((symbol) => ({ text: symbol.text, confidence: symbol.confidence }))))),
    );
    return { text: data.text.trim(), confidence: data.confidence, characters };
  });
  queue = job.catch(() => undefined);
  return job;
}
