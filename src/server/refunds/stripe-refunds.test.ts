// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppWithServices, deliverToWebhookRoute } from '../app';
import type { Database } from '../db';
import { createMailer } from '../email';
import { loadEnv } from '../env';
import { startFakeStripe, type FakeStripe } from '#tests/fakes/stripe-server.ts';
import { createStripeProvider, signWebhookPayload } from '../payments';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { signIn, staffInject } from '#tests/support/staff-app.ts';
import { createStaffMember } from '#tests/factories/staff.ts';
import type { RefundResponse } from '#shared/refunds/refunds.ts';

// The Stripe path of refunds and disputes: the official SDK against the local fake of Stripe's API,
// and Stripe-shaped events signed with the webhook secret.

const webhookSecret = 'whsec_refunds_test';

describe.each(testDatabaseKinds)('refunds and disputes through Stripe on %s', (kind) => {
  let database: Database;
  let fake: FakeStripe;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    fake = await startFakeStripe();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-stripe-refunds-'));
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
    const provider = createStripeProvider({
      secretKey: 'sk_test_refunds',
      webhookSecret,
      stripeOptions: { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 },
    });
    const built = await buildAppWithServices({ env, database, clientDir: path.join(dataDir, 'no-client'), paymentProvider: provider, mailer: createMailer(env) });
    app = built.app;
    await app.ready();
    const admin = await createStaffMember(built.services, { role: 'admin' });
    cookie = await signIn(app, admin);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await database?.close();
  });

  /** A Stripe intent paid in full and the order made from it. */
  async function paidOrder() {
    const created = await fetch(`http://127.0.0.1:${fake.port}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_refunds', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=14900&currency=usd',
    });
    const intent = (await created.json()) as { id: string };
    fake.setIntent(intent.id, { status: 'succeeded', paymentMethodType: 'card' });
    return createPaidOrder(database.db, { paymentIntentId: intent.id });
  }

  function event(type: string, object: Record<string, unknown>) {
    const payload = JSON.stringify({ id: `evt_${randomBytes(8).toString('hex')}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
    return { payload, signature: signWebhookPayload(payload, webhookSecret) };
  }

  const refundsOf = async (orderId: number) =>
    (await database.db.execute(sql`select amount_cents, state, source, provider_refund_id from refunds where order_id = ${orderId} order by id`)).rows as {
      amount_cents: number;
      state: string;
      source: string;
      provider_refund_id: string | null;
    }[];

  it('refunds through the Refunds API with an idempotency key of its own, and maps a refused amount', async () => {
    const order = await paidOrder();
    const response = await staffInject(app, cookie, 'POST', `/api/manage/orders/${order.id}/refunds`, { amountCents: 5000, reason: 'customer_request', note: '' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<RefundResponse>();
    expect(answer.refund).toMatchObject({ amountCents: 5000, state: 'succeeded' });

    const call = fake.requests.find((request) => request.method === 'POST' && request.path === '/v1/refunds');
    expect(call?.body).toMatchObject({ payment_intent: order.paymentIntentId, amount: '5000', metadata: { refundId: String(answer.refund.id), orderId: String(order.id) } });
    expect(call?.idempotencyKey).toMatch(/^refund:[0-9a-f-]{36}$/);
    expect(answer.refund.providerRefundId).toBe([...fake.refunds.keys()][0]);

    // $99 is refunded in the dashboard, unknown to us: Stripe refuses our $50, which leaves nothing behind.
    const dashboard = fake.refundFromDashboard(order.paymentIntentId, 9900);
    const refused = await staffInject(app, cookie, 'POST', `/api/manage/orders/${order.id}/refunds`, { amountCents: 5000, reason: 'customer_request', note: '' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('refund_exceeds_payment');
    expect((await refundsOf(order.id)).map((row) => row.state)).toEqual(['succeeded', 'failed']);

    // Then Stripe's charge.refunded arrives (twice): the dashboard refund shows and the order is cancelled.
    const refundedEvent = event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: order.paymentIntentId, amount_refunded: 14900 });
    await deliverToWebhookRoute(app, refundedEvent.payload, refundedEvent.signature);
    await deliverToWebhookRoute(app, refundedEvent.payload, refundedEvent.signature);
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ amount_cents: 5000, state: 'succeeded', source: 'staff' }),
      expect.objectContaining({ amount_cents: 5000, state: 'failed', source: 'staff', provider_refund_id: null }),
      { amount_cents: 9900, state: 'succeeded', source: 'provider', provider_refund_id: dashboard.id },
    ]);
    const [row] = (await database.db.execute(sql`select status from orders where id = ${order.id}`)).rows as { status: string }[];
    expect(row?.status).toBe('cancelled');
  });

  it('puts an order on hold on charge.dispute.created, read back from Stripe', async () => {
    const order = await paidOrder();
    const dispute = fake.setDispute(null, { paymentIntentId: order.paymentIntentId, status: 'needs_response' });
    const created = event('charge.dispute.created', { id: dispute.id, object: 'dispute', payment_intent: order.paymentIntentId, status: 'needs_response' });
    await deliverToWebhookRoute(app, created.payload, created.signature);
    fake.setDispute(dispute.id, { status: 'won' });
    const closed = event('charge.dispute.closed', { id: dispute.id, object: 'dispute', payment_intent: order.paymentIntentId, status: 'won' });
    await deliverToWebhookRoute(app, closed.payload, closed.signature);
    await deliverToWebhookRoute(app, created.payload, created.signature);
    const [row] = (await database.db.execute(sql`select status, dispute_id, dispute_status from orders where id = ${order.id}`)).rows as Record<string, string>[];
    expect(row).toEqual({ status: 'on_hold', dispute_id: dispute.id, dispute_status: 'won' });
    expect(fake.requests.filter((request) => request.path === `/v1/disputes/${dispute.id}`)).toHaveLength(2);
  });
});
