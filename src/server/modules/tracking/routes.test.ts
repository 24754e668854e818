// @vitest-environment node
import { signatureActionNeeded } from '../../../shared/signing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database';
import type { Database } from '../../db/database';
import { checkouts, orders } from '../../db/schema';
import { createPaidOrder } from '../../testing/factories';
import { createTrackingNumber } from '../../orders/tracking-number';
import { registerErrorHandler } from '../../plugins/errors';
import { registerRateLimit } from '../../plugins/rate-limit';
import { orderStatuses } from '../../../shared/orders/statuses';
import { trackingMessages } from '../../../shared/tracking';
import { registerTrackingRoutes, trackingLookupsPerMinute } from './routes';

// The same pieces `buildApp` wires for this route: the error handler, the shared rate limit, the route.
async function buildTrackingApp(database: Database): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandler(app);
  await registerRateLimit(app, database, { cleanupProbability: 0 });
  registerTrackingRoutes(app, database);
  await app.ready();
  return app;
}

let nextClient = 1;
/** Each test asks from an address of its own, so the rate limit of one test does not leak into another. */
function newClient(): string {
  nextClient += 1;
  return `198.51.100.${nextClient}`;
}

describe.each(testDatabaseKinds)('GET /api/track/:number on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let client: string;

  const track = (number: string, remoteAddress = client) => app.inject({ method: 'GET', url: `/api/track/${number}`, remoteAddress });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTrackingApp(database);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  beforeEach(() => {
    client = newClient();
  });

  it("answers a paid order's customer status and creation date, and nothing else", async () => {
    const createDate = new Date('2025-02-03T14:15:16.000Z');
    const order = await createPaidOrder(database.db, { createDate, notes: 'internal', billingEmail: 'owner@example.com' });
    const response = await track(order.applicationId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toStrictEqual({ status: 'in_process', createDate: '2025-02-03T14:15:16.000Z' });
    expect(Object.keys(response.json() as object)).toEqual(['status', 'createDate']);
    expect(response.body).not.toContain('owner@example.com');
  });

  const expected: Record<string, string> = {
    reviewing_form_data: 'in_process',
    checking_company_registration: 'in_process',
    preparing_ss4_form: 'in_process',
    awaiting_user_signature: 'in_process',
    ss4_signed_awaiting_irs: 'in_process',
    submitted_to_irs: 'in_process',
    completed: 'completed',
    on_hold: 'in_process',
    cancelled: 'cancelled',
    // Legacy values, mapped on load.
    submitted: 'in_process',
    irs_submitted: 'in_process',
    in_progress: 'in_process',
  };

  it('tells the customer to sign while the order awaits their signature, and only then', async () => {
    for (const status of orderStatuses) {
      const order = await createPaidOrder(database.db, { status });
      const body = (await track(order.applicationId, newClient())).json() as { actionNeeded?: string };
      expect(body.actionNeeded, status).toBe(status === 'awaiting_user_signature' ? signatureActionNeeded : undefined);
    }
  });

  it('maps every internal status, and legacy ones, to the customer-facing status', async () => {
    expect(orderStatuses.every((status) => status in expected)).toBe(true);
    for (const [status, customerStatus] of Object.entries(expected)) {
      const order = await createPaidOrder(database.db, { status });
      const response = await track(order.applicationId, newClient());
      expect(response.statusCode, status).toBe(200);
      expect((response.json() as { status: string }).status, status).toBe(customerStatus);
    }
  });

  it('answers 404 with the spec message for an unknown number', async () => {
    const response = await track(createTrackingNumber());
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ error: { code: 'not_found', message: trackingMessages.notFound } });
  });

  it('does not find an order that is not paid', async () => {
    const order = await createPaidOrder(database.db);
    await database.db.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, order.id));
    const response = await track(order.applicationId);
    expect(response.statusCode).toBe(404);
    expect((response.json() as { error: { message: string } }).error.message).toBe(trackingMessages.notFound);
  });

  it('does not find a checkout that never became an order', async () => {
    const trackingNumber = createTrackingNumber();
    await database.db.insert(checkouts).values({
      draftId: crypto.randomUUID(),
      trackingNumber,
      formData: {},
      email: 'open@example.com',
      amountCents: 14900,
      currency: 'usd',
      paymentProvider: 'test',
      paymentIntentId: `pi_open_${trackingNumber}`,
    });
    const response = await track(trackingNumber);
    expect(response.statusCode).toBe(404);
    expect((response.json() as { error: { message: string } }).error.message).toBe(trackingMessages.notFound);
  });

  it('rejects a number of the wrong length with the shared message', async () => {
    for (const number of ['ABC123', 'ABCDEFGHIJKLM', 'HFE12W87EQ2']) {
      const response = await track(number);
      expect(response.statusCode, number).toBe(400);
      expect(response.json(), number).toEqual({
        error: { code: 'validation_failed', message: trackingMessages.length, fields: { number: [trackingMessages.length] } },
      });
    }
  });

  it('rejects lowercase letters and other characters with the shared message, even for an existing order', async () => {
    const order = await createPaidOrder(database.db);
    for (const number of [order.applicationId.toLowerCase(), 'HFE12W87EQ2-', 'HFE12W87EQ2%20']) {
      const response = await track(number);
      expect(response.statusCode, number).toBe(400);
      expect((response.json() as { error: { message: string } }).error.message, number).toBe(trackingMessages.characters);
    }
  });

  it('answers 429 with the spec-style message after the limit, per client', async () => {
    const order = await createPaidOrder(database.db);
    for (let i = 0; i < trackingLookupsPerMinute; i += 1) {
      // Failed lookups count too: they are what guessing looks like.
      const response = await track(i % 2 ? order.applicationId : createTrackingNumber());
      expect(response.statusCode, `lookup ${i + 1}`).not.toBe(429);
    }
    const limited = await track(order.applicationId);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'rate_limited', message: trackingMessages.rateLimited } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    expect((await track(order.applicationId, newClient())).statusCode).toBe(200);

    await database.db.execute(sql`update rate_limit_hits set reset_at = now() - interval '1 second'`);
    expect((await track(order.applicationId)).statusCode).toBe(200);
  });
});
