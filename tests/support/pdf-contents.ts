import { PDFDocument, PDFRawStream, PDFTextField, decodePDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// What a PDF holds that a reader could get at, for tests that a number is not in it: the text a PDF
// reader extracts (pdf.js), the form fields' values and the values its widgets show (pdf-lib, pdf.js),
// and every object of the file as written, streams decoded, used or not (a value replaced but still in
// the file, a hidden layer).

export type PdfContents = {
  /** The text of every page as pdf.js extracts it, pages joined by new lines. */
  text: string;
  /** Every text field's value, by the field's name. */
  fields: Record<string, string>;
  /** Every indirect object of the file as text (strings as written, streams decoded), joined. */
  objects: string;
};

export async function pdfContents(pdf: Uint8Array): Promise<PdfContents> {
  const task = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 });
  const texts: string[] = [];
  try {
    const document = await task.promise;
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
      // What the widgets show, as a reader lists the form's fields.
      for (const annotation of await page.getAnnotations()) {
        if (typeof annotation.fieldValue === 'string') texts.push(annotation.fieldValue);
      }
    }
  } finally {
    await task.destroy();
  }

  const document = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
  const fields: Record<string, string> = {};
  const form = document.catalog.getAcroForm() ? document.getForm() : null;
  for (const field of form?.getFields() ?? []) if (field instanceof PDFTextField) fields[field.getName()] = field.getText() ?? '';
  const objects = document.context
    .enumerateIndirectObjects()
    .map(([, object]) => {
      if (!(object instanceof PDFRawStream)) return object.toString();
      try {
        return `${object.dict.toString()}\n${Buffer.from(decodePDFRawStream(object).decode()).toString('latin1')}`;
      } catch {
        return object.dict.toString();
      }
    })
    .join('\n');
  return { text: texts.join('\n'), fields, objects };
}

/**
 * The ways a taxpayer number's first five digits (what masking takes away) could be written in a
 * PDF: as typed, with the form's dashes or spaces, and as UTF-16 hex (how pdf-lib writes field values).
 */
export function unmaskedForms(number: string): string[] {
  const digits = number.replace(/\D/g, '');
  const head = [digits.slice(0, 5), `${digits.slice(0, 3)}-${digits.slice(3, 5)}`, `${digits.slice(0, 3)} ${digits.slice(3, 5)}`];
  const utf16 = (text: string) => [...text].map((character) => character.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()).join('');
  return [...head, ...head.map(utf16)];
}
