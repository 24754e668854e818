import { PDFDocument, PDFName, PDFNumber, type PDFObject, type PDFRef } from 'pdf-lib';

// An incremental update (ISO 32000-1, 7.5.6): a change to a PDF written after its last byte (the
// objects that changed or are new, a cross-reference section for them and a trailer pointing back at the
// previous one) rather than by writing the whole file again, so every byte of the file as it was stays
// where it was and a digital signature over them stays valid (decision 050). pdf-lib, which the service
// draws with, writes whole files only; this writes what a change made with it in that form instead.

/** The bytes of an object as pdf-lib writes it. */
function bytesOf(object: PDFObject): Uint8Array {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

function same(a: Uint8Array | undefined, b: Uint8Array): boolean {
  return a !== undefined && Buffer.compare(a, b) === 0;
}

/**
 * The offset of the file's last cross-reference section when it is a table (`xref`), as a file written
 * without object streams has; null for a cross-reference stream or a file whose end is not a PDF's.
 */
export function lastCrossReferenceTable(pdf: Uint8Array): number | null {
  const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 1024))).toString('latin1');
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) return null;
  const offset = Number(match[1]);
  return Buffer.from(pdf.subarray(offset, offset + 4)).toString('latin1') === 'xref' ? offset : null;
}

/**
 * `original` with what `change` does to it appended as an incremental update: the file is loaded with
 * pdf-lib, `change` edits it as usual (drawing on pages, adding objects), and every object it added or
 * altered is written after the original's last byte, which keeps its bytes unchanged. Which objects
 * changed is found by comparing each one's bytes before and after, so `change` marks nothing by hand.
 * Throws unless the file ends with a cross-reference table (`lastCrossReferenceTable`).
 */
export async function updateIncrementally(original: Uint8Array, change: (document: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const previous = lastCrossReferenceTable(original);
  if (previous === null) throw new Error('The PDF does not end with a cross-reference table, so it cannot be updated incrementally here');
  const document = await PDFDocument.load(original, { updateMetadata: false });
  const before = new Map<string, Uint8Array>();
  for (const [ref, object] of document.context.enumerateIndirectObjects()) before.set(ref.tag, bytesOf(object));

  await change(document);
  // Fonts and images drawn are embedded now, as a save would.
  await document.flush();

  const written: { ref: PDFRef; bytes: Uint8Array }[] = [];
  for (const [ref, object] of document.context.enumerateIndirectObjects()) {
    const bytes = bytesOf(object);
    if (!same(before.get(ref.tag), bytes)) written.push({ ref, bytes });
  }
  written.sort((a, b) => a.ref.objectNumber - b.ref.objectNumber);

  const parts: Uint8Array[] = [];
  // The update starts on a line of its own, whatever the original's last byte.
  let length = original.length;
  const add = (part: Uint8Array | string) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  add('\n');
  const offsets = new Map<number, number>();
  for (const { ref, bytes } of written) {
    offsets.set(ref.objectNumber, length);
    add(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    add(bytes);
    add('\nendobj\n');
  }

  // One subsection for each run of consecutive object numbers; each entry exactly 20 bytes.
  const crossReference = length;
  let table = 'xref\n';
  for (let index = 0; index < written.length; ) {
    let end = index + 1;
    while (end < written.length && written[end]!.ref.objectNumber === written[end - 1]!.ref.objectNumber + 1) end += 1;
    table += `${written[index]!.ref.objectNumber} ${end - index}\n`;
    for (const { ref } of written.slice(index, end)) {
      table += `${String(offsets.get(ref.objectNumber)).padStart(10, '0')} ${String(ref.generationNumber).padStart(5, '0')} n\r\n`;
    }
    index = end;
  }
  add(table);

  const { Root, Info, ID } = document.context.trailerInfo;
  const trailer = document.context.obj({ Size: PDFNumber.of(document.context.largestObjectNumber + 1), Prev: PDFNumber.of(previous) });
  for (const [key, value] of Object.entries({ Root, Info, ID })) if (value) trailer.set(PDFName.of(key), value);
  add('trailer\n');
  add(bytesOf(trailer));
  add(`\nstartxref\n${crossReference}\n%%EOF\n`);

  const result = new Uint8Array(length);
  result.set(original, 0);
  let at = original.length;
  for (const part of parts) {
    result.set(part, at);
    at += part.length;
  }
  return result;
}
