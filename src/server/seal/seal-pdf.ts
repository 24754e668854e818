import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import type { SealCertificate } from './seal-certificate';
import { lastCrossReferenceTable, updateIncrementally } from './incremental-update';

// Sealing a finished PDF (decision 037): a PDF digital signature (CMS, detached, SHA-256, over the
// whole file but the signature itself) made with the service's certificate. Any PDF reader then shows
// the file as signed by the service, and a change of any byte afterwards as breaking the signature.
// What is added to a sealed file later (the filing reference on the faxed copy) is appended as an
// incremental update carrying a seal of its own (decision 050), so the first seal stays valid.

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
  /**
   * A sealed file with `change` (drawing on its pages, say) appended as an incremental update that is
   * sealed in turn: every byte of `pdf` stays as it was, so its seal still verifies, and the new seal
   * covers the whole file, the change included. A file that does not end with a cross-reference table
   * (written with object streams, so never sealed here) is changed and sealed whole instead.
   */
  sealUpdate: (pdf: Uint8Array, change: (document: PDFDocument) => void | Promise<void>, options: SealOptions) => Promise<Uint8Array>;
};

/** The signature fields the document has, terminal or not. */
function signatureFieldCount(document: PDFDocument): number {
  const fields = document.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict)?.lookupMaybe(PDFName.of('Fields'), PDFArray);
  return (fields?.asArray() ?? []).filter((field) => document.context.lookupMaybe(field, PDFDict)?.get(PDFName.of('FT')) === PDFName.of('Sig')).length;
}

export function createPdfSealer(certificate: SealCertificate, { name, contactInfo }: { name: string; contactInfo: string }): PdfSealer {
  const signPdf = new SignPdf();

  /** Reserves the signature (an invisible field on page 1), named after the seals already there. */
  function addPlaceholder(document: PDFDocument, { signedAt, reason }: SealOptions): void {
    const earlier = signatureFieldCount(document);
    pdflibAddPlaceholder({ pdfDoc: document, reason, contactInfo, name, location: 'United States', signingTime: signedAt, appName: name });
    if (earlier === 0) return;
    // The placeholder is always called Signature1; a second seal needs a name of its own.
    const fields = document.catalog.lookup(PDFName.of('AcroForm'), PDFDict).lookup(PDFName.of('Fields'), PDFArray);
    fields.lookup(fields.size() - 1, PDFDict).set(PDFName.of('T'), PDFString.of(`Signature${earlier + 1}`));
  }

  async function sign(prepared: Uint8Array, signedAt: Date): Promise<Uint8Array> {
    // A signer reads its file as it signs, so each seal gets its own.
    const signer = new P12Signer(certificate.p12, { passphrase: certificate.password });
    return new Uint8Array(await signPdf.sign(Buffer.from(prepared), signer, signedAt));
  }

  async function seal(document: PDFDocument, options: SealOptions): Promise<Uint8Array> {
    addPlaceholder(document, options);
    return sign(await document.save({ updateFieldAppearances: false, useObjectStreams: false }), options.signedAt);
  }

  return {
    certificate: { subject: certificate.subject, fingerprint: certificate.fingerprint, selfSigned: certificate.selfSigned, validUntil: certificate.validUntil },
    seal,
    async sealUpdate(pdf, change, options) {
      if (lastCrossReferenceTable(pdf) === null) {
        const document = await PDFDocument.load(pdf, { updateMetadata: false });
        await change(document);
        return seal(document, options);
      }
      const updated = await updateIncrementally(pdf, async (document) => {
        await change(document);
        addPlaceholder(document, options);
      });
      return sign(updated, options.signedAt);
    },
  };
}
