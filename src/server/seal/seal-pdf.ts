import type { PDFDocument } from 'pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import type { SealCertificate } from './seal-certificate';

// Sealing a finished PDF (decision 037): a PDF digital signature (CMS, detached, SHA-256, over the
// whole file but the signature itself) made with the service's certificate. Any PDF reader then shows
// the file as signed by the service, and a change of any byte afterwards as breaking the signature.

/** What a sealed document says about the certificate that sealed it. */
export type SealFacts = Pick<SealCertificate, 'subject' | 'fingerprint' | 'selfSigned' | 'validUntil'>;

export type SealOptions = {
  /** The signature's time, and its reason as PDF readers show it. */
  signedAt: Date;
  reason: string;
};

export type PdfSealer = {
  certificate: SealFacts;
  /**
   * Adds the signature to the document (which must not change afterwards), writes it and signs it.
   * The file keeps no object streams, so each object, field values included, stays readable as written.
   */
  seal: (document: PDFDocument, options: SealOptions) => Promise<Uint8Array>;
};

export function createPdfSealer(certificate: SealCertificate, { name, contactInfo }: { name: string; contactInfo: string }): PdfSealer {
  const signPdf = new SignPdf();
  return {
    certificate: { subject: certificate.subject, fingerprint: certificate.fingerprint, selfSigned: certificate.selfSigned, validUntil: certificate.validUntil },
    async seal(document, { signedAt, reason }) {
      pdflibAddPlaceholder({ pdfDoc: document, reason, contactInfo, name, location: 'United States', signingTime: signedAt, appName: name });
      const prepared = await document.save({ updateFieldAppearances: false, useObjectStreams: false });
      // A signer reads its file as it signs, so each seal gets its own.
      const signer = new P12Signer(certificate.p12, { passphrase: certificate.password });
      return new Uint8Array(await signPdf.sign(Buffer.from(prepared), signer, signedAt));
    },
  };
}
