// @vitest-environment node
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { mailbox, staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { applicationWithSsn, auditRows, decodeMail, getOrder, mailTo } from '#tests/support/orders-api.ts';
import { signThroughLink } from '#tests/support/signed-orders.ts';
import type { SampleOverrides } from '#shared/application/sample-application.ts';
import { filings, inboundFaxes, irsLetters, orders, signingRequests, testFaxes, webhookEvents } from '../db';
import { isTestFaxTransport, testBusyFaxNumber, type TestFaxTransport } from '../fax';
import { flagOverdueFilings, makeFilingReference, maxFaxAttempts, readReceivedFaxes } from '.';
import { eraseOrderPersonalData } from '../retention';
import { createDocumentLink } from '../documents';
import { isValidEin } from '#shared/ein.ts';
import { statusChangerName } from '#shared/orders/status-changers.ts';
import { startOfNextBusinessDay } from '#shared/dates.ts';
import { filingMessages, irsFaxNumbers, type FaxInboxResponse, type InboxFax, type OrderFiling } from '#shared/filing/filing.ts';
import type { ApiErrorBody } from '#shared/errors.ts';

describe.each(testDatabaseKinds)('filing the SS-4 with the IRS on %s', (kind) => {
  // The simulated IRS answers as soon as a fax is reported delivered; the tests move the clock of each report.
  const harness = withStaffApp(kind, { env: { TEST_FAX_IRS_REPLY_SECONDS: '0' } });
  let admin: SignedInMember;
  let fulfiller: SignedInMember;
  let other: SignedInMember;
  let transport: TestFaxTransport;
  let nextSsn = 100_000_001;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
    fulfiller = await harness.signedIn({ role: 'fulfiller', name: 'Fran Fulfiller' });
    other = await harness.signedIn({ role: 'fulfiller', name: 'Otto Other' });
    const provider = harness.services.filing.provider;
    if (!isTestFaxTransport(provider)) throw new Error('The tests run on the built-in test transport');
    transport = provider;
  }, 60_000);

  const db = () => harness.database.db;

  async function paidOrder(options: { ssn?: string; assignedTo?: string | null } = {}) {
    const ssn = options.ssn ?? String(nextSsn++);
    const order = await createPaidOrder(db(), {
      formData: applicationWithSsn(harness.services.cipher, ssn),
      assignedTo: options.assignedTo === undefined ? fulfiller.id : options.assignedTo,
    });
    return { order, ssn };
  }

  const ssns = new Map<number, string>();
  const ssnOf = (order: { id: number }) => ssns.get(order.id)!;

  async function signedOrder(options: { ssn?: string; assignedTo?: string | null } = {}) {
    const { order, ssn } = await paidOrder(options);
    ssns.set(order.id, ssn);
    await signThroughLink(harness.app, harness.env, order, admin.cookie, ssn.slice(-4));
    return order;
  }

  const file = (orderId: number, method: string, cookie = fulfiller.cookie) => staffInject(harness.app, cookie, 'POST', `/api/manage/orders/${orderId}/filings`, { method });
  const filingsOf = (orderId: number) => db().select().from(filings).where(eq(filings.orderId, orderId));
  const statusOf = async (orderId: number) => (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;
  const errorOf = (body: string) => (JSON.parse(body) as ApiErrorBody).error;

  /**
   * The report of the order's fax made due now, and a pass of the transport (as its timer would run).
   * Unless `irsAnswers`, the fax is taken as sent elsewhere than the IRS, which then does not answer it.
   */
  async function reportNow(orderId: number, { irsAnswers = true } = {}): Promise<void> {
    const faxIds = (await filingsOf(orderId)).map((filing) => filing.providerFaxId).filter((id): id is string => id !== null);
    await db()
      .update(testFaxes)
      .set({ reportAt: sql`now()`, ...(irsAnswers ? {} : { toNumber: '+15125559999' }) })
      .where(and(inArray(testFaxes.id, faxIds), isNotNull(testFaxes.reportAt)));
    await transport.pump();
  }

  // What one test sent is not reported, nor answered by the simulated IRS, during the next.
  afterEach(async () => {
    await db().update(testFaxes).set({ reportAt: null, irsReplyAt: null });
  });

  /** Waits until the files written into incoming/ have settled, then lets the transport receive them. */
  async function receiveIncoming(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await transport.pump();
  }

  async function inbox(cookie = admin.cookie): Promise<InboxFax[]> {
    const response = await staffInject(harness.app, cookie, 'GET', '/api/manage/fax-inbox');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<FaxInboxResponse>().faxes;
  }

  it('refuses to file an SS-4 that is not signed, a method it does not know, or an order that is not the member’s, and changes nothing', async () => {
    const { order } = await paidOrder();
    const unsigned = await file(order.id, 'fax');
    expect(unsigned.statusCode).toBe(409);
    expect(errorOf(unsigned.body).message).toBe(filingMessages.notSigned);
    const badMethod = await file(order.id, 'mail');
    expect(badMethod.statusCode).toBe(400);
    expect(errorOf(badMethod.body).fields?.method).toEqual([expect.any(String)]);
    expect((await file(order.id, 'fax', other.cookie)).statusCode).toBe(404);
    expect(await filingsOf(order.id)).toEqual([]);
    expect(await statusOf(order.id)).toBe('reviewing_form_data');
  });

  it('faxes the signed SS-4 to the IRS, reads the IRS’s fax-back, matches it, and completes the order when staff confirm', async () => {
    const order = await signedOrder();
    const created = await file(order.id, 'fax');
    expect(created.statusCode, created.body).toBe(201);
    const { filing } = created.json<{ filing: OrderFiling }>();
    expect(filing.faxTo).toEqual({ number: irsFaxNumbers.domestic, line: 'domestic' });
    expect(filing.filings).toEqual([expect.objectContaining({ method: 'fax', status: 'sending', to: irsFaxNumbers.domestic, attempts: 1 })]);
    expect(await filingsOf(order.id)).toHaveLength(1);
    // A second filing while this one is under way is refused.
    expect((await file(order.id, 'fax')).statusCode).toBe(409);

    // What the transport sent: the stamped, signed SS-4, with its details beside it.
    const [row] = await filingsOf(order.id);
    const sent = JSON.parse(readFileSync(path.join(transport.folders.outgoing, `${row!.providerFaxId}.json`), 'utf8')) as Record<string, unknown>;
    expect(sent).toMatchObject({ to: irsFaxNumbers.domestic, from: '+15125550101', orderId: order.id });
    expect(sent.pages).toBeGreaterThanOrEqual(3);
    // Kept encrypted, as every document with personal data is.
    expect(readFileSync(path.join(transport.folders.outgoing, `${row!.providerFaxId}.pdf.enc`), 'utf8')).toMatch(/^v1\./);
    expect(Buffer.from((await transport.readFax('outgoing', row!.providerFaxId!))!.subarray(0, 5)).toString()).toBe('%PDF-');

    // Delivered: the order is "Submitted to IRS" through the lifecycle.
    await reportNow(order.id);
    expect(await statusOf(order.id)).toBe('submitted_to_irs');
    const detail = await getOrder(harness.app, fulfiller.cookie, order.id);
    expect(detail.filing?.filings[0]).toMatchObject({ status: 'delivered', pages: sent.pages });
    expect(detail.filing?.filings[0]?.deliveredAt).not.toBeNull();

    // The simulated IRS answers into incoming/; the transport receives it and the reader matches it.
    await transport.pump();
    await receiveIncoming();
    const listed = await inbox();
    const [fax] = listed.filter((entry) => entry.order?.id === order.id);
    expect(fax).toMatchObject({ status: 'matched', matchMethod: 'code', order: { id: order.id, applicationId: order.applicationId } });
    expect(isValidEin(fax!.ein ?? '')).toBe(true);
    const [stored] = await db().select().from(inboundFaxes).where(eq(inboundFaxes.id, fax!.id));
    expect(stored!.document).toMatch(/^v1\./);
    expect((await getOrder(harness.app, fulfiller.cookie, order.id)).filing?.pendingAnswer).toMatchObject({ inboundFaxId: fax!.id, ein: fax!.ein });

    // Staff look at its first page, an audited view.
    const page = await staffInject(harness.app, fulfiller.cookie, 'GET', `/api/manage/fax-inbox/${fax!.id}/pages/1`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect((await auditRows(db(), 'fax_viewed', `order:${order.id}`)).length).toBe(1);
    expect((await staffInject(harness.app, other.cookie, 'GET', `/api/manage/fax-inbox/${fax!.id}/pages/1`)).statusCode).toBe(404);

    // And its EIN box cut out, to compare with the EIN read before confirming: the box with 10 points
    // around it at 200 dpi, the IRS's writing dark in it; audited too.
    const box = await staffInject(harness.app, fulfiller.cookie, 'GET', `/api/manage/fax-inbox/${fax!.id}/ein-box`);
    expect(box.statusCode).toBe(200);
    expect(box.headers['content-type']).toBe('image/png');
    const boxImage = await loadImage(box.rawPayload);
    expect([boxImage.width, boxImage.height]).toEqual([Math.round(((136.5 + 20) / 72) * 200), Math.round(((35.5 + 20) / 72) * 200)]);
    const boxCanvas = createCanvas(boxImage.width, boxImage.height);
    boxCanvas.getContext('2d').drawImage(boxImage, 0, 0);
    const boxPixels = boxCanvas.getContext('2d').getImageData(0, 0, boxImage.width, boxImage.height).data;
    const dark = boxPixels.filter((value, index) => index % 4 === 0 && value < 100).length;
    expect(dark / (boxImage.width * boxImage.height)).toBeGreaterThan(0.03);
    expect(await auditRows(db(), 'fax_viewed', `order:${order.id}`)).toEqual([
      expect.objectContaining({ detail: { inboundFaxId: fax!.id, page: 1 } }),
      expect.objectContaining({ detail: { inboundFaxId: fax!.id, part: 'ein_box' } }),
    ]);
    expect((await staffInject(harness.app, other.cookie, 'GET', `/api/manage/fax-inbox/${fax!.id}/ein-box`)).statusCode).toBe(404);

    // One click: the EIN recorded, the order completed, the fax kept as the IRS's letter, the customer told.
    const confirmed = await staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/fax-inbox/${fax!.id}/match`, { orderId: order.id, ein: fax!.ein });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ fax: InboxFax }>().fax.status).toBe('confirmed');
    const [completed] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(completed).toMatchObject({ status: 'completed', ein: fax!.ein });
    expect(await db().select({ source: irsLetters.source, inboundFaxId: irsLetters.inboundFaxId }).from(irsLetters).where(eq(irsLetters.orderId, order.id))).toEqual([
      { source: 'fax', inboundFaxId: fax!.id },
    ]);
    expect((await filingsOf(order.id))[0]!.status).toBe('answered');
    const einMail = mailTo(mailbox(harness.env), order.billingEmail).map(decodeMail).find((message) => message.includes(fax!.ein!));
    expect(einMail).toBeDefined();

    // The e-mail links to the letter: the last four digits of the SSN first, then the EIN and the PDF.
    const token = /\/ein-letter\/([A-Za-z0-9_-]{43})/.exec(einMail!)?.[1];
    expect(token).toBeDefined();
    const letterApi = `/api/ein-letter/${token}`;
    const remoteAddress = '198.51.100.200';
    expect((await harness.app.inject({ method: 'GET', url: letterApi, remoteAddress })).json()).toMatchObject({ state: 'verify' });
    expect((await harness.app.inject({ method: 'GET', url: `${letterApi}/document.pdf`, remoteAddress })).statusCode).toBe(401);
    const wrong = await harness.app.inject({ method: 'POST', url: `${letterApi}/verify`, remoteAddress, payload: { ssnLast4: '0000' } });
    expect(wrong.statusCode).toBe(400);
    const verified = await harness.app.inject({ method: 'POST', url: `${letterApi}/verify`, remoteAddress, payload: { ssnLast4: ssnOf(order).slice(-4) } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ state: 'verified', facts: [{ label: 'EIN', value: fax!.ein }] });
    const cookie = String(verified.headers['set-cookie']).split(';')[0]!;
    const letter = await harness.app.inject({ method: 'GET', url: `${letterApi}/document.pdf`, remoteAddress, headers: { cookie } });
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(letter.headers['cache-control']).toBe('no-store');
    // The fax-back as the customer gets it: its pages, line 7b covered (decision 049), so not the fax as received.
    const received = Buffer.from(harness.services.cipher.decrypt(stored!.document!), 'base64');
    expect(letter.rawPayload.equals(received)).toBe(false);
    expect((await PDFDocument.load(letter.rawPayload)).getPageCount()).toBe((await PDFDocument.load(received)).getPageCount());
    expect(await auditRows(db(), 'customer_document_downloaded', `order:${order.id}`)).toHaveLength(1);

    // Five wrong answers lock a link: the right one is then refused too.
    const [kept] = await db().select().from(irsLetters).where(eq(irsLetters.orderId, order.id));
    const { pagePath } = await createDocumentLink(db(), { cipher: harness.services.cipher, kind: 'ein_letter', orderId: order.id, documentId: String(kept!.id) });
    const lockedApi = `/api${pagePath}`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await harness.app.inject({ method: 'POST', url: `${lockedApi}/verify`, remoteAddress: '198.51.100.201', payload: { ssnLast4: '0000' } })).statusCode).toBeGreaterThanOrEqual(400);
    }
    const afterLock = await harness.app.inject({ method: 'POST', url: `${lockedApi}/verify`, remoteAddress: '198.51.100.201', payload: { ssnLast4: ssnOf(order).slice(-4) } });
    expect(afterLock.statusCode).toBe(410);
    const again = await staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/fax-inbox/${fax!.id}/match`, { orderId: order.id, ein: fax!.ein });
    expect(again.statusCode).toBe(409);

    // Erasing the order's personal data takes the letter and the fax with it; the filing stays, keyless.
    await db().transaction((tx) => eraseOrderPersonalData(tx, [order.id]));
    expect(await db().select().from(irsLetters).where(eq(irsLetters.orderId, order.id))).toEqual([]);
    expect(await db().select().from(inboundFaxes).where(eq(inboundFaxes.id, fax!.id))).toEqual([]);
    expect((await filingsOf(order.id))[0]).toMatchObject({ status: 'answered', responsiblePartyKey: null });
  }, 120_000);

  it('with AUTO_CONFIRM_EIN, records the EIN of a fax-back matched with certainty at once, and e-mails the customer', async () => {
    const order = await signedOrder();
    expect((await file(order.id, 'fax')).statusCode).toBe(201);
    await reportNow(order.id);
    await transport.pump();
    await receiveIncoming();
    const [received] = await db().select().from(inboundFaxes).where(eq(inboundFaxes.orderId, order.id));
    expect(received).toMatchObject({ status: 'matched', matchMethod: 'code' });
    // The same fax read again by a reader configured to confirm on its own.
    await db().update(inboundFaxes).set({ status: 'received', orderId: null, filingId: null }).where(eq(inboundFaxes.id, received!.id));
    const autoConfirming = { ...harness.services.filing, env: { ...harness.services.filing.env, AUTO_CONFIRM_EIN: true } };
    expect(await readReceivedFaxes(autoConfirming)).toBe(1);
    const [confirmed] = await db().select().from(inboundFaxes).where(eq(inboundFaxes.id, received!.id));
    expect(confirmed).toMatchObject({ status: 'confirmed', orderId: order.id, confirmedBy: null });
    const [completed] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(completed).toMatchObject({ status: 'completed', ein: received!.readEin });
    expect(isValidEin(completed!.ein ?? '')).toBe(true);
    // Each change the service made on its own is named in the history: the fax delivered, the answer read.
    const history = (await getOrder(harness.app, admin.cookie, order.id)).statusHistory;
    expect(history.slice(-2).map((entry) => [entry.toStatus, statusChangerName(entry)])).toEqual([
      ['submitted_to_irs', 'System (fax outbox)'],
      ['completed', 'System (IRS answer read automatically)'],
    ]);
    expect(mailTo(mailbox(harness.env), order.billingEmail).map(decodeMail).some((message) => message.includes(completed!.ein!) && /\/ein-letter\//.test(message))).toBe(true);
  }, 120_000);

  it('files an order once when two members ask at the same moment', async () => {
    const order = await signedOrder();
    const answers = await Promise.all([file(order.id, 'fax'), file(order.id, 'fax', admin.cookie), file(order.id, 'online', admin.cookie)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await filingsOf(order.id)).toHaveLength(1);
    expect(await auditRows(db(), 'filing_created', `order:${order.id}`)).toHaveLength(1);
  }, 60_000);

  it('tries a busy line again with a growing pause, sends each attempt once, and gives up after the last with the reason', async () => {
    const order = await signedOrder();
    // A filing to the busy number, as if the IRS's line were always busy.
    const [queued] = await db()
      .insert(filings)
      .values({ orderId: order.id, method: 'fax', status: 'queued', reference: makeFilingReference(), toNumber: testBusyFaxNumber, fromNumber: '+15125550101', provider: 'test' })
      .returning();
    const pauses: number[] = [];
    for (let attempt = 1; attempt <= maxFaxAttempts; attempt += 1) {
      await db().update(filings).set({ nextAttemptAt: sql`now()` }).where(eq(filings.id, queued!.id));
      await harness.services.filing.faxOutbox.deliverDue();
      // A second pass while the attempt is out sends nothing more.
      await harness.services.filing.faxOutbox.deliverDue();
      await reportNow(order.id);
      const [row] = await db().select().from(filings).where(eq(filings.id, queued!.id));
      expect(row!.attempts).toBe(attempt);
      expect(row!.failureReason).toBe('the line was busy');
      if (attempt < maxFaxAttempts) {
        expect(row!.status).toBe('queued');
        pauses.push(Math.round((row!.nextAttemptAt.getTime() - Date.now()) / 1000));
      } else {
        expect(row!.status).toBe('failed');
      }
    }
    expect(pauses.map((seconds) => Math.round(seconds / 60))).toEqual([2, 4, 8, 16, 32]);
    const sentFaxes = await db().select().from(testFaxes).where(eq(testFaxes.toNumber, testBusyFaxNumber));
    expect(new Set(sentFaxes.map((fax) => fax.clientState)).size).toBe(maxFaxAttempts);
    expect(sentFaxes.filter((fax) => fax.fromNumber === '+15125550101' && fax.status === 'failed').length).toBeGreaterThanOrEqual(maxFaxAttempts);
    expect(await auditRows(db(), 'fax_failed', `order:${order.id}`)).toHaveLength(maxFaxAttempts);
    const detail = await getOrder(harness.app, fulfiller.cookie, order.id);
    expect(detail.filing?.filings[0]).toMatchObject({ status: 'failed', failureReason: 'the line was busy', attempts: maxFaxAttempts });
  }, 60_000);

  it('faxes the rest of a pass when one filing fails unexpectedly, and retries that one with its reason until it gives up', async () => {
    const signed = [await signedOrder(), await signedOrder(), await signedOrder()];
    const queued = await db()
      .insert(filings)
      .values(signed.map((order) => ({ orderId: order.id, method: 'fax' as const, status: 'queued' as const, reference: makeFilingReference(), toNumber: irsFaxNumbers.domestic, provider: 'test' })))
      .returning();
    // The middle one's signed SS-4 cannot be opened (its stored copy damaged).
    await db().update(signingRequests).set({ signedPdf: 'damaged' }).where(eq(signingRequests.orderId, signed[1]!.id));
    const ids = queued.map((filing) => filing.id);

    await harness.services.filing.faxOutbox.deliver(ids);
    const rows = async () => new Map((await db().select().from(filings).where(inArray(filings.id, ids))).map((row) => [row.orderId, row]));
    const first = await rows();
    expect(first.get(signed[0]!.id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(first.get(signed[2]!.id)).toMatchObject({ status: 'sending', attempts: 1 });
    const failing = first.get(signed[1]!.id)!;
    expect(failing).toMatchObject({ status: 'queued', attempts: 1, claimedUntil: null, failureReason: expect.stringMatching(/^The fax could not be sent: /) });
    // Its attempt's key is kept: the next try asks the provider first, in case the fax went out.
    expect(failing.attemptKey).not.toBeNull();
    expect(failing.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);

    for (let attempt = 2; attempt <= maxFaxAttempts; attempt += 1) {
      await db().update(filings).set({ nextAttemptAt: sql`now()` }).where(eq(filings.id, failing.id));
      await harness.services.filing.faxOutbox.deliverDue();
    }
    const last = (await rows()).get(signed[1]!.id)!;
    expect(last).toMatchObject({ status: 'failed', attempts: maxFaxAttempts });
    const detail = await getOrder(harness.app, fulfiller.cookie, signed[1]!.id);
    expect(detail.filing?.filings[0]?.failureReason).toMatch(/^The fax could not be sent: /);
    // Nothing was faxed for it; the other two once each.
    const sent = await db().select().from(testFaxes).where(eq(testFaxes.direction, 'outbound'));
    expect(signed.map((order) => sent.filter((fax) => [...(first.values())].some((row) => row.orderId === order.id && row.attemptKey === fax.clientState)).length)).toEqual([1, 0, 1]);
  }, 90_000);

  it('holds a second filing for the same responsible party until the next business day, and nothing sends it sooner', async () => {
    const first = await signedOrder({ ssn: '555443333' });
    const second = await signedOrder({ ssn: '555443333' });
    const someoneElse = await signedOrder();
    expect((await file(first.id, 'fax')).statusCode).toBe(201);
    const held = await file(second.id, 'fax');
    expect(held.statusCode).toBe(201);
    const [entry] = held.json<{ filing: OrderFiling }>().filing.filings;
    const nextDay = startOfNextBusinessDay(new Date());
    expect(entry).toMatchObject({ status: 'held', heldUntil: nextDay.toISOString() });
    expect(entry!.holdReason).toContain('one EIN per responsible party a day');
    expect((await file(someoneElse.id, 'fax')).json<{ filing: OrderFiling }>().filing.filings[0]?.status).toBe('sending');
    // The worker's passes leave it held; filing again is refused.
    await harness.services.filing.faxOutbox.deliverDue();
    await harness.services.filing.faxOutbox.deliver([entry!.id]);
    expect((await filingsOf(second.id))[0]).toMatchObject({ status: 'held', attempts: 0, providerFaxId: null });
    expect((await file(second.id, 'fax')).statusCode).toBe(409);
    expect(await auditRows(db(), 'filing_held', `order:${second.id}`)).toHaveLength(1);
    // On the next business day it goes.
    await db().update(filings).set({ nextAttemptAt: sql`now()`, sentAt: null }).where(eq(filings.id, entry!.id));
    await db().update(filings).set({ sentAt: sql`now() - interval '3 days'` }).where(eq(filings.orderId, first.id));
    await harness.services.filing.faxOutbox.deliverDue();
    expect((await filingsOf(second.id))[0]).toMatchObject({ status: 'sending', attempts: 1, holdReason: null });
  }, 90_000);

  it('shows a fax delivered more than four business days ago with no answer as Overdue at IRS, and e-mails the assignee once', async () => {
    const order = await signedOrder();
    expect((await file(order.id, 'fax')).statusCode).toBe(201);
    await reportNow(order.id, { irsAnswers: false });
    expect(await statusOf(order.id)).toBe('submitted_to_irs');
    expect(await flagOverdueFilings(harness.services.filing)).toBe(0);
    await db().update(filings).set({ deliveredAt: sql`now() - interval '8 days'` }).where(eq(filings.orderId, order.id));
    expect(await flagOverdueFilings(harness.services.filing)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(order.id)).toBe('irs_overdue');
    expect((await getOrder(harness.app, admin.cookie, order.id)).statusHistory.at(-1)).toMatchObject({ toStatus: 'irs_overdue', changedBy: null, changedBySystem: 'overdue_check' });
    const notices = mailTo(mailbox(harness.env), fulfiller.email).map(decodeMail).filter((message) => message.includes(`No answer from the IRS for order ${order.applicationId}`));
    expect(notices).toHaveLength(1);
    expect(await flagOverdueFilings(harness.services.filing)).toBe(0);
    const list = await staffInject(harness.app, admin.cookie, 'GET', '/api/manage/orders?status=overdue');
    expect(list.json<{ orders: { id: number }[] }>().orders.map((entry) => entry.id)).toContain(order.id);
    expect(await auditRows(db(), 'filing_overdue', `order:${order.id}`)).toHaveLength(1);
  }, 60_000);

  it('records an online filing, then its EIN and the IRS letter, and refuses a letter that is not a PDF or an EIN the IRS does not issue', async () => {
    const order = await signedOrder();
    const created = await file(order.id, 'online');
    expect(created.statusCode, created.body).toBe(201);
    const { filingId } = created.json<{ filingId: number }>();
    expect(await statusOf(order.id)).toBe('submitted_to_irs');
    const result = (body: unknown) => staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/orders/${order.id}/filings/${filingId}/result`, body);
    const letter = await PDFDocument.create();
    const font = await letter.embedFont(StandardFonts.Helvetica);
    letter.addPage().drawText('CP 575 A  We assigned you an employer identification number', { x: 50, y: 700, size: 12, font });
    const pdf = Buffer.from(await letter.save()).toString('base64');

    const badPrefix = await result({ ein: '00-1234567', letter: pdf });
    expect(badPrefix.statusCode).toBe(400);
    const notPdf = await result({ ein: '27-1234567', letter: Buffer.from('hello, this is not a pdf').toString('base64') });
    expect(notPdf.statusCode).toBe(400);
    expect(errorOf(notPdf.body).message).toBe(filingMessages.letterNotPdf);
    expect(await statusOf(order.id)).toBe('submitted_to_irs');

    const recorded = await result({ ein: '27-1234567', letter: pdf });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json<{ filing: OrderFiling }>().filing.letters).toEqual([expect.objectContaining({ source: 'upload', pages: 1 })]);
    const [completed] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(completed).toMatchObject({ status: 'completed', ein: '27-1234567' });
    const [stored] = await db().select().from(irsLetters).where(and(eq(irsLetters.orderId, order.id), eq(irsLetters.source, 'upload')));
    expect(Buffer.from(harness.services.cipher.decrypt(stored!.document!), 'base64').toString('base64')).toBe(pdf);
    expect((await result({ ein: '27-1234567', letter: pdf })).statusCode).toBe(409);
    expect(await auditRows(db(), 'irs_letter_uploaded', `order:${order.id}`)).toHaveLength(1);
  }, 60_000);

  it('keeps a fax it cannot match in the inbox with the orders it may answer, for the members they belong to', async () => {
    const order = await signedOrder();
    expect((await file(order.id, 'fax')).statusCode).toBe(201);
    await reportNow(order.id, { irsAnswers: false });
    // A page with no reference on it, dropped into the inbox folder as a fax machine would leave it.
    const blank = await PDFDocument.create();
    const font = await blank.embedFont(StandardFonts.Helvetica);
    blank.addPage([612, 792]).drawText('Internal Revenue Service: notice', { x: 72, y: 700, size: 14, font });
    writeFileSync(path.join(transport.folders.incoming, 'unreadable-answer.pdf'), await blank.save());
    await receiveIncoming();
    await readReceivedFaxes(harness.services.filing);
    const unmatched = (await inbox()).find((entry) => entry.status === 'unmatched' && entry.order === null);
    expect(unmatched).toBeDefined();
    expect(unmatched!.suggestions.map((suggestion) => suggestion.orderId)).toContain(order.id);
    expect(existsSync(path.join(transport.folders.incoming, 'unreadable-answer.pdf'))).toBe(false);
    // What was received is kept encrypted, and nothing of it in the clear.
    expect(readdirSync(transport.folders.received).filter((name) => !name.startsWith('.')).every((name) => name.endsWith('.enc'))).toBe(true);

    // The assignee sees it, with their order suggested; a member with no such order does not.
    expect((await inbox(fulfiller.cookie)).map((entry) => entry.id)).toContain(unmatched!.id);
    expect((await inbox(other.cookie)).map((entry) => entry.id)).not.toContain(unmatched!.id);
    // Matching it to an order it cannot answer is refused; a wrong EIN too; neither changes anything.
    const { order: unfiled } = await paidOrder({ assignedTo: null });
    const wrongOrder = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/fax-inbox/${unmatched!.id}/match`, { orderId: unfiled.id, ein: '27-1234567' });
    expect(wrongOrder.statusCode).toBe(409);
    expect(errorOf(wrongOrder.body).message).toBe(filingMessages.orderNotSuggested);
    const wrongEin = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/fax-inbox/${unmatched!.id}/match`, { orderId: order.id, ein: '1234' });
    expect(wrongEin.statusCode).toBe(400);
    expect(await statusOf(order.id)).toBe('submitted_to_irs');
    // Staff match it by hand.
    const matched = await staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/fax-inbox/${unmatched!.id}/match`, { orderId: order.id, ein: '27-7654321' });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json<{ fax: InboxFax }>().fax).toMatchObject({ status: 'confirmed', matchMethod: 'staff', order: { id: order.id } });
    expect(await statusOf(order.id)).toBe('completed');
  }, 90_000);

  describe('founders abroad', () => {
    const berlin: SampleOverrides = {
      company: { companyName: 'Spree Digital LLC', state: 'WY', llcLocationState: 'Outside US' },
      registration: { streetAddress: 'Friedrichstrasse 123', city: 'Berlin', country: 'DE', province: '', postalCode: '10117', county: '', state: '', zipCode: '', llcOrganizationState: 'Wyoming' },
      contact: { phoneNumber: '+493012345678', rpPhone: '+493012345679' },
    };
    /** A paid order of these answers, its numbers sealed with the app's key as the checkout seals them. */
    const orderWith = (application: SampleOverrides) => createPaidOrder(db(), { application, cipher: harness.services.cipher, assignedTo: fulfiller.id });

    it('offers an order whose responsible party has no SSN or ITIN the fax only, to the international line, refuses it online with the reason, and changes nothing', async () => {
      const order = await orderWith({ ...berlin, contact: { ...berlin.contact, rpTaxIdType: 'none', rpSSN: '' } });
      const detail = await getOrder(harness.app, fulfiller.cookie, order.id);
      expect(detail.filing).toMatchObject({ faxTo: { number: irsFaxNumbers.international, line: 'international' }, onlineRefusal: filingMessages.onlineNeedsTaxpayerNumber });
      const online = await file(order.id, 'online');
      expect(online.statusCode).toBe(409);
      expect(errorOf(online.body)).toMatchObject({ code: 'conflict', message: filingMessages.onlineNeedsTaxpayerNumber });
      expect(await filingsOf(order.id)).toEqual([]);
      expect(await statusOf(order.id)).toBe('reviewing_form_data');
      expect(await auditRows(db(), 'filing_created', `order:${order.id}`)).toEqual([]);
    });

    it('faxes the signed SS-4 of a business abroad to the international line, keyed on its SSN, and refuses it online: the IRS online assistant needs a US location', async () => {
      const ssn = String(nextSsn++);
      const order = await orderWith({ ...berlin, contact: { ...berlin.contact, rpSSN: ssn } });
      await signThroughLink(harness.app, harness.env, order, admin.cookie, ssn.slice(-4));
      const signedStatus = await statusOf(order.id);
      const online = await file(order.id, 'online');
      expect(online.statusCode).toBe(409);
      expect(errorOf(online.body).message).toBe(filingMessages.onlineNeedsUsLocation);
      expect(await filingsOf(order.id)).toEqual([]);
      expect(await statusOf(order.id)).toBe(signedStatus);

      const created = await file(order.id, 'fax');
      expect(created.statusCode, created.body).toBe(201);
      const { filing } = created.json<{ filing: OrderFiling }>();
      expect(filing).toMatchObject({ faxTo: { number: irsFaxNumbers.international, line: 'international' }, onlineRefusal: filingMessages.onlineNeedsUsLocation });
      expect(filing.filings).toEqual([expect.objectContaining({ method: 'fax', to: irsFaxNumbers.international, line: 'international' })]);
      const [row] = await filingsOf(order.id);
      expect(row).toMatchObject({ toNumber: irsFaxNumbers.international, responsiblePartyKey: harness.services.cipher.hashTaxpayerNumber(ssn) });
      const sent = JSON.parse(readFileSync(path.join(transport.folders.outgoing, `${row!.providerFaxId}.json`), 'utf8')) as Record<string, unknown>;
      expect(sent).toMatchObject({ to: irsFaxNumbers.international, orderId: order.id });
    }, 60_000);

    it('offers online filing and the domestic line where the IRS takes them: an ITIN holder in Texas, a business in the District of Columbia; a territory online but by the international fax', async () => {
      const itin = await orderWith({ contact: { rpTaxIdType: 'itin', rpSSN: '', rpItin: '912786789', rpUsPerson: 'true' } });
      const dc = await orderWith({ registration: { city: 'Washington', county: 'District of Columbia', state: 'District of Columbia', zipCode: '20005' } });
      const puertoRico = await orderWith({ registration: { city: 'San Juan', country: 'PR', county: '', state: '', zipCode: '', province: '', postalCode: '00901' } });
      const mexico = await orderWith({
        registration: { city: 'Guadalajara', country: 'MX', county: '', state: '', zipCode: '', province: 'Jalisco', postalCode: '44100' },
        contact: { rpTaxIdType: 'itin', rpSSN: '', rpItin: '912786789', rpUsPerson: 'false', phoneNumber: '+523312345678' },
      });
      const filingOfOrder = async (order: { id: number }) => (await getOrder(harness.app, fulfiller.cookie, order.id)).filing;
      expect(await filingOfOrder(itin)).toMatchObject({ faxTo: { line: 'domestic', number: irsFaxNumbers.domestic }, onlineRefusal: null });
      expect(await filingOfOrder(dc)).toMatchObject({ faxTo: { line: 'domestic', number: irsFaxNumbers.domestic }, onlineRefusal: null });
      expect(await filingOfOrder(puertoRico)).toMatchObject({ faxTo: { line: 'international', number: irsFaxNumbers.international }, onlineRefusal: null });
      expect(await filingOfOrder(mexico)).toMatchObject({ faxTo: { line: 'international' }, onlineRefusal: filingMessages.onlineNeedsUsLocation });
      // Refused for what the order is, before its signature is looked at.
      const refused = await file(mexico.id, 'online');
      expect(errorOf(refused.body).message).toBe(filingMessages.onlineNeedsUsLocation);
      expect(await filingsOf(mexico.id)).toEqual([]);
    });
  });

  it('refuses every call to the fax webhook when no provider sends one, and records nothing', async () => {
    const before = await db().select().from(webhookEvents);
    const forged = await harness.app.inject({
      method: 'POST',
      url: '/api/fax/webhook',
      headers: { 'content-type': 'application/json', 'telnyx-signature-ed25519': 'AAAA', 'telnyx-timestamp': String(Math.floor(Date.now() / 1000)) },
      payload: JSON.stringify({ data: { id: 'evt_1', event_type: 'fax.delivered', payload: { fax_id: 'tf_x' } } }),
    });
    expect(forged.statusCode).toBe(401);
    expect(await db().select().from(webhookEvents)).toEqual(before);
  });
});
