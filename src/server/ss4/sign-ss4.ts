import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { VerificationQuestion } from '#shared/ssn-last-four.ts';

/** How the signer confirmed who they are, as the certificate says it. */
const verifiedByWords: Record<VerificationQuestion, string> = {
  ssn: 'last four digits of the SSN',
  itin: 'last four digits of the ITIN',
  email_code: 'a single-use code e-mailed to the order\u2019s address',
};
import type { PdfSealer, SealFacts } from '../seal';
import { drawable } from './drawable-text';

// Signs a filled Form SS-4 (decisions 022 and 037): the signature goes on page 1's signature line and
// the date on its date line, every field becomes read-only, and a certificate page is appended that
// records who signed, how, when, to what, the SHA-256 of the unsigned render and of the signed form,
// and the certificate that seals the file. Then the whole file is sealed with the service's digital
// signature, so that any later change shows in a PDF reader.

/** Page 1's signature line, right of "Signature ▶" and left of "Date ▶" (points, from the bottom left). */
export const signatureBox = { x: 84, y: 38, width: 236, height: 20 } as const;
/** Right of "Date ▶", left of the applicant's fax number. */
export const dateBox = { x: 358, y: 39, width: 70 } as const;

export type SignatureMark = { kind: 'typed'; name: string } | { kind: 'drawn'; png: Uint8Array; name: string };

export type SigningCertificate = {
  requestId: string;
  trackingNumber: string;
  signerName: string;
  signerTitle: string;
  signerEmail: string;
  ipAddress: string;
  userAgent: string;
  requestedAt: Date;
  verifiedAt: Date | null;
  /** The question the signer answered (the SSN's last four when not given). */
  verifiedBy?: VerificationQuestion;
  signedAt: Date;
  consents: readonly { label: string; text: string; version: string }[];
  unsignedSha256: string;
  /** The SHA-256 of the form the signer opened: the same render with the taxpayer number masked (decision 049). */
  shownSha256: string;
};

/** The date as the form asks for it, in UTC (month, day, year). */
export function formDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/** `2026-11-23 14:05:09 UTC`. */
export function utcTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Splits `text` into lines no wider than `width`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !current) current = next;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * A fingerprint (`AB:CD:…`) in lines no wider than `width`, broken only after a colon and in lines of
 * as even a length as fit, so that every byte can be read and compared, none split across lines.
 */
function fingerprintLines(font: PDFFont, fingerprint: string, size: number, width: number): string[] {
  const bytes = fingerprint.split(':');
  const fits = (count: number) => font.widthOfTextAtSize(`${bytes.slice(0, count).join(':')}:`, size) <= width;
  let most = bytes.length;
  while (most > 1 && !fits(most)) most -= 1;
  const perLine = Math.ceil(bytes.length / Math.ceil(bytes.length / most));
  const lines: string[] = [];
  for (let start = 0; start < bytes.length; start += perLine) {
    const end = Math.min(bytes.length, start + perLine);
    // A colon ends every line but the last: the fingerprint goes on below.
    lines.push(bytes.slice(start, end).join(':') + (end < bytes.length ? ':' : ''));
  }
  return lines;
}

async function stampSignature(document: PDFDocument, page: PDFPage, mark: SignatureMark, signedAt: Date): Promise<void> {
  const ink = rgb(0.05, 0.1, 0.35);
  if (mark.kind === 'drawn') {
    const image = await document.embedPng(mark.png);
    const scale = Math.min(signatureBox.width / image.width, signatureBox.height / image.height);
    page.drawImage(image, { x: signatureBox.x, y: signatureBox.y - 2, width: image.width * scale, height: image.height * scale });
  } else {
    const font = await document.embedFont(StandardFonts.HelveticaOblique);
    const text = drawable(font, mark.name);
    let size = 12;
    while (size > 6 && font.widthOfTextAtSize(text, size) > signatureBox.width) size -= 0.5;
    page.drawText(text, { x: signatureBox.x, y: signatureBox.y, size, font, color: ink });
  }
  const dateFont = await document.embedFont(StandardFonts.Helvetica);
  page.drawText(formDate(signedAt), { x: dateBox.x, y: dateBox.y, size: 9, font: dateFont, color: ink });
}

const sealDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

