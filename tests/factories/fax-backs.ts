import { PDFDocument, rgb } from 'pdf-lib';
import type { Application } from '#shared/application/application.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { ss4Lines } from '#shared/ss4/ss4-mapping.ts';
import { generateIrsEin, seededRandom, simulateIrsReply, type Random } from '#server/fax/index.ts';
import { parseFilingReference, referencePlaces, stampFilingReference } from '#server/filing/index.ts';
import { fillSs4, signSs4 } from '#server/ss4/index.ts';
import { createPdfSealer, makeSelfSignedSealP12, readSealCertificate, type PdfSealer } from '#server/seal/index.ts';

// IRS fax-backs made the way production makes them, for the reader's test and the bench: the sample
// application's SS-4 filled and signed (page 1 of the form and the certificate page the signing step
// appends), stamped with a filing reference, and answered by the simulated IRS with its skew, specks
// and streaks. Everything is drawn from fixed seeds, references included, so a run can be replayed.

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A filing reference drawn from a seeded generator: ten characters and the one check character that completes them. */
export function seededReference(random: Random): string {
  const ten = Array.from({ length: 10 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  for (const check of alphabet) {
    const reference = parseFilingReference(`${ten.slice(0, 5)}-${ten.slice(5)}${check}`);
    if (reference) return reference;
  }
  throw new Error('Ten characters with no check character');
}

/** A sealer with a self-signed certificate of its own, as a fresh service makes on its first start. */
export async function testSealer(): Promise<PdfSealer> {
  const password = 'fax-backs';
  const p12 = await makeSelfSignedSealP12({ commonName: 'EIN Filing Service document seal', organization: 'EIN Filing Service LLC', password });
  return createPdfSealer(readSealCertificate(p12, password, 'a test seal'), { name: 'EIN Filing Service', contactInfo: 'support@example.com' });
}

let shared: Promise<PdfSealer> | undefined;
/** One test sealer for the whole test file (its key takes a moment to make). */
export function sharedTestSealer(): Promise<PdfSealer> {
  shared ??= testSealer();
  return shared;
}

/** When the fax-backs' copies are stamped and sealed: fixed, so a run can be replayed. */
const stampedAt = new Date('2026-01-06T14:00:00Z');

/** The faxed copy of `signed` with this reference, stamped and sealed as the fax outbox does it. */
export async function faxedCopy(signed: Uint8Array, reference: string): Promise<Uint8Array> {
  return stampFilingReference(signed, reference, await sharedTestSealer(), stampedAt);
}

/** The sample application's SS-4 signed and sealed as the signing step stores it (the form's two pages and the certificate page). */
export async function sealedSignedSs4(sealer: PdfSealer): Promise<Uint8Array> {
  const designee = { name: 'EIN Filing Service LLC', address: '500 Congress Ave, Austin, TX 78701', phone: '(512) 555-0100', fax: null };
  const filled = await fillSs4(ss4Lines(sampleApplication() as Application, designee));
  const { pdf: signed } = await signSs4(
    filled,
    { kind: 'typed', name: 'John Public' },
    {
      requestId: '3f1b0c2e-5d7a-4c1e-9a63-0b8f7e2d4c11',
      trackingNumber: 'K7M2P9Q4R8T3',
      signerName: 'John Public',
      signerTitle: 'Managing Member',
      signerEmail: 'john@example.com',
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      requestedAt: new Date('2026-01-05T10:00:00Z'),
      verifiedAt: new Date('2026-01-05T10:05:00Z'),
      signedAt: new Date('2026-01-05T10:06:00Z'),
      consents: [{ label: 'Electronic signature', text: 'I agree to sign electronically.', version: '1' }],
      unsignedSha256: 'ab'.repeat(32),
      shownSha256: 'cd'.repeat(32),
    },
    sealer,
  );
  return signed;
}

/** The form's page 1 and the certificate page, as the service faxes them once the customer has signed. */
export async function signedSs4ForFax(): Promise<Uint8Array> {
  const signed = await sealedSignedSs4(await sharedTestSealer());
  // Page 2 of the form is its instructions, which the IRS does not need.
  const document = await PDFDocument.load(signed);
  if (document.getPageCount() !== 3) throw new Error(`A signed SS-4 of ${document.getPageCount()} pages`);
  document.removePage(1);
  // Written as the sealer writes, with a cross-reference table, so the stamp is appended as it is in production.
  return document.save({ useObjectStreams: false });
}

/** Both marks covered by an ink blot on every page, as on a fax smudged beyond reading. */
export async function blotReferences(pdf: Uint8Array): Promise<Uint8Array> {
  const document = await PDFDocument.load(pdf);
  for (const page of document.getPages()) {
    const { width, height } = page.getSize();
    const places = referencePlaces(width, height);
    const ink = rgb(0.1, 0.1, 0.1);
    page.drawRectangle({ x: places.code.x - 2, y: places.code.y - 2, width: places.code.side + 4, height: places.code.side + 4, color: ink });
    page.drawRectangle({ x: places.text.centreX - 80, y: 2, width: 160, height: places.text.size + 10, color: ink });
  }
  return document.save();
}

export type FaxBackCase = { index: number; reference: string; ein: string; dropCode: boolean; blot: boolean; reply: Uint8Array };

/** Twenty cases: three lose their code on every page (their written reference stays), one has both marks blotted. */
export const faxBackCount = 20;
const droppedCode = new Set([3, 9, 15]);
const blottedCase = 12;

/** The fax-back of case `index` (0 to 19) for the signed SS-4: the same bytes every time. */
export async function makeFaxBackCase(signed: Uint8Array, index: number): Promise<FaxBackCase> {
  const random = seededRandom(20_260_000 + index);
  const reference = seededReference(random);
  const ein = generateIrsEin(random);
  const dropCode = droppedCode.has(index);
  const blot = index === blottedCase;
  const stamped = await faxedCopy(signed, reference);
  const received = blot ? await blotReferences(stamped) : stamped;
  const reply = await simulateIrsReply({ received, ein, seed: 7_000 + index, dropCodeOnPages: dropCode ? [0, 1] : [] });
  return { index, reference, ein, dropCode, blot, reply };
}
