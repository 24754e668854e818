// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFPage } from 'pdf-lib';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { orderComments, orders, orderStatusHistory, signingRequests } from '../db';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { mailbox, staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { applicationWithSsn, auditRows, decodeMail, getOrder, mailTo, saveOrder } from '#tests/support/orders-api.ts';
import { sendDueSignatureReminders } from './send-signature-reminders';
import { sha256Hex, formDate } from '../ss4';
import { maxSignatureImageLength, signingConsents, signingMessages, type SignSubmission, type SigningReviewResponse, type SigningState } from '#shared/signing/signing.ts';
import type { ApiErrorBody } from '#shared/errors.ts';

const designeeEnv = {
  SS4_DESIGNEE_NAME: 'EIN Filing Service LLC',
  SS4_DESIGNEE_ADDRESS: '500 Congress Ave, Austin, TX 78701',
  SS4_DESIGNEE_PHONE: '(512) 555-0100',
};

const consents = {
  electronic: signingConsents.electronic.version,
  perjury: signingConsents.perjury.version,
  designee: signingConsents.designee.version,
};
const goodSubmission: SignSubmission = { name: 'john  PUBLIC ', title: 'Managing Member', signature: { kind: 'typed' }, consents };

/** A 1×1 PNG. */
const tinyPng =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let nextAddress = 0;
function clientAddress(): string {
  nextAddress += 1;
  return `192.0.2.${(nextAddress % 250) + 1}`;
}

/** The text drawn on a page, with pdf-lib's hex strings decoded. */
function pageText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n')
    .replace(/<([0-9A-Fa-f]+)> Tj/g, (_match, hex: string) => `(${Buffer.from(hex, 'hex').toString('latin1')}) Tj`);
}

