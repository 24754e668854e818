import { describe, expect, it } from 'vitest';
import type { Application } from '#shared/application/application.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { ss4Lines } from '#shared/ss4/ss4-mapping.ts';
import { pdfContents } from '#tests/support/pdf-contents.ts';
import { createPdfSealer, makeSelfSignedSealP12, readSealCertificate } from '../seal';
import { makeSignersCopy } from './customer-copies';
import { fillSs4 } from './fill-ss4';

// The signer's copy is the IRS's English form with a note page the service writes: that page speaks
// the order's language (decision 061), the form's own text stays what the IRS reads.

describe("the signer's copy's note page", () => {
  it("is written in the order's language, around the same English form", async () => {
    const password = 'copy-language-test';
    const sealer = createPdfSealer(readSealCertificate(await makeSelfSignedSealP12({ commonName: 'Test seal', organization: 'Test', password }), password, 'test'), {
      name: 'EIN Filing Service',
      contactInfo: 'support@example.com',
    });
    const form = await fillSs4(ss4Lines(sampleApplication() as Application, null));
    const madeAt = new Date('2026-11-26T17:05:00Z');
    const [english, spanish] = await Promise.all(
      (['en', 'es'] as const).map(async (locale) => pdfContents(await makeSignersCopy(form, { numbers: ['123456789'], sealer, madeAt, locale }))),
    );
    expect(english!.text).toContain('Signer’s copy');
    expect(english!.text).not.toContain('Copia del firmante');
    expect(spanish!.text).toContain('Copia del firmante');
    expect(spanish!.text).not.toContain('Signer’s copy');
    // The form's pages are the same in both: only the note differs.
    const formText = (text: string) => text.slice(0, text.indexOf('Signer’s copy') === -1 ? text.indexOf('Copia del firmante') : text.indexOf('Signer’s copy'));
    expect(formText(spanish!.text)).toBe(formText(english!.text));
  });
});
