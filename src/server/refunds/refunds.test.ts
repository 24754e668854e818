// @vitest-environment node
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildAppWithServices, deliverToWebhookRoute } from '../app';
import type { Database } from '../db';
import { createMailer } from '../email';
import { loadEnv, type Env } from '../env';
import { testProcessorWebhookSecret, createTestProcessor, type TestProcessor } from '../payments';
import type { AppServices } from '../services';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { mailbox, signIn, staffInject } from '#tests/support/staff-app.ts';
import { createStaffMember, type TestStaffMember } from '#tests/factories/staff.ts';
import { auditRows, decodeMail, getOrder, mailTo, saveOrder, formOf } from '#tests/support/orders-api.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { CheckoutResponse, ConfirmPaymentResponse } from '#shared/checkout/checkout.ts';
import type { OrderListResponse } from '#shared/fulfilment/orders.ts';
import type { TrackingResult } from '#shared/tracking/tracking.ts';
import { statusChangerName } from '#shared/orders/status-changers.ts';
import { cancellationMessages, refundMessages, type CancellationView, type RefundResponse } from '#shared/refunds/refunds.ts';
import { settlePendingRefunds } from './settle-pending-refunds';

// Refunds, the one-hour cancellation and the provider's refund and dispute events, through the whole
// server with the built-in test processor. The processor's webhooks can be held back, so a test
// delivers them when, how often and in which order it chooses.

const customerEmail = 'owner@example.com';
const companyName = 'Hill Country Woodworks LLC';
const cards = { success: '4242 4242 4242 4242', dispute: '4000 0000 0000 0259' };

type Harness = {
  app: FastifyInstance;
  services: AppServices;
  processor: TestProcessor;
  env: Env;
  /** Held webhooks (payload, signature), in the order the processor sent them. */
  held: { payload: string; signature: string }[];
  /** While true, the processor's webhooks are kept in `held` instead of delivered. */
  hold: { on: boolean };
  admin: TestStaffMember;
  adminCookie: string;
};