async function appendCertificate(
  document: PDFDocument,
  certificate: SigningCertificate,
  mark: SignatureMark,
  sealed: { signedFormSha256: string; seal: SealFacts },
): Promise<void> {
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const courier = await document.embedFont(StandardFonts.Courier);
  let page = document.addPage([612, 792]);
  const margin = 54;
  const width = 612 - margin * 2;
  let y = 792 - margin;

  const room = (height: number) => {
    if (y - height < margin) {
      page = document.addPage([612, 792]);
      y = 792 - margin;
    }
  };
  const paragraph = (text: string, options: { size?: number; face?: PDFFont; gap?: number } = {}) => {
    const size = options.size ?? 10;
    const face = options.face ?? font;
    for (const line of wrap(face, drawable(face, text), size, width)) {
      room(size + 4);
      page.drawText(line, { x: margin, y: y - size, size, font: face });
      y -= size + 4;
    }
    y -= options.gap ?? 6;
  };
  const field = (label: string, value: string | readonly string[], face: PDFFont = font) => {
    room(14);
    page.drawText(label, { x: margin, y: y - 10, size: 10, font: bold });
    const lines = typeof value === 'string' ? wrap(face, drawable(face, value), face === courier ? 9 : 10, width - 150) : value;
    lines.forEach((line, index) => {
      if (index > 0) room(14);
      page.drawText(line, { x: margin + 150, y: y - 10, size: face === courier ? 9 : 10, font: face });
      y -= 14;
    });
    if (lines.length === 0) y -= 14;
  };

  paragraph('Certificate of electronic signature', { size: 16, face: bold, gap: 4 });
  paragraph(`Form SS-4, Application for Employer Identification Number, application ${certificate.trackingNumber}`, { gap: 12 });
  field('Signed by', certificate.signerName);
  field('Title', certificate.signerTitle);
  field('E-mail', certificate.signerEmail);
  field('Signature', mark.kind === 'drawn' ? 'Drawn by hand on screen (image on page 1)' : 'Typed name (on page 1)');
  field('IP address', certificate.ipAddress);
  field('Browser', certificate.userAgent || 'Not given');
  field('Link sent', utcTimestamp(certificate.requestedAt));
  field('Identity confirmed', certificate.verifiedAt ? `${utcTimestamp(certificate.verifiedAt)} (${verifiedByWords[certificate.verifiedBy ?? 'ssn']})` : 'Not recorded');
  field('Signed', utcTimestamp(certificate.signedAt));
  field('Request id', certificate.requestId, courier);
  field('Unsigned SHA-256', certificate.unsignedSha256, courier);
  field('Shown SHA-256', certificate.shownSha256, courier);
  field('Signed form SHA-256', sealed.signedFormSha256, courier);
  y -= 8;
  paragraph('The signer agreed to each text below, as worded in the version shown.', { gap: 8 });
  for (const consent of certificate.consents) {
    paragraph(`${consent.label} (version ${consent.version})`, { face: bold, gap: 2 });
    paragraph(consent.text, { gap: 10 });
  }
  paragraph(
    'The unsigned SHA-256 is of the form as rendered from the stored application; rendering the same application again gives the same file and the same hash. The shown SHA-256 is of the same render with the taxpayer number masked, the form the signer opened and read. The signed form SHA-256 is of the form with the signature and the date in place and every field read-only, before this page was added and the file was sealed.',
    { size: 8, gap: 12 },
  );
  paragraph('Seal', { size: 12, face: bold, gap: 4 });
  paragraph(
    'This file is sealed with the digital signature of the certificate below, made when the form was signed. A PDF reader shows the signature in its signature panel; a change to any part of the file after sealing shows there as breaking it.',
    { gap: 6 },
  );
  field('Certificate', sealed.seal.subject);
  field('SHA-256 fingerprint', fingerprintLines(courier, sealed.seal.fingerprint, 9, width - 150), courier);
  field('Valid until', sealDateFormat.format(sealed.seal.validUntil));
  if (sealed.seal.selfSigned) {
    y -= 6;
    paragraph(
      'The certificate is self-signed: the service made it itself rather than having it issued by a certification authority. A PDF reader still shows whether the file has changed since it was sealed, but names the signer as not verified; compare the fingerprint above with the one the service gives on request.',
      { size: 8 },
    );
  }
}

export type SignedSs4 = {
  /** The sealed file. */
  pdf: Uint8Array;
  /** SHA-256 (hex) of the signed form before the certificate page and the seal, as the certificate page prints it. */
  signedFormSha256: string;
};

/**
 * The filled form signed: the signature and the date on page 1, every field read-only, the
 * certificate page, and the seal over the whole file.
 */
export async function signSs4(unsigned: Uint8Array, mark: SignatureMark, certificate: SigningCertificate, sealer: PdfSealer): Promise<SignedSs4> {
  const document = await PDFDocument.load(unsigned, { updateMetadata: false });
  const [first] = document.getPages();
  if (!first) throw new Error('The form has no page');
  await stampSignature(document, first, mark, certificate.signedAt);
  // Read-only rather than flattened: the values stay text a reader can search and copy, but no
  // reader offers to edit them, and the seal shows any edit made by other means.
  for (const field of document.getForm().getFields()) field.enableReadOnly();
  document.setModificationDate(certificate.signedAt);
  const signedFormSha256 = createHash('sha256')
    .update(await document.save({ updateFieldAppearances: false }))
    .digest('hex');
  await appendCertificate(document, certificate, mark, { signedFormSha256, seal: sealer.certificate });
  const pdf = await sealer.seal(document, { signedAt: certificate.signedAt, reason: 'Form SS-4 signed electronically; sealed against change' });
  return { pdf, signedFormSha256 };
}
