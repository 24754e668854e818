// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { mailbox, staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { decodeMail, mailTo } from '#tests/support/orders-api.ts';
import { pdfsig } from '#tests/support/pdfsig.ts';
import { pdfContents, unmaskedForms } from '#tests/support/pdf-contents.ts';
import { filings, irsLetters, testFaxes } from '../db';
import { cropStraight, estimateSkew, faxDpi, isTestFaxTransport, renderPdfGray, type GrayImage, type TestFaxTransport } from '../fax';
import { findFormShift } from '../filing';
import { ss4FieldPrefix, ss4FieldRegion } from '../ss4';
import { maskSsn, ss4TextFields } from '#shared/ss4/ss4-mapping.ts';
import type { SampleOverrides } from '#shared/application/sample-application.ts';
import { signingConsents, type SignSubmission } from '#shared/signing/signing.ts';
import type { FaxInboxResponse } from '#shared/filing/filing.ts';

// Issue 35, item 2: every document a customer opens through a link, behind the last four digits of the
// taxpayer number, shows no more of it than those four (decision 049). The form to sign, the signer's
// copy (on the thank-you page and through the e-mailed link) and the IRS's fax-back, for an SSN holder
// and an ITIN holder; the filed form and the fax as received stay whole for staff. The test fax
// transport keeps its faxes encrypted, as a provider would.

const submission: SignSubmission = {
  name: 'John Public',
  title: 'Managing Member',
  signature: { kind: 'typed' },
  consents: { electronic: signingConsents.electronic.version, perjury: signingConsents.perjury.version, designee: signingConsents.designee.version },
};

const holders: { label: string; number: string; contact: SampleOverrides['contact'] }[] = [
  { label: 'an SSN', number: '401557788', contact: { rpTaxIdType: 'ssn', rpSSN: '401557788' } },
  { label: 'an ITIN', number: '912701234', contact: { rpTaxIdType: 'itin', rpSSN: '', rpItin: '912701234', rpUsPerson: 'true' } },
];

const line7b = ss4FieldPrefix + ss4TextFields.responsibleTin;

let nextAddress = 0;
const clientAddress = () => `203.0.113.${(nextAddress++ % 250) + 1}`;

/** The PDF holds none of the number's first five digits, in its text, its fields or any object of the file. */
async function expectNoWholeNumber(pdf: Uint8Array, number: string): Promise<void> {
  const contents = await pdfContents(pdf);
  for (const form of unmaskedForms(number)) {
    expect(contents.text.includes(form), `the text holds ${form}`).toBe(false);
    expect(Object.values(contents.fields).join('\n').includes(form), `a field holds ${form}`).toBe(false);
    expect(contents.objects.includes(form), `an object of the file holds ${form}`).toBe(false);
  }
}

/** The share of dark pixels in line 7b's field on the fax page that is the form's page 1. */
async function line7bDarkness(pdf: Uint8Array): Promise<number> {
  const field = await ss4FieldRegion(ss4TextFields.responsibleTin);
  for (const page of await renderPdfGray(new Uint8Array(pdf), { xDpi: faxDpi.x, yDpi: faxDpi.y })) {
    const angle = estimateSkew(page);
    const shift = findFormShift(page, angle);
    if (!shift) continue;
    // The value's part of the field: inside its box, away from the rules around it.
    const cut: GrayImage = cropStraight(page, { x: field.x + shift.x + 2, y: field.y + shift.y + 1, width: field.width - 4, height: field.height - 3 }, angle, 200);
    return cut.pixels.filter((level) => level < 128).length / cut.pixels.length;
  }
  throw new Error('No page of the fax shows the form’s page 1');
}