describe.each(testDatabaseKinds)('signing the SS-4 on %s', (kind) => {
  const harness = withStaffApp(kind, { env: designeeEnv });
  let admin: SignedInMember;
  let fulfiller: SignedInMember;
  let other: SignedInMember;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
    fulfiller = await harness.signedIn({ role: 'fulfiller', name: 'Fran Fulfiller' });
    other = await harness.signedIn({ role: 'fulfiller' });
  }, 60_000);

  const newOrder = (overrides: { assignedTo?: string; billingEmail?: string } = {}) =>
    createPaidOrder(harness.database.db, { formData: applicationWithSsn(harness.services.cipher, '123456789'), assignedTo: fulfiller.id, ...overrides });

  /** The token of the latest signing link e-mailed to `address`. */
  function latestLinkTo(address: string): string {
    const messages = mailTo(mailbox(harness.env), address);
    const links = messages.flatMap((message) => [...message.matchAll(/\/sign\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!));
    const token = links.at(-1);
    if (!token) throw new Error(`No signing link was sent to ${address}`);
    return token;
  }

  async function requestSignature(orderId: number, cookie = fulfiller.cookie): Promise<LightMyRequestResponse> {
    return staffInject(harness.app, cookie, 'POST', `/api/manage/orders/${orderId}/signature-requests`);
  }

  type Call = { payload?: unknown; cookie?: string; address?: string; headers?: Record<string, string> };
  function call(method: 'GET' | 'POST', url: string, { payload, cookie, address, headers }: Call = {}) {
    return harness.app.inject({
      method,
      url,
      remoteAddress: address ?? clientAddress(),
      headers: { 'user-agent': 'SigningTest/1.0', ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  }

  async function verify(token: string, ssnLast4 = '6789'): Promise<string> {
    const response = await call('POST', `/api/sign/${token}/verify`, { payload: { ssnLast4 } });
    expect(response.statusCode, response.body).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/sign\//);
    return setCookie.split(';')[0]!;
  }

  async function preparedRequest(overrides: { assignedTo?: string } = {}) {
    const order = await newOrder(overrides);
    expect((await requestSignature(order.id, admin.cookie)).statusCode).toBe(200);
    const token = latestLinkTo(order.billingEmail);
    return { order, token };
  }

  const rowsOf = (orderId: number) => harness.database.db.select().from(signingRequests).where(eq(signingRequests.orderId, orderId));
  const errorOf = (response: LightMyRequestResponse) => response.json<ApiErrorBody>().error;

  it('plays the whole journey: request, e-mail, verification, review, signature, status, notice and the signed file', async () => {
    const order = await newOrder();
    const sent = await requestSignature(order.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ signing: SigningState }>().signing.state).toBe('sent');

    const [message] = mailTo(mailbox(harness.env), order.billingEmail).filter((text) => text.includes('sign your SS-4'));
    expect(message).toMatch(/Subject: Action needed: sign your SS-4/);
    expect(message).toContain('third-party designee');
    // The expiry in the zone of the Texas business address, named.
    expect(decodeMail(message!)).toMatch(/expires on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M C[SD]T\./);
    expect(message).toMatch(/http:\/\/localhost(:\d+)?\/sign\/[A-Za-z0-9_-]{43}/);
    const token = latestLinkTo(order.billingEmail);

    // The token is stored only as its SHA-256.
    const [stored] = await rowsOf(order.id);
    expect(stored?.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await getOrder(harness.app, admin.cookie, order.id)).status).toBe('awaiting_user_signature');

    const start = await call('GET', `/api/sign/${token}`);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({ state: 'verify', expiresAt: stored?.expiresAt.toISOString(), question: 'ssn' });
    expect(start.headers['cache-control']).toBe('no-store');
    expect(start.body).not.toContain('John');

    // Nothing personal before the SSN question is answered.
    expect((await call('GET', `/api/sign/${token}/review`)).statusCode).toBe(401);
    expect((await call('GET', `/api/sign/${token}/document.pdf`)).statusCode).toBe(401);

    const cookie = await verify(token);
    const review = await call('GET', `/api/sign/${token}/review`, { cookie });
    const body = review.json<SigningReviewResponse>();
    expect(body.signerName).toBe('John Public');
    expect(body.lines.find((line) => line.line === '7b')?.value).toBe('***-**-6789');
    expect(review.body).not.toContain('123-45-6789');
    expect(review.body).not.toContain('123456789');

    const unsigned = await call('GET', `/api/sign/${token}/document.pdf`, { cookie });
    expect(unsigned.statusCode).toBe(200);
    expect(unsigned.headers['content-type']).toBe('application/pdf');
    expect(unsigned.headers['cache-control']).toBe('no-store');

    const signed = await call('POST', `/api/sign/${token}/sign`, { cookie, payload: goodSubmission });
    expect(signed.statusCode, signed.body).toBe(200);
    const signedAt = new Date(signed.json<{ signedAt: string }>().signedAt);

    const detail = await getOrder(harness.app, admin.cookie, order.id);
    expect(detail.status).toBe('ss4_signed_awaiting_irs');
    expect(detail.statusHistory.at(-1)).toMatchObject({ toStatus: 'ss4_signed_awaiting_irs', changedBy: null, changedByCustomer: true });
    expect(detail.signing).toMatchObject({ state: 'signed', signerName: 'john PUBLIC' });
    const comments = await harness.database.db.select().from(orderComments).where(eq(orderComments.orderId, order.id));
    expect(comments).toEqual([expect.objectContaining({ byCustomer: true, userId: null, commentText: expect.stringContaining('signed the SS-4') })]);

    const notice = mailTo(mailbox(harness.env), fulfiller.email).filter((text) => text.includes('has been signed'));
    expect(notice).toHaveLength(1);

    const download = await staffInject(harness.app, fulfiller.cookie, 'GET', `/api/manage/orders/${order.id}/ss4-signed.pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="SS-4-${order.applicationId}-signed.pdf"`);
    expect(await auditRows(harness.database.db, 'signed_ss4_downloaded', `order:${order.id}`)).toHaveLength(1);

    // Read back: the name and the date on page 1, and a certificate whose hash is the unsigned render's.
    const pdf = await PDFDocument.load(download.rawPayload);
    const pages = pdf.getPages();
    expect(pages).toHaveLength(3);
    const first = pageText(pages[0]!);
    expect(first).toContain('(john PUBLIC) Tj');
    expect(first).toContain(`(${formDate(signedAt)}) Tj`);
    const certificate = pageText(pages[2]!);
    expect(certificate).toContain('Certificate of electronic signature');
    expect(certificate).toContain(sha256Hex(unsigned.rawPayload));
    expect(certificate).toContain('SigningTest/1.0');
    expect(certificate).toContain(signingConsents.perjury.version);
    expect(certificate).toContain(stored!.id);
    // The form's fields are kept.
    expect(pdf.getForm().getFields().length).toBeGreaterThan(40);

    // At rest the file is encrypted, and its hash is kept.
    const [after] = await rowsOf(order.id);
    expect(after?.signedPdf?.startsWith('v1.')).toBe(true);
    expect(after?.signedSha256).toBe(sha256Hex(download.rawPayload));
    // The record keeps the hash of the whole render, which the certificate also names; the form the
    // signer opened was that render masked (decision 049), named on the certificate by its own hash.
    expect(certificate).toContain(`${after?.unsignedSha256}`);
    expect(after?.unsignedSha256).not.toBe(sha256Hex(unsigned.rawPayload));

    // Used once: the link now answers with the support page's message, and no order data.
    const again = await call('GET', `/api/sign/${token}`, { cookie });
    expect(again.statusCode).toBe(410);
    expect(errorOf(again).message).toBe(signingMessages.linkUsed);
    expect(again.body).not.toContain(order.applicationId);
  });

  it('accepts a drawn signature and puts the image on page 1', async () => {
    const { order, token } = await preparedRequest();
    const cookie = await verify(token);
    const response = await call('POST', `/api/sign/${token}/sign`, { cookie, payload: { ...goodSubmission, signature: { kind: 'drawn', image: tinyPng } } });
    expect(response.statusCode, response.body).toBe(200);
    const download = await staffInject(harness.app, admin.cookie, 'GET', `/api/manage/orders/${order.id}/ss4-signed.pdf`);
    const first = pageText((await PDFDocument.load(download.rawPayload)).getPages()[0]!);
    expect(first).toMatch(/\/Image-\d+ Do/);
  });

  it('answers unknown, malformed, expired, replaced and locked links with a 410 and no order data', async () => {
    const unknown = await call('GET', `/api/sign/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(410);
    expect(errorOf(unknown)).toEqual({ code: 'signing_link_unavailable', message: signingMessages.linkUnknown });
    expect((await call('GET', '/api/sign/not-a-token')).statusCode).toBe(410);

    const { order, token } = await preparedRequest();
    await harness.database.db.update(signingRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signingRequests.orderId, order.id));
    const expired = await call('POST', `/api/sign/${token}/verify`, { payload: { ssnLast4: '6789' } });
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).message).toBe(signingMessages.linkExpired);
    expect(expired.body).not.toContain(order.applicationId);
    expect((await getOrder(harness.app, admin.cookie, order.id)).signing?.state).toBe('expired');

    // A new request replaces the earlier one.
    const second = await preparedRequest();
    const firstToken = second.token;
    expect((await requestSignature(second.order.id)).statusCode).toBe(200);
    const newer = latestLinkTo(second.order.billingEmail);
    expect(newer).not.toBe(firstToken);
    const replaced = await call('GET', `/api/sign/${firstToken}`);
    expect(replaced.statusCode).toBe(410);
    expect(errorOf(replaced).message).toBe(signingMessages.linkVoided);
    expect((await call('GET', `/api/sign/${newer}`)).statusCode).toBe(200);
  });

  it('locks the request after five wrong answers, and staff can send a new one', async () => {
    const { order, token } = await preparedRequest();
    const answers: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await call('POST', `/api/sign/${token}/verify`, { payload: { ssnLast4: '0000' } });
      expect(response.statusCode).toBe(400);
      expect(response.headers['set-cookie']).toBeUndefined();
      answers.push(attempt);
      expect(errorOf(response).message).toBe(signingMessages.ssnWrong(5 - attempt));
    }
    const fifth = await call('POST', `/api/sign/${token}/verify`, { payload: { ssnLast4: '0000' } });
    expect(fifth.statusCode).toBe(410);
    expect(errorOf(fifth).message).toBe(signingMessages.linkLocked);
    // Even the right answer is refused now.
    const right = await call('POST', `/api/sign/${token}/verify`, { payload: { ssnLast4: '6789' } });
    expect(right.statusCode).toBe(410);
    expect((await getOrder(harness.app, admin.cookie, order.id)).signing?.state).toBe('locked');

    expect((await requestSignature(order.id)).statusCode).toBe(200);
    await verify(latestLinkTo(order.billingEmail));
  });

  it('counts five wrong answers fired at once exactly, and locks', async () => {
    const { order, token } = await preparedRequest();
    const responses = await Promise.all(Array.from({ length: 7 }, () => call('POST', `/api/sign/${token}/verify`, { payload: { ssnLast4: '1111' } })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([400, 400, 400, 400, 410, 410, 410]);
    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ status: 'locked', failedAttempts: 5 });
  });

  it('refuses each bad signing input with a clear message and writes nothing', async () => {
    const { order, token } = await preparedRequest();
    const url = `/api/sign/${token}/sign`;

    const unverified = await call('POST', url, { payload: goodSubmission });
    expect(unverified.statusCode).toBe(401);
    expect(errorOf(unverified).code).toBe('signing_not_verified');

    const cookie = await verify(token);
    const wrongFormat = await call('POST', `/api/sign/${token}/verify`, { payload: { ssnLast4: '12a4' } });
    expect(wrongFormat.statusCode).toBe(400);
    expect(errorOf(wrongFormat).fields?.ssnLast4).toEqual([signingMessages.ssnFormat]);

    const cases: [string, unknown, number, (error: ApiErrorBody['error']) => void][] = [
      ['a name that does not match', { ...goodSubmission, name: 'Jane Public' }, 400, (error) => expect(error.fields?.name).toEqual([signingMessages.nameMismatch])],
      ['an empty name', { ...goodSubmission, name: '   ' }, 400, (error) => expect(error.fields?.name).toEqual([signingMessages.nameRequired])],
      ['no title', { ...goodSubmission, title: '' }, 400, (error) => expect(error.fields?.title).toEqual([signingMessages.titleRequired])],
      ['a missing consent', { ...goodSubmission, consents: { ...consents, perjury: undefined } }, 400, (error) => expect(error.fields?.['consents.perjury']).toEqual([signingMessages.consentRequired])],
      ['an old consent version', { ...goodSubmission, consents: { ...consents, designee: 'v0' } }, 400, (error) => expect(error.fields?.['consents.designee']).toEqual([signingMessages.consentRequired])],
      ['an extra field', { ...goodSubmission, orderId: 1 }, 400, (error) => expect(error.code).toBe('validation_failed')],
      ['a signature image that is no PNG', { ...goodSubmission, signature: { kind: 'drawn', image: 'data:image/png;base64,AAAA' } }, 400, (error) => expect(error.message).toBe(signingMessages.signatureImage)],
      ['a signature image of another type', { ...goodSubmission, signature: { kind: 'drawn', image: 'data:image/svg+xml;base64,AAAA' } }, 400, (error) => expect(error.code).toBe('validation_failed')],
      ['a tampered body', '{"name": "John Public", ', 400, (error) => expect(error.code).toBe('bad_request')],
      ['a body that is not an object', [1, 2], 400, (error) => expect(error.code).toBe('validation_failed')],
    ];
    for (const [label, payload, status, check] of cases) {
      const response = await call('POST', url, {
        cookie,
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, label).toBe(status);
      check(errorOf(response));
    }

    const oversized = await call('POST', url, {
      cookie,
      payload: JSON.stringify({ ...goodSubmission, signature: { kind: 'drawn', image: `data:image/png;base64,${'A'.repeat(200_000)}` } }),
      headers: { 'content-type': 'application/json' },
    });
    expect(oversized.statusCode).toBe(413);
    const tooLongImage = await call('POST', url, { cookie, payload: { ...goodSubmission, signature: { kind: 'drawn', image: `data:image/png;base64,${'A'.repeat(maxSignatureImageLength)}` } } });
    expect(tooLongImage.statusCode).toBe(400);

    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ status: 'verified', signedAt: null, signedPdf: null });
    expect((await getOrder(harness.app, admin.cookie, order.id)).status).toBe('awaiting_user_signature');
    expect(await harness.database.db.select().from(orderComments).where(eq(orderComments.orderId, order.id))).toEqual([]);
  });

  it('takes the name typed with its accents as the IRS receives it, signs with that spelling, and refuses another name', async () => {
    const application = applicationWithSsn(harness.services.cipher, '123456789') as { contact: Record<string, unknown> };
    const formData = { ...application, contact: { ...application.contact, rpFirstName: 'Jose Luis', rpMiddleName: '', rpLastName: 'Munoz-Garcia' } };
    const order = await createPaidOrder(harness.database.db, { formData, assignedTo: fulfiller.id });
    expect((await requestSignature(order.id, admin.cookie)).statusCode).toBe(200);
    const token = latestLinkTo(order.billingEmail);
    const cookie = await verify(token);

    const another = await call('POST', `/api/sign/${token}/sign`, { cookie, payload: { ...goodSubmission, name: 'José Luis Muñoz' } });
    expect(another.statusCode).toBe(400);
    expect(errorOf(another).fields?.name).toEqual([signingMessages.nameMismatch]);
    expect((await rowsOf(order.id))[0]).toMatchObject({ status: 'verified', signedAt: null, signerName: null, signedPdf: null });
    expect(await harness.database.db.select().from(orderComments).where(eq(orderComments.orderId, order.id))).toEqual([]);

    const signed = await call('POST', `/api/sign/${token}/sign`, { cookie, payload: { ...goodSubmission, name: '  José Luis  Muñoz-García ' } });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await rowsOf(order.id))[0]).toMatchObject({ status: 'signed', signerName: 'Jose Luis Munoz-Garcia' });
    const [comment] = await harness.database.db.select().from(orderComments).where(eq(orderComments.orderId, order.id));
    expect(comment?.commentText).toContain('Jose Luis Munoz-Garcia, Managing Member');
  });

  it('lets one of two browsers signing the same request at once win, and tells the other it is signed', async () => {
    const { order, token } = await preparedRequest();
    const firstBrowser = await verify(token);
    const secondBrowser = await verify(token);
    const [a, b] = await Promise.all([
      call('POST', `/api/sign/${token}/sign`, { cookie: firstBrowser, payload: goodSubmission }),
      call('POST', `/api/sign/${token}/sign`, { cookie: secondBrowser, payload: { ...goodSubmission, signature: { kind: 'drawn', image: tinyPng } } }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    // The loser waited on the lock and found it signed (409), or came after the commit (410: used).
    const loser = a.statusCode === 200 ? b : a;
    expect([409, 410]).toContain(loser.statusCode);
    expect(errorOf(loser).message).toMatch(/already been signed/);
    const history = await harness.database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 'ss4_signed_awaiting_irs')));
    expect(history).toHaveLength(1);
    expect(await harness.database.db.select().from(orderComments).where(eq(orderComments.orderId, order.id))).toHaveLength(1);
  });

  it('sends the one reminder after 48 hours, once, even when two runs race', async () => {
    const order = await newOrder({ billingEmail: `remind-${Date.now()}@example.com` });
    expect((await requestSignature(order.id)).statusCode).toBe(200);
    const firstToken = latestLinkTo(order.billingEmail);
    const services = { db: harness.database.db, cipher: harness.services.cipher, outbox: harness.services.outbox, env: harness.env, origin: 'http://localhost' };
    const [row] = await rowsOf(order.id);
    const reminderCount = () => mailTo(mailbox(harness.env), order.billingEmail).filter((text) => /Subject: Reminder/.test(decodeMail(text))).length;

    expect(await sendDueSignatureReminders(services, new Date(row!.createdAt.getTime() + 47 * 3600_000))).toBe(0);
    expect(reminderCount()).toBe(0);

    const due = new Date(row!.createdAt.getTime() + 49 * 3600_000);
    const runs = await Promise.all([sendDueSignatureReminders(services, due), sendDueSignatureReminders(services, due), sendDueSignatureReminders(services, due)]);
    expect(runs.reduce((sum, sent) => sum + sent, 0)).toBeGreaterThanOrEqual(1);
    expect(await sendDueSignatureReminders(services, new Date(due.getTime() + 3600_000))).toBe(0);
    expect(reminderCount()).toBe(1);
    const [after] = await rowsOf(order.id);
    expect(after).toMatchObject({ remindersSent: 1 });

    // The reminder's link is the one that works now; the request's expiry is unchanged.
    const reminderToken = latestLinkTo(order.billingEmail);
    expect(reminderToken).not.toBe(firstToken);
    expect(after?.expiresAt.toISOString()).toBe(row?.expiresAt.toISOString());
    expect((await call('GET', `/api/sign/${reminderToken}`)).statusCode).toBe(200);
    expect((await getOrder(harness.app, admin.cookie, order.id)).signing?.state).toBe('reminded');
  });

  it('sends the link when staff move the order to Awaiting User Signature', async () => {
    const order = await newOrder({ billingEmail: `status-${Date.now()}@example.com` });
    const saved = await saveOrder(harness.app, fulfiller.cookie, order.id, { status: 'awaiting_user_signature' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(latestLinkTo(order.billingEmail)).toHaveLength(43);
    expect(await rowsOf(order.id)).toHaveLength(1);
  });

  it('keeps staff routes to admins and the assigned fulfiller, and refuses closed orders', async () => {
    const order = await newOrder();
    expect((await requestSignature(order.id, other.cookie)).statusCode).toBe(404);
    expect((await staffInject(harness.app, other.cookie, 'GET', `/api/manage/orders/${order.id}/ss4-signed.pdf`)).statusCode).toBe(404);
    expect((await staffInject(harness.app, null, 'POST', `/api/manage/orders/${order.id}/signature-requests`)).statusCode).toBe(401);
    expect((await staffInject(harness.app, admin.cookie, 'GET', `/api/manage/orders/${order.id}/ss4-signed.pdf`)).statusCode).toBe(404);
    expect(await rowsOf(order.id)).toEqual([]);

    await harness.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
    const closed = await requestSignature(order.id);
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed).message).toBe(signingMessages.orderClosed);
    expect(await rowsOf(order.id)).toEqual([]);
  });

  it('rate limits the answers to the SSN question per client', async () => {
    const { token } = await preparedRequest();
    const address = clientAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      statuses.push((await call('POST', `/api/sign/${token}/verify`, { address, payload: { ssnLast4: 'abcd' } })).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const counted = await harness.database.db.execute(sql`select count(*)::int as n from rate_limit_hits where key like ${'%verify%'}`);
    expect(Number((counted.rows[0] as { n: number }).n)).toBeGreaterThan(0);
  });
});
