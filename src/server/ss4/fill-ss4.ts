import { readFileSync } from 'node:fs';
import { PDFBool, PDFDocument, PDFName, StandardFonts, type PDFFont, type PDFTextField } from 'pdf-lib';
import type { Ss4Line } from '#shared/ss4/ss4-mapping.ts';
import { drawable } from './drawable-text';

// Fills the IRS's own fillable Form SS-4 (Rev. December 2023) with an application's lines. The form
// stays fillable (never flattened), so staff can correct a line in any PDF reader.

/** Where the form's fields live in the file (FIELDS.md names them without it). */
export const ss4FieldPrefix = 'topmostSubform[0].Page1[0].';

/** The form as the IRS publishes it; resolved from this module so `npm start` and tests find it alike. */
export const ss4TemplateUrl = new URL('./fss4-rev-2023-12.pdf', import.meta.url);

let template: Uint8Array | undefined;

/** The template's bytes, read once per process. */
export function ss4Template(): Uint8Array {
  template ??= readFileSync(ss4TemplateUrl);
  return template;
}

/** The form's own text size; long values shrink below it so they stay fully visible, never below the floor. */
const formFontSize = 8;
const smallestFontSize = 4;
/** Room the widget keeps inside its border on each side. */
const innerPadding = 2;

/** The largest size up to the form's own at which the value fits the field's width. */
export function fittingFontSize(font: PDFFont, value: string, width: number): number {
  const atForm = font.widthOfTextAtSize(value, formFontSize);
  const room = width - innerPadding * 2;
  if (atForm <= room) return formFontSize;
  return Math.max(smallestFontSize, Math.floor(((formFontSize * room) / atForm) * 10) / 10);
}

function fillText(field: PDFTextField, value: string, font: PDFFont): void {
  const maxLength = field.getMaxLength();
  // An answer stored before the IRS's character rules (an old order's "Łódź Trading") is written as
  // the font can draw it, rather than failing the whole form.
  const text = drawable(font, value);
  // A few fields cap their length (the SSN, the EIN); a value longer than that is cut rather than refused.
  const fitted = maxLength !== undefined && text.length > maxLength ? text.slice(0, maxLength) : text;
  field.setText(fitted);
  const width = field.acroField.getWidgets()[0]?.getRectangle().width ?? 0;
  field.setFontSize(field.isCombed() ? formFontSize : fittingFontSize(font, fitted, width));
}

/** The filled form's bytes. Lines that are not applicable or missing leave their fields empty, unless they carry text (N/A). */
export async function fillSs4(lines: readonly Ss4Line[], templateBytes: Uint8Array = ss4Template()): Promise<Uint8Array> {
  // Without the reader's time stamps, the same lines give the same bytes: the signature certificate
  // prints the SHA-256 of the render the signer reviewed.
  const document = await PDFDocument.load(templateBytes, { updateMetadata: false });
  // The file also holds XFA data that some readers show instead of the fields: drop it before the
  // form is read (pdf-lib would otherwise warn and drop it itself), and the reader-extension
  // signature that the change would break.
  const acroForm = document.catalog.getAcroForm();
  acroForm?.dict.delete(PDFName.of('XFA'));
  document.catalog.delete(PDFName.of('Perms'));
  document.catalog.delete(PDFName.of('NeedsRendering'));

  const form = document.getForm();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const line of lines) {
    for (const [name, value] of Object.entries(line.text)) fillText(form.getTextField(ss4FieldPrefix + name), value, font);
    for (const name of line.checks) form.getCheckBox(ss4FieldPrefix + name).check();
  }
  form.updateFieldAppearances(font);
  // Every field now has its appearance, so readers need not rebuild them (and shrink or move text).
  acroForm?.dict.set(PDFName.of('NeedAppearances'), PDFBool.False);
  return document.save({ updateFieldAppearances: false });
}