describe.each(testDatabaseKinds)('the documents a customer opens through a link, on %s', (kind) => {
  const harness = withStaffApp(kind, { env: { TEST_FAX_IRS_REPLY_SECONDS: '0' } });
  let admin: SignedInMember;
  let transport: TestFaxTransport;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
    const provider = harness.services.filing.provider;
    if (!isTestFaxTransport(provider)) throw new Error('The tests run on the built-in test transport');
    transport = provider;
  }, 60_000);

  afterEach(async () => {
    await harness.database.db.update(testFaxes).set({ reportAt: null, irsReplyAt: null });
  });

  const links = (address: string, pattern: RegExp) => mailTo(mailbox(harness.env), address).map(decodeMail).flatMap((message) => [...message.matchAll(pattern)].map((match) => match[1]!));
  const get = (url: string, cookie?: string) => harness.app.inject({ method: 'GET', url, remoteAddress: clientAddress(), headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: unknown, cookie?: string) =>
    harness.app.inject({ method: 'POST', url, remoteAddress: clientAddress(), payload: payload as string, headers: { 'user-agent': 'MaskedDocumentsTest/1.0', ...(cookie ? { cookie } : {}) } });

  /** Answers a link's question with the last four digits and answers its cookie. */
  async function verify(api: string, number: string): Promise<string> {
    const verified = await post(`${api}/verify`, { ssnLast4: number.slice(-4) });
    expect(verified.statusCode, verified.body).toBe(200);
    return String(verified.headers['set-cookie']).split(';')[0]!;
  }

  it.each(holders)('shows the responsible party with $label only the last four digits in the form to sign, the signer’s copy and the IRS’s fax-back', async ({ number, contact }) => {
    const db = harness.database.db;
    const order = await createPaidOrder(db, { application: { contact }, cipher: harness.services.cipher, billingEmail: `masked-${nextAddress}-${Date.now()}@example.com`, assignedTo: admin.id });
    const masked = maskSsn(number);

    // The form to sign, opened as a PDF from the signing page.
    expect((await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${order.id}/signature-requests`)).statusCode).toBe(200);
    const token = links(order.billingEmail, /\/sign\/([A-Za-z0-9_-]{43})/g).at(-1)!;
    const signingCookie = await verify(`/api/sign/${token}`, number);
    const preview = await get(`/api/sign/${token}/document.pdf`, signingCookie);
    expect(preview.statusCode).toBe(200);
    await expectNoWholeNumber(preview.rawPayload, number);
    expect((await pdfContents(preview.rawPayload)).fields[line7b]).toBe(masked);

    // Signed; the copy on the thank-you page and the one the e-mailed link opens.
    const signed = await post(`/api/sign/${token}/sign`, submission, signingCookie);
    expect(signed.statusCode, signed.body).toBe(200);
    const thankYouCopy = await get(`/api/sign/${token}/signed.pdf`, signingCookie);
    expect(thankYouCopy.statusCode).toBe(200);
    const copyToken = links(order.billingEmail, /\/signed-ss4\/([A-Za-z0-9_-]{43})/g).at(-1)!;
    const copyCookie = await verify(`/api/signed-ss4/${copyToken}`, number);
    const linkedCopy = await get(`/api/signed-ss4/${copyToken}/document.pdf`, copyCookie);
    expect(linkedCopy.statusCode).toBe(200);
    for (const copy of [thankYouCopy.rawPayload, linkedCopy.rawPayload]) {
      await expectNoWholeNumber(copy, number);
      const contents = await pdfContents(copy);
      // Printed on the page, masked; no field is left to hold a value.
      expect(contents.text).toContain(masked);
      expect(contents.fields).toEqual({});
      expect(contents.text).toContain('Signer’s copy');
      // Sealed, as the filed form is.
      const report = await pdfsig(copy);
      expect(report.validation, report.text).toBe('Signature is Valid.');
      expect(report.wholeDocument, report.text).toBe(true);
    }

    // The filed form, for staff behind the step-up, keeps the whole number.
    const filed = await staffInject(harness.app, admin.cookie, 'GET', `/api/manage/orders/${order.id}/ss4-signed.pdf`);
    expect(filed.statusCode).toBe(200);
    expect((await pdfContents(filed.rawPayload)).fields[line7b]).toBe(`${number.slice(0, 3)}-${number.slice(3, 5)}-${number.slice(5)}`);

    // Faxed, answered by the (simulated) IRS, read, and confirmed: the customer is e-mailed the letter.
    expect((await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${order.id}/filings`, { method: 'fax' })).statusCode).toBe(201);
    const faxIds = (await db.select().from(filings).where(eq(filings.orderId, order.id))).map((filing) => filing.providerFaxId).filter((id): id is string => id !== null);
    await db.update(testFaxes).set({ reportAt: sql`now()` }).where(and(inArray(testFaxes.id, faxIds), isNotNull(testFaxes.reportAt)));
    await transport.pump();
    await transport.pump();
    const inbox = await staffInject(harness.app, admin.cookie, 'GET', '/api/manage/fax-inbox');
    const fax = inbox.json<FaxInboxResponse>().faxes.find((entry) => entry.order?.id === order.id);
    expect(fax, inbox.body).toMatchObject({ status: 'matched' });
    const confirmed = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/fax-inbox/${fax!.id}/match`, { orderId: order.id, ein: fax!.ein });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const letterToken = links(order.billingEmail, /\/ein-letter\/([A-Za-z0-9_-]{43})/g).at(-1)!;
    const letterCookie = await verify(`/api/ein-letter/${letterToken}`, number);
    const letter = await get(`/api/ein-letter/${letterToken}/document.pdf`, letterCookie);
    expect(letter.statusCode).toBe(200);
    await expectNoWholeNumber(letter.rawPayload, number);
    // Line 7b is covered on the page the customer gets; the fax as received, which staff see, shows it.
    const [stored] = await db.select().from(irsLetters).where(eq(irsLetters.orderId, order.id));
    const received = new Uint8Array(Buffer.from(harness.services.cipher.decrypt(stored!.document!), 'base64'));
    expect(await line7bDarkness(received)).toBeLessThan(0.5);
    expect(await line7bDarkness(letter.rawPayload)).toBeGreaterThan(0.97);

    // The test transport's folders, as a provider keeps faxes: the SS-4 sent and the fax-back received
    // are there, each file of a fax one sealed value that the service's key opens to the PDF, nothing
    // else in it; no file is a PDF or a TIFF in the clear, and none kept in the clear holds the number's
    // digits. (A sealed value is base64url text, in which five given digits turn up by chance about once
    // in two hundred faxes: its digits are not looked for.)
    const files = Object.values(transport.folders).flatMap((folder) => readdirSync(folder).map((name) => path.join(folder, name)));
    expect(files.filter((file) => file.endsWith('.pdf.enc')).length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 5).toString('latin1'), file).not.toBe('%PDF-');
      expect(['II*\0', 'MM\0*'], file).not.toContain(bytes.subarray(0, 4).toString('latin1'));
      if (file.endsWith('.enc')) {
        const sealed = bytes.toString('latin1');
        expect(sealed, file).toMatch(/^v1(\.[A-Za-z0-9_-]+){3}$/);
        const opened = Buffer.from(harness.services.cipher.decrypt(sealed), 'base64');
        if (file.endsWith('.pdf.enc')) expect(opened.subarray(0, 5).toString('latin1'), file).toBe('%PDF-');
      } else {
        for (const form of unmaskedForms(number)) expect(bytes.includes(form), `${file} holds ${form}`).toBe(false);
      }
    }
  }, 180_000);
});