let clients = 0;
const newClient = () => {
  clients += 1;
  return `10.15.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};

describe.each(testDatabaseKinds)('refunds, cancellation and disputes on %s', (kind) => {
  let database: Database;
  const harnesses: Harness[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 120_000);

  afterEach(async () => {
    for (const { app, processor } of harnesses.splice(0)) {
      await processor.settled();
      await app.close();
    }
  });

  afterAll(async () => {
    await database.close();
  });

  async function startApp(): Promise<Harness> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-refunds-'));
    const dataKey = randomBytes(32);
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: dataKey.toString('base64'), PUBLIC_URL: 'https://ein.example.com' });
    const server: { app?: FastifyInstance } = {};
    const held: Harness['held'] = [];
    const hold = { on: false };
    const processor = createTestProcessor({
      database,
      webhookSecret: testProcessorWebhookSecret(dataKey),
      webhookRetryDelaysMs: [0, 0],
      deliverWebhook: async (payload, signature) => {
        if (hold.on) {
          held.push({ payload, signature });
          return;
        }
        if (server.app) await deliverToWebhookRoute(server.app, payload, signature);
      },
    });
    const { app, services } = await buildAppWithServices({ env, database, clientDir: path.join(dataDir, 'no-client'), paymentProvider: processor, mailer: createMailer(env) });
    await app.ready();
    server.app = app;
    const admin = await createStaffMember(services, { role: 'admin', name: 'Ada Admin' });
    const adminCookie = await signIn(app, admin);
    const harness: Harness = { app, services, processor, env, held, hold, admin, adminCookie };
    harnesses.push(harness);
    return harness;
  }

  /** A customer's purchase through the public API; answers the order and the confirm call's answer. */
  async function purchase(harness: Harness, card = cards.success) {
    const { app, processor } = harness;
    const started = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      remoteAddress: newClient(),
      payload: { draftId: randomUUID(), email: customerEmail, application: sampleApplication() },
    });
    expect(started.statusCode, started.body).toBe(200);
    const checkout = started.json<CheckoutResponse>();
    const paid = await app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      remoteAddress: newClient(),
      payload: { clientSecret: checkout.clientSecret, cardNumber: card, cardExpiry: '12 / 34', cardCvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const confirmed = await app.inject({ method: 'POST', url: '/api/payments/confirm', remoteAddress: newClient(), payload: { paymentIntentId: checkout.paymentIntentId } });
    const confirmation = confirmed.json<ConfirmPaymentResponse>();
    expect(confirmation.success).toBe(true);
    await processor.settled();
    const [row] = await rows<{ id: number }>(sql`select id from orders where application_id = ${checkout.trackingNumber}`);
    return { orderId: Number(row!.id), trackingNumber: checkout.trackingNumber, paymentIntentId: checkout.paymentIntentId, confirmation };
  }

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return (await database.db.execute(query)).rows as T[];
  }

  const refundRows = (orderId: number) =>
    rows<{ amount_cents: number; state: string; source: string; reason: string; provider_refund_id: string | null }>(
      sql`select amount_cents, state, source, reason, provider_refund_id from refunds where order_id = ${orderId} order by id`,
    );
  const providerRefunds = (paymentIntentId: string) => rows<{ amount_cents: number }>(sql`select amount_cents from test_payment_refunds where payment_intent_id = ${paymentIntentId}`);
  const orderRow = async (orderId: number) =>
    (await rows<{ status: string; dispute_status: string | null }>(sql`select status, dispute_status from orders where id = ${orderId}`))[0]!;
  const historyOf = (orderId: number) =>
    rows<{ from_status: string | null; to_status: string; changed_by: string | null; changed_by_customer: boolean; changed_by_system: string | null }>(
      sql`select from_status, to_status, changed_by, changed_by_customer, changed_by_system from order_status_history where order_id = ${orderId} order by id`,
    );
  const emailsOf = (orderId: number, kind: string) => rows<{ to_address: string; subject: string; text_body: string; reply_to: string | null }>(
    sql`select to_address, subject, text_body, reply_to from email_outbox where order_id = ${orderId} and kind = ${kind} order by id`,
  );

  function refund(harness: Harness, orderId: number, body: unknown, cookie = harness.adminCookie) {
    return staffInject(harness.app, cookie, 'POST', `/api/manage/orders/${orderId}/refunds`, body);
  }

  async function track(harness: Harness, trackingNumber: string): Promise<TrackingResult> {
    const response = await harness.app.inject({ method: 'GET', url: `/api/track/${trackingNumber}`, remoteAddress: newClient() });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TrackingResult>();
  }

  /** The "Cancel my order" link of the confirmation e-mail, as the customer's mail program shows it. */
  function cancellationTokenFromMail(env: Env, trackingNumber: string): string {
    const message = mailTo(mailbox(env), customerEmail).find((text) => text.includes(`Order confirmed: your EIN application ${trackingNumber}`));
    expect(message).toBeDefined();
    const match = /https:\/\/ein\.example\.com\/cancel-order\/([A-Za-z0-9_-]{43})/.exec(message!);
    expect(match).not.toBeNull();
    return match![1]!;
  }

  const cancellation = (harness: Harness, token: string, method: 'GET' | 'POST' = 'GET') =>
    harness.app.inject({ method, url: `/api/cancellations/${token}`, remoteAddress: newClient() });

  it('refunds an order in full: provider refund, cancelled with a history row, e-mail, figures and tracking', async () => {
    const harness = await startApp();
    const { orderId, trackingNumber, paymentIntentId } = await purchase(harness);

    const response = await refund(harness, orderId, { amountCents: 14900, reason: 'not_delivered_in_time', note: 'Late by a day.' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<RefundResponse>();
    expect(answer.refund).toMatchObject({ amountCents: 14900, state: 'succeeded', source: 'staff', reason: 'not_delivered_in_time', requestedBy: { id: harness.admin.id, name: 'Ada Admin' } });
    expect(answer.refund.providerRefundId).toMatch(/^re_/);
    expect(answer.payments).toMatchObject({ paidCents: 14900, refundedCents: 14900, netCents: 0, refundableCents: 0, pendingCents: 0 });

    expect(await providerRefunds(paymentIntentId)).toEqual([{ amount_cents: 14900 }]);
    expect((await orderRow(orderId)).status).toBe('cancelled');
    expect(await historyOf(orderId)).toEqual([{ from_status: 'reviewing_form_data', to_status: 'cancelled', changed_by: harness.admin.id, changed_by_customer: false, changed_by_system: null }]);
    expect(await auditRows(database.db, 'refund_created', `order:${orderId}`)).toEqual([
      expect.objectContaining({ actor_id: harness.admin.id, detail: expect.objectContaining({ amountCents: 14900, reason: 'not_delivered_in_time' }) }),
    ]);

    // The provider's charge.refunded event arrives too: nothing more happens.
    await harness.processor.settled();
    const emails = await emailsOf(orderId, 'refund_confirmation');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to_address: customerEmail, reply_to: harness.env.SUPPORT_EMAIL });
    expect(emails[0]!.text_body).toContain(companyName);
    expect(emails[0]!.text_body).toContain('refunded in full, and your order has been cancelled');
    const sent = mailTo(mailbox(harness.env), customerEmail).find((text) => text.includes('Refund of $149.00'));
    expect(sent).toMatch(new RegExp(`^Reply-To: ${harness.env.SUPPORT_EMAIL}$`, 'm'));
    expect(await emailsOf(orderId, 'status_changed')).toHaveLength(0);

    const detail = await getOrder(harness.app, harness.adminCookie, orderId);
    expect(detail.status).toBe('cancelled');
    expect(detail.payments).toMatchObject({ paidCents: 14900, refundedCents: 14900, netCents: 0 });

    const tracking = await track(harness, trackingNumber);
    expect(tracking.status).toBe('cancelled');
    expect(tracking.refund).toEqual({ amountCents: 14900, refundedAt: expect.any(String) });

    // Nothing is left to refund.
    const again = await refund(harness, orderId, { amountCents: 100, reason: 'customer_request' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'order_not_refundable', message: refundMessages.fullyRefunded });
  });

  it('refunds part of an order, keeps it open, and refuses more than remains without changing anything', async () => {
    const harness = await startApp();
    const { orderId, trackingNumber, paymentIntentId } = await purchase(harness);

    const partial = await refund(harness, orderId, { amountCents: 4900, reason: 'customer_request', note: '' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json<RefundResponse>().payments).toMatchObject({ paidCents: 14900, refundedCents: 4900, netCents: 10000, refundableCents: 10000 });
    expect((await orderRow(orderId)).status).toBe('reviewing_form_data');
    expect(await historyOf(orderId)).toEqual([]);
    await harness.processor.settled();
    const [email] = await emailsOf(orderId, 'refund_confirmation');
    expect(email!.text_body).toContain('In all, $49.00 of your payment of $149.00 has been refunded');

    // More than the $100.00 left: refused by our own check, under the lock, before the provider is asked.
    const over = await refund(harness, orderId, { amountCents: 10001, reason: 'customer_request' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'refund_exceeds_payment', message: refundMessages.amountTooLarge(10000), fields: { amountCents: [refundMessages.amountTooLarge(10000)] } });
    // More than was ever paid.
    const huge = await refund(harness, orderId, { amountCents: 20000, reason: 'customer_request' });
    expect(huge.statusCode).toBe(409);
    expect(await refundRows(orderId)).toHaveLength(1);
    expect(await providerRefunds(paymentIntentId)).toEqual([{ amount_cents: 4900 }]);

    // Bad input: a clear message, nothing stored.
    for (const body of [{ amountCents: 0, reason: 'customer_request' }, { amountCents: 12.5, reason: 'customer_request' }, { amountCents: 100, reason: 'whim' }, { amountCents: 100, reason: 'other', note: '' }, { amountCents: 100, reason: 'customer_request', note: 'a\u0000b' }]) {
      const refused = await refund(harness, orderId, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
    expect(await refundRows(orderId)).toHaveLength(1);

    // The rest refunds exactly; the order is then cancelled.
    const rest = await refund(harness, orderId, { amountCents: 10000, reason: 'other', note: 'Goodwill.' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await orderRow(orderId)).status).toBe('cancelled');
    expect((await track(harness, trackingNumber)).refund?.amountCents).toBe(14900);
  });

  it('lets two admins refunding at once refund no more than was paid', async () => {
    const harness = await startApp();
    const { orderId, paymentIntentId } = await purchase(harness);
    const second = await createStaffMember(harness.services, { role: 'admin' });
    const secondCookie = await signIn(harness.app, second);
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;

    // Real concurrent HTTP requests: each admin asks for $100 of the $149 twice over.
    const post = (cookie: string) =>
      fetch(`${base}/api/manage/orders/${orderId}/refunds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: JSON.stringify({ amountCents: 10000, reason: 'customer_request' }),
      });
    const answers = await Promise.all([post(harness.adminCookie), post(secondCookie), post(harness.adminCookie), post(secondCookie)]);
    const bodies = await Promise.all(answers.map(async (answer) => `${answer.status} ${await answer.text()}`));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses, bodies.join('\n')).toEqual([200, 409, 409, 409]);
    await harness.processor.settled();

    const made = await refundRows(orderId);
    expect(made.filter((row) => row.state === 'succeeded').map((row) => row.amount_cents)).toEqual([10000]);
    expect(await providerRefunds(paymentIntentId)).toEqual([{ amount_cents: 10000 }]);
    expect(await emailsOf(orderId, 'refund_confirmation')).toHaveLength(1);
  });

  it('refuses refunds to a fulfiller', async () => {
    const harness = await startApp();
    const { orderId } = await purchase(harness);
    const fulfiller = await createStaffMember(harness.services, { role: 'fulfiller' });
    const cookie = await signIn(harness.app, fulfiller);
    await saveOrder(harness.app, harness.adminCookie, orderId, { assignedTo: fulfiller.id });
    const response = await refund(harness, orderId, { amountCents: 100, reason: 'customer_request' }, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('permission_denied');
    expect(await refundRows(orderId)).toEqual([]);
  });

  it('cancels from the e-mail link within the hour, with a full refund, once', async () => {
    const harness = await startApp();
    const { orderId, trackingNumber, paymentIntentId, confirmation } = await purchase(harness);
    expect(confirmation.cancelPath).toMatch(/^\/cancel-order\/[A-Za-z0-9_-]{43}$/);
    const token = cancellationTokenFromMail(harness.env, trackingNumber);
    // Only the hash is stored.
    expect(await rows(sql`select 1 from cancellation_links where token_hash = ${token}`)).toEqual([]);

    const page = await cancellation(harness, token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<CancellationView>()).toEqual({ state: 'cancellable', trackingNumber, companyName, amountCents: 14900, deadline: expect.any(String) });

    const cancelled = await cancellation(harness, token, 'POST');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<CancellationView>()).toMatchObject({ state: 'cancelled', refundedCents: 14900, companyName });
    await harness.processor.settled();
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ amount_cents: 14900, state: 'succeeded', source: 'customer', reason: 'customer_cancellation' })]);
    expect(await providerRefunds(paymentIntentId)).toEqual([{ amount_cents: 14900 }]);
    expect((await orderRow(orderId)).status).toBe('cancelled');
    expect(await historyOf(orderId)).toEqual([{ from_status: 'reviewing_form_data', to_status: 'cancelled', changed_by: null, changed_by_customer: true, changed_by_system: null }]);
    const emails = await emailsOf(orderId, 'cancellation_confirmation');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ reply_to: harness.env.SUPPORT_EMAIL, subject: `Order cancelled: your EIN application ${trackingNumber}` });
    expect(emails[0]!.text_body).toContain(companyName);
    expect(await emailsOf(orderId, 'refund_confirmation')).toEqual([]);
    expect((await track(harness, trackingNumber)).status).toBe('cancelled');

    // The link is spent: a second click, or the confirmation page's link, refunds nothing more.
    const reused = await cancellation(harness, token, 'POST');
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error).toMatchObject({ code: 'cancellation_link_unavailable', message: cancellationMessages.linkUnavailable });
    const fromPage = await cancellation(harness, confirmation.cancelPath!.split('/').pop()!, 'POST');
    expect(fromPage.statusCode).toBe(410);
    expect((await cancellation(harness, token)).json<CancellationView>().state).toBe('cancelled');
    expect(await providerRefunds(paymentIntentId)).toHaveLength(1);
    expect(await emailsOf(orderId, 'cancellation_confirmation')).toHaveLength(1);

    // Unknown and malformed tokens.
    expect((await cancellation(harness, 'x'.repeat(43))).statusCode).toBe(410);
    expect((await cancellation(harness, 'short', 'POST')).statusCode).toBe(410);
  });

  it('explains the refund policy instead of cancelling after the hour', async () => {
    const harness = await startApp();
    const { orderId, trackingNumber, paymentIntentId } = await purchase(harness);
    const token = cancellationTokenFromMail(harness.env, trackingNumber);
    await database.db.execute(sql`update cancellation_links set expires_at = now() - interval '1 minute' where order_id = ${orderId}`);

    const page = await cancellation(harness, token);
    expect(page.json<CancellationView>()).toEqual({ state: 'closed', why: 'expired', trackingNumber, companyName, supportEmail: harness.env.SUPPORT_EMAIL });
    const refused = await cancellation(harness, token, 'POST');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'cancellation_window_closed', message: cancellationMessages.refusals.expired });
    expect(await refundRows(orderId)).toEqual([]);
    expect(await providerRefunds(paymentIntentId)).toEqual([]);
    expect((await orderRow(orderId)).status).toBe('reviewing_form_data');
  });

  it('lets the customer cancel while staff work the order and ask for a signature: only its submission to the IRS closes the hour', async () => {
    const harness = await startApp();
    const { orderId, trackingNumber } = await purchase(harness);
    const token = cancellationTokenFromMail(harness.env, trackingNumber);
    for (const status of ['checking_company_registration', 'preparing_ss4_form', 'ss4_signed_awaiting_irs', 'on_hold'] as const) {
      await database.db.execute(sql`update orders set status = ${status} where id = ${orderId}`);
      expect((await cancellation(harness, token)).json<CancellationView>(), status).toMatchObject({ state: 'cancellable', trackingNumber });
    }
    // Staff sending the signing link is not a submission.
    await database.db.execute(sql`update orders set status = 'preparing_ss4_form' where id = ${orderId}`);
    const detail = await getOrder(harness.app, harness.adminCookie, orderId);
    const saved = await staffInject(harness.app, harness.adminCookie, 'PATCH', `/api/manage/orders/${orderId}`, { ...formOf(detail), status: 'awaiting_user_signature' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await cancellation(harness, token)).json<CancellationView>()).toMatchObject({ state: 'cancellable' });

    // A fax of the form queued to the IRS: the application is being submitted.
    await database.db.execute(sql`insert into filings (order_id, method, status) values (${orderId}, 'fax', 'queued')`);
    expect((await cancellation(harness, token)).json<CancellationView>()).toMatchObject({ state: 'closed', why: 'submitted' });
    await database.db.execute(sql`delete from filings where order_id = ${orderId}`);

    for (const status of ['submitted_to_irs', 'irs_overdue', 'completed'] as const) {
      await database.db.execute(sql`update orders set status = ${status} where id = ${orderId}`);
      expect((await cancellation(harness, token)).json<CancellationView>(), status).toMatchObject({ state: 'closed', why: 'submitted' });
    }
    const refused = await cancellation(harness, token, 'POST');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'cancellation_window_closed', message: cancellationMessages.refusals.submitted });
    expect(await refundRows(orderId)).toEqual([]);
    expect((await orderRow(orderId)).status).toBe('completed');
    // The confirmation page no longer offers the link either.
    const again = await harness.app.inject({ method: 'POST', url: '/api/payments/confirm', remoteAddress: newClient(), payload: { paymentIntentId: (await rows<{ payment_intent_id: string }>(sql`select payment_intent_id from orders where id = ${orderId}`))[0]!.payment_intent_id } });
    expect(again.json<ConfirmPaymentResponse>().cancelPath).toBeNull();
  });

  it('shows a refund made in the provider dashboard once, however often and in whatever order its events come', async () => {
    const harness = await startApp();
    const { orderId, trackingNumber, paymentIntentId } = await purchase(harness);

    harness.hold.on = true;
    // Two refunds in the dashboard (not through this server): $20, then the remaining $129.
    await harness.processor.createRefund({ paymentIntentId, amountCents: 2000, metadata: {}, idempotencyKey: randomUUID() });
    await harness.processor.createRefund({ paymentIntentId, amountCents: 12900, metadata: {}, idempotencyKey: randomUUID() });
    await harness.processor.settled();
    expect(harness.held).toHaveLength(2);
    const [first, second] = harness.held;

    // The later event first, then each again (the provider retries).
    for (const event of [second!, first!, second!, first!]) await deliverToWebhookRoute(harness.app, event.payload, event.signature);

    const recorded = await refundRows(orderId);
    expect(recorded.map((row) => [row.amount_cents, row.state, row.source, row.reason])).toEqual([
      [2000, 'succeeded', 'provider', 'provider_dashboard'],
      [12900, 'succeeded', 'provider', 'provider_dashboard'],
    ]);
    expect((await orderRow(orderId)).status).toBe('cancelled');
    // Made by nobody here: the history names the payment provider's refund, never an unknown user.
    expect(await historyOf(orderId)).toEqual([{ from_status: 'reviewing_form_data', to_status: 'cancelled', changed_by: null, changed_by_customer: false, changed_by_system: 'payment_refund' }]);
    expect(statusChangerName((await getOrder(harness.app, harness.adminCookie, orderId)).statusHistory.at(-1)!)).toBe('System (refund at the payment provider)');
    expect(await emailsOf(orderId, 'refund_confirmation')).toHaveLength(2);
    expect(await auditRows(database.db, 'refund_recorded', `order:${orderId}`)).toHaveLength(2);
    expect((await track(harness, trackingNumber)).refund?.amountCents).toBe(14900);
    const detail = await getOrder(harness.app, harness.adminCookie, orderId);
    expect(detail.payments).toMatchObject({ refundedCents: 14900, netCents: 0 });
  });

  it('puts a disputed order on hold, e-mails the admins once, refuses refunds, and takes dispute events in any order', async () => {
    const harness = await startApp();
    await createStaffMember(harness.services, { role: 'admin' });
    harness.hold.on = true;
    const { orderId, paymentIntentId } = await purchase(harness, cards.dispute);
    // The payment's own events, then the dispute's.
    const types = harness.held.map((event) => (JSON.parse(event.payload) as { type: string }).type);
    expect(types).toEqual(['payment_intent.succeeded', 'charge.dispute.created']);
    const created = harness.held[1]!;
    const [dispute] = await rows<{ id: string }>(sql`select id from test_payment_disputes where payment_intent_id = ${paymentIntentId}`);

    // The bank decides before the "created" event reaches us: "closed" arrives first.
    await harness.processor.closeDispute(dispute!.id, 'lost');
    await harness.processor.settled();
    const closed = harness.held[2]!;
    expect((JSON.parse(closed.payload) as { type: string }).type).toBe('charge.dispute.closed');
    for (const event of [closed, created, closed, created]) await deliverToWebhookRoute(harness.app, event.payload, event.signature);

    expect(await orderRow(orderId)).toEqual({ status: 'on_hold', dispute_status: 'lost' });
    expect(await historyOf(orderId)).toEqual([{ from_status: 'reviewing_form_data', to_status: 'on_hold', changed_by: null, changed_by_customer: false, changed_by_system: 'payment_dispute' }]);
    const alerts = await emailsOf(orderId, 'dispute_alert');
    // Every active admin, once.
    const admins = await rows<{ email: string }>(sql`select email from "user" where role = 'admin' and not banned`);
    expect(alerts.map((alert) => alert.to_address).sort()).toEqual(admins.map((admin) => admin.email).sort());
    expect(await auditRows(database.db, 'dispute_opened', `order:${orderId}`)).toHaveLength(1);
  });

  it('makes the order of a disputed payment whose dispute event comes before anything else', async () => {
    const harness = await startApp();
    harness.hold.on = true;
    const started = await harness.app.inject({ method: 'POST', url: '/api/checkout', remoteAddress: newClient(), payload: { draftId: randomUUID(), email: customerEmail, application: sampleApplication() } });
    const checkout = started.json<CheckoutResponse>();
    await harness.app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      remoteAddress: newClient(),
      payload: { clientSecret: checkout.clientSecret, cardNumber: cards.dispute, cardExpiry: '12 / 34', cardCvc: '123' },
    });
    await harness.processor.settled();
    // The browser never confirmed, and only the dispute's event arrives.
    const disputeEvent = harness.held.find((event) => event.payload.includes('charge.dispute.created'))!;
    await deliverToWebhookRoute(harness.app, disputeEvent.payload, disputeEvent.signature);
    const [order] = await rows<{ status: string; dispute_status: string }>(sql`select status, dispute_status from orders where application_id = ${checkout.trackingNumber}`);
    expect(order).toEqual({ status: 'on_hold', dispute_status: 'needs_response' });
  });

  it('shows an open dispute on the order and in the list, and e-mails its opening and its end', async () => {
    const harness = await startApp();
    const { orderId, paymentIntentId } = await purchase(harness, cards.dispute);
    expect(await orderRow(orderId)).toEqual({ status: 'on_hold', dispute_status: 'needs_response' });
    const admins = await rows<{ email: string }>(sql`select email from "user" where role = 'admin' and not banned`);
    const opened = await emailsOf(orderId, 'dispute_alert');
    expect(opened).toHaveLength(admins.length);
    expect(opened[0]!.subject).toContain('Payment disputed');
    expect(opened[0]!.text_body).toContain(companyName);

    const detail = await getOrder(harness.app, harness.adminCookie, orderId);
    expect(detail.payments.dispute).toMatchObject({ status: 'needs_response', open: true });
    expect(detail.payments.refundableCents).toBe(0);
    const list = await staffInject(harness.app, harness.adminCookie, 'GET', '/api/manage/orders');
    expect(list.json<OrderListResponse>().orders.find((order) => order.id === orderId)?.disputed).toBe(true);

    const refused = await refund(harness, orderId, { amountCents: 100, reason: 'customer_request' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'order_not_refundable', message: refundMessages.disputed });

    const [dispute] = await rows<{ id: string }>(sql`select id from test_payment_disputes where payment_intent_id = ${paymentIntentId}`);
    await harness.processor.closeDispute(dispute!.id, 'won');
    await harness.processor.settled();
    expect((await orderRow(orderId)).dispute_status).toBe('won');
    const alerts = await emailsOf(orderId, 'dispute_alert');
    expect(alerts).toHaveLength(2 * admins.length);
    expect(alerts.at(-1)!.subject).toContain('Dispute won');
    const after = await staffInject(harness.app, harness.adminCookie, 'GET', '/api/manage/orders');
    expect(after.json<OrderListResponse>().orders.find((order) => order.id === orderId)?.disputed).toBe(false);
  });

  /** A refund recorded as pending whose provider call never came back (the process stopped), `ageMs` ago. */
  async function leftPending(harness: Harness, orderId: number, amountCents: number, ageMs: number) {
    const at = new Date(Date.now() - ageMs);
    const [row] = await rows<{ id: number; idempotency_key: string }>(sql`
      insert into refunds (order_id, amount_cents, reason, state, source, idempotency_key, requested_by, created_at, updated_at)
      values (${orderId}, ${amountCents}, 'customer_request', 'pending', 'staff', ${`refund:${randomUUID()}`}, ${harness.admin.id}, ${at.toISOString()}, ${at.toISOString()})
      returning id, idempotency_key`);
    return { id: Number(row!.id), idempotencyKey: row!.idempotency_key };
  }

  const pendingRefundGraceMs = 120_000;
  const settle = (harness: Harness, at = new Date()) => settlePendingRefunds({ services: harness.services, log: harness.app.log, now: at });

  it('makes a refund left pending before its provider call, once, after the grace period', async () => {
    const harness = await startApp();
    const { orderId, paymentIntentId } = await purchase(harness);
    await leftPending(harness, orderId, 14900, 30_000);

    // Its call may still be under way: left alone.
    expect(await settle(harness)).toEqual({ orders: 0, submitted: 0 });
    expect(await providerRefunds(paymentIntentId)).toEqual([]);

    const later = new Date(Date.now() + pendingRefundGraceMs);
    expect(await settle(harness, later)).toEqual({ orders: 1, submitted: 1 });
    await harness.processor.settled();
    expect(await providerRefunds(paymentIntentId)).toEqual([{ amount_cents: 14900 }]);
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ amount_cents: 14900, state: 'succeeded', provider_refund_id: expect.stringMatching(/^re_/) })]);
    expect((await orderRow(orderId)).status).toBe('cancelled');
    expect(await emailsOf(orderId, 'refund_confirmation')).toHaveLength(1);

    // Nothing is pending any more: a later run, and another instance's at the same time, do nothing.
    const again = await Promise.all([settle(harness, later), settle(harness, later)]);
    expect(again).toEqual([{ orders: 0, submitted: 0 }, { orders: 0, submitted: 0 }]);
    expect(await providerRefunds(paymentIntentId)).toHaveLength(1);
  });

  it('takes the provider’s refund for one whose answer was lost, without asking for it again', async () => {
    const harness = await startApp();
    const { orderId, paymentIntentId } = await purchase(harness);
    const pending = await leftPending(harness, orderId, 5000, pendingRefundGraceMs + 60_000);
    // The call reached the provider, but neither its answer nor its event came back.
    harness.hold.on = true;
    const made = await harness.processor.createRefund({ paymentIntentId, amountCents: 5000, metadata: { refundId: String(pending.id), orderId: String(orderId) }, idempotencyKey: pending.idempotencyKey });

    expect(await settle(harness)).toEqual({ orders: 1, submitted: 0 });
    expect(await providerRefunds(paymentIntentId)).toEqual([{ amount_cents: 5000 }]);
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ amount_cents: 5000, state: 'succeeded', provider_refund_id: made.id })]);
    expect((await orderRow(orderId)).status).toBe('reviewing_form_data');
    expect(await emailsOf(orderId, 'refund_confirmation')).toHaveLength(1);
  });

  it('marks failed a pending refund the provider refuses, when the payment was refunded meanwhile', async () => {
    const harness = await startApp();
    const { orderId, paymentIntentId } = await purchase(harness);
    await leftPending(harness, orderId, 14900, pendingRefundGraceMs + 60_000);
    // Refunded in full from the provider's dashboard, its event lost.
    harness.hold.on = true;
    await harness.processor.createRefund({ paymentIntentId, amountCents: 14900, metadata: {}, idempotencyKey: `dashboard:${randomUUID()}` });

    expect(await settle(harness)).toEqual({ orders: 1, submitted: 1 });
    expect(await providerRefunds(paymentIntentId)).toEqual([{ amount_cents: 14900 }]);
    expect((await refundRows(orderId)).map((row) => [row.source, row.state])).toEqual([
      ['staff', 'failed'],
      ['provider', 'succeeded'],
    ]);
    expect((await orderRow(orderId)).status).toBe('cancelled');
    expect(await auditRows(database.db, 'refund_failed', `order:${orderId}`)).toHaveLength(1);
  });

  it('writes each refund e-mail of a cancellation with the mail headers a customer can answer', async () => {
    const harness = await startApp();
    const { trackingNumber } = await purchase(harness);
    const confirmationMail = mailTo(mailbox(harness.env), customerEmail).find((text) => text.includes(`Order confirmed: your EIN application ${trackingNumber}`))!;
    expect(decodeMail(confirmationMail)).toContain('Cancel my order');
    // A Texas business address: the window's end and the receipt's date in Central time, named.
    expect(decodeMail(confirmationMail)).toMatch(/until [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M C[SD]T, one hour after your payment/);
    expect(decodeMail(confirmationMail)).toMatch(/Date: [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M C[SD]T/);
    expect(decodeMail(confirmationMail)).not.toContain(' UTC');
    const token = cancellationTokenFromMail(harness.env, trackingNumber);
    expect((await cancellation(harness, token, 'POST')).statusCode).toBe(200);
    const sent = mailTo(mailbox(harness.env), customerEmail).find((text) => text.includes('Order cancelled:'));
    expect(sent).toMatch(new RegExp(`^Reply-To: ${harness.env.SUPPORT_EMAIL}$`, 'm'));
    expect(sent).toContain(companyName);
  });
});
