// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDocument, PDFRawStream, PDFSignature, decodePDFRawStream, type PDFPage } from 'pdf-lib';
import { eq, sql } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { customerDocumentLinks, emailOutbox, signingRequests } from '../db';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { mailbox, staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { applicationWithSsn, auditRows, mailTo } from '#tests/support/orders-api.ts';
import { pdfsig } from '#tests/support/pdfsig.ts';
import { purgeExpiredData } from '../retention';
import { createDocumentLink } from '../documents';
import { sha256Hex } from '../ss4';
import { signedCopyPath, signingConsents, signingMessages, type SignSubmission } from '#shared/signing/signing.ts';
import { customerDocumentLinkDays, customerDocumentMessages } from '#shared/documents/documents.ts';
import { ssnLastFourMessages } from '#shared/ssn-last-four.ts';
import type { ApiErrorBody } from '#shared/errors.ts';

// The signed SS-4 sealed with the service's certificate (checked by Poppler's pdfsig, as any PDF reader
// would), and the signer's own copy: on the thank-you page, and through the e-mailed document link.

const submission: SignSubmission = {
  name: 'John Public',
  title: 'Managing Member',
  signature: { kind: 'typed' },
  consents: { electronic: signingConsents.electronic.version, perjury: signingConsents.perjury.version, designee: signingConsents.designee.version },
};

let nextAddress = 0;
function clientAddress(): string {
  nextAddress += 1;
  return `192.0.2.${(nextAddress % 250) + 1}`;
}

function pageText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n')
    .replace(/<([0-9A-Fa-f]+)> Tj/g, (_match, hex: string) => `(${Buffer.from(hex, 'hex').toString('latin1')}) Tj`);
}

