import { PDFDocument, PDFSignature, PDFTextField, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { readOrderSsns, type FieldCipher } from '../encryption';
import type { PdfSealer } from '../seal';
import { maskSsn, ss4Lines, ss4TextFields, type Ss4Designee } from '#shared/ss4/ss4-mapping.ts';
import { fillSs4, ss4FieldPrefix } from './fill-ss4';
import { applicationWithSsns } from './render-order-ss4';
import { utcTimestamp } from './sign-ss4';
import type { Locale } from '#shared/i18n/locales.ts';
import { m } from '#shared/i18n/messages.ts';

// What a customer opens through a link carries no whole taxpayer number (decision 049): the form to
// sign is rendered with each SSN and ITIN masked as the review page shows them (`***-**-6789`), and
// the signer's copy is the sealed, filed form with those numbers masked, flattened, copied into a new
// file (so that nothing of the old values stays behind as an unused object) and sealed again. The
// filed form, with the whole number, stays the one staff download and fax.

/** The order's taxpayer numbers (SSN, ITIN, decedent's and grantor's SSN), each masked to its last four digits. */
export function maskedSsnsOf(formData: unknown, cipher: FieldCipher): Record<string, string> {
  return Object.fromEntries(Object.entries(readOrderSsns(formData, cipher).ssns).map(([field, plain]) => [field, maskSsn(plain)]));
}

/** The order's Form SS-4 as the signer reviews it: every taxpayer number masked. */
export async function renderMaskedOrderSs4(formData: unknown, cipher: FieldCipher, designee: Ss4Designee | null): Promise<Uint8Array> {
  return fillSs4(ss4Lines(applicationWithSsns(formData, maskedSsnsOf(formData, cipher)), designee));
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

export type SignersCopyOptions = {
  /** The order's taxpayer numbers as stored (any of them found in a field is masked there). */
  numbers: readonly string[];
  sealer: PdfSealer;
  /** When the copy is made: its seal's time, and the date its note gives. */
  madeAt: Date;
  /** The language of the note page (the order's); the form itself is the IRS's, in English. */
  locale?: Locale;
};

/** The note appended to the signer's copy, saying what differs from the filed form. */
function appendCopyNote(document: PDFDocument, madeAt: Date, locale: Locale, fonts: { regular: PDFFont; bold: PDFFont }): void {
  const page = document.addPage([612, 792]);
  const margin = 54;
  const width = 612 - margin * 2;
  page.drawText(m.pdf_signers_copy_title({}, { locale }), { x: margin, y: 792 - margin - 16, size: 16, font: fonts.bold });
  const paragraphs = [
    m.pdf_signers_copy_masked({}, { locale }),
    m.pdf_signers_copy_certificate({}, { locale }),
    m.pdf_signers_copy_made({ time: utcTimestamp(madeAt) }, { locale }),
  ];
  let y = 792 - margin - 44;
  for (const text of paragraphs) {
    // Words to lines no wider than the page's text, as the certificate page sets its paragraphs.
    const lines: string[] = [];
    for (const word of text.split(' ')) {
      const last = lines.at(-1);
      if (last !== undefined && fonts.regular.widthOfTextAtSize(`${last} ${word}`, 10) <= width) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    for (const line of lines) {
      page.drawText(line, { x: margin, y, size: 10, font: fonts.regular, color: rgb(0, 0, 0) });
      y -= 14;
    }
    y -= 8;
  }
}

/**
 * The signer's copy of a sealed signed SS-4: line 7b, and any field holding one of `numbers`, masked
 * to the last four digits; every field printed onto its page (no form value keeps the number); the
 * old seal dropped, the pages copied into a new file with a note page, and the file sealed anew.
 */
export async function makeSignersCopy(sealed: Uint8Array, { numbers, sealer, madeAt, locale = 'en' }: SignersCopyOptions): Promise<Uint8Array> {
  const source = await PDFDocument.load(sealed, { updateMetadata: false });
  const form = source.getForm();
  const font = await source.embedFont(StandardFonts.Helvetica);
  const whole = numbers.map(digitsOf).filter((digits) => digits.length === 9);
  const responsibleTin = ss4FieldPrefix + ss4TextFields.responsibleTin;
  for (const field of form.getFields()) {
    if (field instanceof PDFSignature) {
      form.removeField(field);
      continue;
    }
    if (!(field instanceof PDFTextField)) continue;
    const value = field.getText() ?? '';
    const digits = digitsOf(value);
    // Line 7b is masked whatever it holds (a number stored unreadably is still on the filed form);
    // "Foreign" and an already masked value stay as they are.
    const onLine7b = field.getName() === responsibleTin && digits.length > 4;
    if (onLine7b || whole.some((number) => digits.includes(number))) {
      field.setText(maskSsn(value));
      field.updateAppearances(font);
    }
  }
  form.flatten({ updateFieldAppearances: false });

  const copy = await PDFDocument.create({ updateMetadata: false });
  for (const page of await copy.copyPages(source, source.getPageIndices())) copy.addPage(page);
  copy.setTitle('Form SS-4, signer\u2019s copy');
  copy.setCreationDate(madeAt);
  copy.setModificationDate(madeAt);
  appendCopyNote(copy, madeAt, locale, { regular: await copy.embedFont(StandardFonts.Helvetica), bold: await copy.embedFont(StandardFonts.HelveticaBold) });
  return sealer.seal(copy, { signedAt: madeAt, reason: 'Signer\u2019s copy of Form SS-4 (line 7b masked); sealed against change' });
}