describe.each(testDatabaseKinds)('the sealed SS-4 and the signer’s copy on %s', (kind) => {
  const harness = withStaffApp(kind);
  let admin: SignedInMember;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
  }, 60_000);

  function call(method: 'GET' | 'POST', url: string, { payload, cookie }: { payload?: unknown; cookie?: string } = {}) {
    return harness.app.inject({
      method,
      url,
      remoteAddress: clientAddress(),
      headers: { 'user-agent': 'SignedCopyTest/1.0', ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  }

  function linksTo(address: string, pattern: RegExp): string[] {
    return mailTo(mailbox(harness.env), address).flatMap((message) => [...message.matchAll(pattern)].map((match) => match[1]!));
  }

  /** A paid order, its signing link e-mailed, answered and signed in one browser. */
  async function signedOrder() {
    const order = await createPaidOrder(harness.database.db, { formData: applicationWithSsn(harness.services.cipher, '123456789'), billingEmail: `signer-${Date.now()}-${nextAddress}@example.com` });
    expect((await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${order.id}/signature-requests`)).statusCode).toBe(200);
    const token = linksTo(order.billingEmail, /\/sign\/([A-Za-z0-9_-]{43})/g).at(-1)!;
    const verified = await call('POST', `/api/sign/${token}/verify`, { payload: { ssnLast4: '6789' } });
    expect(verified.statusCode).toBe(200);
    const cookie = String(verified.headers['set-cookie']).split(';')[0]!;
    const signed = await call('POST', `/api/sign/${token}/sign`, { cookie, payload: submission });
    expect(signed.statusCode, signed.body).toBe(200);
    return { order, token, cookie };
  }

  async function staffDownload(orderId: number): Promise<Buffer> {
    const response = await staffInject(harness.app, admin.cookie, 'GET', `/api/manage/orders/${orderId}/ss4-signed.pdf`);
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  }

  it('seals the signed SS-4 once: valid over the whole file, every field read-only, and one changed byte breaks the seal', async () => {
    const { order, token, cookie } = await signedOrder();
    const sealed = await staffDownload(order.id);

    const report = await pdfsig(sealed);
    expect(report.validation, report.text).toBe('Signature is Valid.');
    expect(report.wholeDocument, report.text).toBe(true);
    expect(report.signerCommonName).toBe('EIN Filing Service document seal');

    // Sealed once: what staff download is what is stored. The signer's copy is that form with the SSN
    // masked, sealed on its own (decision 049).
    const [row] = await harness.database.db.select().from(signingRequests).where(eq(signingRequests.orderId, order.id));
    expect(row?.signedSha256).toBe(sha256Hex(sealed));
    const copy = await call('GET', signedCopyPath(token), { cookie });
    expect(copy.statusCode).toBe(200);
    expect(sha256Hex(copy.rawPayload)).not.toBe(sha256Hex(sealed));
    const copyReport = await pdfsig(copy.rawPayload);
    expect(copyReport.validation, copyReport.text).toBe('Signature is Valid.');
    expect(copyReport.wholeDocument, copyReport.text).toBe(true);

    const document = await PDFDocument.load(sealed);
    // Every field of the form is read-only; the one signature field is the seal itself.
    const fields = document.getForm().getFields();
    expect(fields.filter((field) => field instanceof PDFSignature).map((field) => field.getName())).toEqual(['Signature1']);
    const formFields = fields.filter((field) => !(field instanceof PDFSignature));
    expect(formFields.length).toBeGreaterThan(80);
    expect(formFields.filter((field) => !field.isReadOnly()).map((field) => field.getName())).toEqual([]);

    // The certificate page names the seal and records the signed form's hash before sealing.
    const certificate = document.getPages().slice(2).map(pageText).join('\n');
    const { fingerprint } = harness.services.sealer.certificate;
    expect(certificate).toContain('Signed form SHA-256');
    expect(certificate).toMatch(/\(([0-9a-f]{64})\) Tj[\s\S]*\(([0-9a-f]{64})\) Tj/);
    // The whole fingerprint, wrapped after a colon into lines that fit the page (16 bytes a line).
    const bytes = fingerprint.split(':');
    expect(bytes).toHaveLength(32);
    expect(certificate).toContain(`(${bytes.slice(0, 16).join(':')}:) Tj`);
    expect(certificate).toContain(`(${bytes.slice(16).join(':')}) Tj`);
    expect(certificate).toContain('self-signed');

    // One byte of a field value changed (John -> Kohn in line 7a): pdfsig reports the file modified.
    const value = Buffer.from('/V <FEFF004A006F0068006E0020005000750062006C00690063>', 'latin1');
    const at = sealed.indexOf(value);
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(sealed);
    tampered[at + '/V <FEFF004'.length] = 'B'.charCodeAt(0);
    const broken = await pdfsig(tampered);
    expect(broken.validation, broken.text).toBe('Digest Mismatch.');
  });

  it('lets the browser that signed download the copy from the thank-you page, and no other', async () => {
    const { order, token, cookie } = await signedOrder();
    const copy = await call('GET', signedCopyPath(token), { cookie });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('application/pdf');
    expect(copy.headers['cache-control']).toBe('no-store');
    expect(copy.headers['content-disposition']).toBe(`attachment; filename="SS-4-signed-${order.applicationId}.pdf"`);
    expect((await auditRows(harness.database.db, 'customer_document_downloaded', `order:${order.id}`)).map((row) => row.detail)).toEqual([
      expect.objectContaining({ kind: 'signed_ss4', via: 'signing_page' }),
    ]);

    const elsewhere = await call('GET', signedCopyPath(token));
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json<ApiErrorBody>().error).toStrictEqual({ code: 'signing_not_verified', message: signingMessages.notVerified });
    const unknown = await call('GET', signedCopyPath('A'.repeat(43)), { cookie });
    expect(unknown.statusCode).toBe(410);
    expect(unknown.body).not.toContain(order.applicationId);

    // A verified browser whose form is not signed yet gets nothing.
    const unsigned = await createPaidOrder(harness.database.db, { formData: applicationWithSsn(harness.services.cipher, '123456789'), billingEmail: `unsigned-${Date.now()}@example.com` });
    await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${unsigned.id}/signature-requests`);
    const unsignedToken = linksTo(unsigned.billingEmail, /\/sign\/([A-Za-z0-9_-]{43})/g).at(-1)!;
    const verified = await call('POST', `/api/sign/${unsignedToken}/verify`, { payload: { ssnLast4: '6789' } });
    const notYet = await call('GET', signedCopyPath(unsignedToken), { cookie: String(verified.headers['set-cookie']).split(';')[0]! });
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json<ApiErrorBody>().error.message).toBe(signingMessages.notSignedYet);
  });

  it('e-mails the signer a link that opens their copy after the last four digits of the SSN, for 30 days', async () => {
    const { order } = await signedOrder();
    const sealed = await staffDownload(order.id);
    const [message] = mailTo(mailbox(harness.env), order.billingEmail).filter((text) => /^Subject: Your signed SS-4/m.test(text));
    expect(message).toBeDefined();
    expect(message).toContain(`Subject: Your signed SS-4 (application ${order.applicationId})`);
    const token = linksTo(order.billingEmail, /\/signed-ss4\/([A-Za-z0-9_-]{43})/g).at(-1)!;
    expect(token).toBeDefined();

    // The link is kept only as its hash; the sent e-mail's body (which held it) is erased from the outbox.
    const [link] = await harness.database.db.select().from(customerDocumentLinks).where(eq(customerDocumentLinks.orderId, order.id));
    expect(link).toMatchObject({ kind: 'signed_ss4', tokenHash: sha256Hex(token) });
    expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBe(customerDocumentLinkDays * 24 * 60 * 60 * 1000);
    const outbox = await harness.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    expect(JSON.stringify(outbox)).not.toContain(token);

    const start = await call('GET', `/api/signed-ss4/${token}`);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toStrictEqual({ state: 'verify', expiresAt: link!.expiresAt.toISOString(), question: 'ssn' });
    expect(start.headers['cache-control']).toBe('no-store');

    const early = await call('GET', `/api/signed-ss4/${token}/document.pdf`);
    expect(early.statusCode).toBe(401);
    expect(early.json<ApiErrorBody>().error).toStrictEqual({ code: 'document_not_verified', message: customerDocumentMessages.notVerified });

    const wrong = await call('POST', `/api/signed-ss4/${token}/verify`, { payload: { ssnLast4: '0000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiErrorBody>().error.fields).toStrictEqual({ ssnLast4: [ssnLastFourMessages.wrong(4)] });
    expect((await call('POST', `/api/signed-ss4/${token}/verify`, { payload: { ssnLast4: '67' } })).json<ApiErrorBody>().error.fields).toStrictEqual({
      ssnLast4: [ssnLastFourMessages.format],
    });

    const verified = await call('POST', `/api/signed-ss4/${token}/verify`, { payload: { ssnLast4: '6789' } });
    expect(verified.statusCode).toBe(200);
    const setCookie = String(verified.headers['set-cookie']);
    expect(setCookie).toMatch(/^ein_document=[^;]+; Path=\/api\/signed-ss4\/; Max-Age=\d+; HttpOnly; SameSite=Strict/);
    const cookie = setCookie.split(';')[0]!;
    expect((await call('GET', `/api/signed-ss4/${token}`, { cookie })).json()).toMatchObject({ state: 'verified' });

    const download = await call('GET', `/api/signed-ss4/${token}/document.pdf`, { cookie });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="SS-4-signed-${order.applicationId}.pdf"`);
    // The signer's copy, not the filed form: the SSN masked (decision 049).
    expect(sha256Hex(download.rawPayload)).not.toBe(sha256Hex(sealed));
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const again = await call('GET', `/api/signed-ss4/${token}/document.pdf`, { cookie });
    expect(again.statusCode).toBe(200);
    const audited = await auditRows(harness.database.db, 'customer_document_downloaded', `order:${order.id}`);
    expect(audited.map((row) => row.detail)).toEqual([
      { kind: 'signed_ss4', linkId: link!.id },
      { kind: 'signed_ss4', linkId: link!.id },
    ]);
    expect(audited.every((row) => row.actor_id === null)).toBe(true);

    // Another kind's address does not open it, and the signing link does not open the document link.
    expect((await call('GET', `/api/sign/${token}`)).statusCode).toBe(410);
  });

  it('locks a document link after five wrong answers, and answers unknown and expired links with a 410 and no order data', async () => {
    const { order } = await signedOrder();
    const token = linksTo(order.billingEmail, /\/signed-ss4\/([A-Za-z0-9_-]{43})/g).at(-1)!;
    for (let left = 4; left >= 1; left -= 1) {
      const wrong = await call('POST', `/api/signed-ss4/${token}/verify`, { payload: { ssnLast4: '1111' } });
      expect(wrong.json<ApiErrorBody>().error.message).toBe(ssnLastFourMessages.wrong(left));
    }
    const fifth = await call('POST', `/api/signed-ss4/${token}/verify`, { payload: { ssnLast4: '1111' } });
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json<ApiErrorBody>().error).toStrictEqual({ code: 'document_link_unavailable', message: customerDocumentMessages.linkLocked });
    // Even the right answer is too late now.
    const right = await call('POST', `/api/signed-ss4/${token}/verify`, { payload: { ssnLast4: '6789' } });
    expect(right.statusCode).toBe(410);
    expect(right.headers['set-cookie']).toBeUndefined();

    const unknown = await call('GET', `/api/signed-ss4/${'B'.repeat(43)}`);
    expect(unknown.json<ApiErrorBody>().error).toStrictEqual({ code: 'document_link_unavailable', message: customerDocumentMessages.linkUnknown });
    expect((await call('GET', '/api/signed-ss4/not-a-token')).statusCode).toBe(410);

    const [request] = await harness.database.db.select().from(signingRequests).where(eq(signingRequests.orderId, order.id));
    const past = new Date(Date.now() - (customerDocumentLinkDays + 1) * 24 * 60 * 60 * 1000);
    const old = await createDocumentLink(harness.database.db, { cipher: harness.services.cipher, kind: 'signed_ss4', orderId: order.id, documentId: request!.id, now: past });
    const expiredToken = old.pagePath.split('/').at(-1)!;
    const expired = await call('GET', `/api/signed-ss4/${expiredToken}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json<ApiErrorBody>().error.message).toBe(customerDocumentMessages.linkExpired);
    expect(expired.body).not.toContain(order.applicationId);
  });

  it('removes expired links in the purge, and every link with the order’s personal data', async () => {
    const { order } = await signedOrder();
    const linksOf = () => harness.database.db.select().from(customerDocumentLinks).where(eq(customerDocumentLinks.orderId, order.id));
    expect(await linksOf()).toHaveLength(1);
    const [request] = await harness.database.db.select().from(signingRequests).where(eq(signingRequests.orderId, order.id));
    const past = new Date(Date.now() - (customerDocumentLinkDays + 1) * 24 * 60 * 60 * 1000);
    await createDocumentLink(harness.database.db, { cipher: harness.services.cipher, kind: 'signed_ss4', orderId: order.id, documentId: request!.id, now: past });
    expect(await linksOf()).toHaveLength(2);

    const log = harness.app.log;
    const counts = await purgeExpiredData({ services: harness.services, log });
    expect(counts.documentLinks).toBeGreaterThanOrEqual(1);
    expect(await linksOf()).toHaveLength(1);

    // The order closes and its retention period passes: the link goes with the signed form.
    await harness.database.db.execute(sql`update orders set status = 'completed', completed_at = now() - interval '3000 days' where id = ${order.id}`);
    const [link] = await linksOf();
    await purgeExpiredData({ services: harness.services, log });
    expect(await linksOf()).toEqual([]);
    expect(await harness.database.db.select().from(signingRequests).where(eq(signingRequests.orderId, order.id))).toEqual([]);
    expect(link).toBeDefined();
  });
});
