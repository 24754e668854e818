// @vitest-environment node
import { signatureActionNeeded } from '#shared/signing/signing.ts';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { checkouts, emailOutbox, filings, orders, rateLimitHits, signingRequests } from '../db';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { createStaffMember } from '#tests/factories/staff.ts';
import { createTrackingNumber } from '../orders';
import { mailbox, withStaffApp } from '#tests/support/staff-app.ts';
import { mailTo } from '#tests/support/orders-api.ts';
import { createSigningRequest } from '../signing';
import { orderStatuses, trackingStageFor } from '#shared/orders/lifecycle.ts';
import {
  signingLinkResendMessages,
  trackingMessages,
  type SigningLinkResendAnswer,
} from '#shared/tracking/tracking.ts';
import { signingLinkResendsPerWindow, trackingLookupsPerMinute } from './limits';
import { signingLinkRequestKey, signingLinkResendCooldownMs } from './resend-signing-link';
import { expectedLegacyStatuses, expectedStatuses } from '#tests/support/order-statuses.ts';

const publicUrl = 'https://ein.example.com';

let nextClient = 1;
/** Each test asks from an address of its own, so the rate limit of one test does not leak into another. */
function newClient(): string {
  nextClient += 1;
  return `198.51.100.${nextClient}`;
}

describe.each(testDatabaseKinds)('GET /api/track/:number on %s', (kind) => {
  const harness = withStaffApp(kind, { env: { PUBLIC_URL: publicUrl } });
  let app: FastifyInstance;
  let client: string;

  const track = (number: string, remoteAddress = client) => app.inject({ method: 'GET', url: `/api/track/${number}`, remoteAddress });

  beforeAll(() => {
    app = harness.app;
  });

  beforeEach(() => {
    client = newClient();
  });

  it("answers a paid order's customer status and creation date, and nothing else", async () => {
    const createDate = new Date('2025-02-03T14:15:16.000Z');
    const order = await createPaidOrder(harness.database.db, { createDate, notes: 'internal', billingEmail: 'owner@example.com' });
    const response = await track(order.applicationId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toStrictEqual({ status: 'in_process', stage: 'reviewing', createDate: '2025-02-03T14:15:16.000Z' });
    expect(Object.keys(response.json() as object)).toEqual(['status', 'stage', 'createDate']);
    expect(response.body).not.toContain('owner@example.com');
  });

  it('says, once the application is with the IRS, whether it was faxed or filed online, and nothing of a filing not yet there', async () => {
    const { db } = harness.database;
    const withIrs = async (filing?: { method: 'fax' | 'online'; status: string }) => {
      const order = await createPaidOrder(db, { status: 'submitted_to_irs' });
      if (filing) await db.insert(filings).values({ orderId: order.id, ...filing });
      return (await track(order.applicationId, newClient())).json<{ stage: string; filedBy?: string }>();
    };
    expect(await withIrs({ method: 'fax', status: 'delivered' })).toMatchObject({ stage: 'with_irs', filedBy: 'fax' });
    expect(await withIrs({ method: 'fax', status: 'answered' })).toMatchObject({ stage: 'with_irs', filedBy: 'fax' });
    expect(await withIrs({ method: 'online', status: 'filed' })).toMatchObject({ stage: 'with_irs', filedBy: 'online' });
    // A fax still on its way, or none recorded: the general words, which promise neither.
    expect(await withIrs({ method: 'fax', status: 'sending' })).not.toHaveProperty('filedBy');
    expect(await withIrs()).not.toHaveProperty('filedBy');
    // Before the IRS, nothing is said of a filing.
    const signed = await createPaidOrder(db, { status: 'ss4_signed_awaiting_irs' });
    await db.insert(filings).values({ orderId: signed.id, method: 'fax', status: 'queued' });
    expect((await track(signed.applicationId, newClient())).json()).not.toHaveProperty('filedBy');
  });

  // What the customer sees of each status, and of legacy values mapped on load (tests/support/order-statuses.ts).
  const expected: Record<string, string> = {
    ...Object.fromEntries(Object.entries(expectedStatuses).map(([status, { customerStatus }]) => [status, customerStatus])),
    ...Object.fromEntries(Object.entries(expectedLegacyStatuses).map(([stored, read]) => [stored, expectedStatuses[read].customerStatus])),
  };

  it('tells the customer to sign while the order awaits their signature, and only then', async () => {
    for (const status of orderStatuses) {
      const order = await createPaidOrder(harness.database.db, { status });
      const body = (await track(order.applicationId, newClient())).json() as { actionNeeded?: string };
      expect(body.actionNeeded, status).toBe(status === 'awaiting_user_signature' ? signatureActionNeeded : undefined);
    }
  });

  it('maps every internal status, and legacy ones, to the customer-facing status', async () => {
    expect(orderStatuses.every((status) => status in expected)).toBe(true);
    for (const [status, customerStatus] of Object.entries(expected)) {
      const order = await createPaidOrder(harness.database.db, { status });
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

  it('answers lookups that arrive together with one query, each with its own order', async () => {
    const reviewing = await createPaidOrder(harness.database.db, { status: 'submitted_to_irs' });
    const signing = await createPaidOrder(harness.database.db, { status: 'awaiting_user_signature' });
    const unpaid = await createPaidOrder(harness.database.db);
    await harness.database.db.update(orders).set({ paymentStatus: 'unpaid' }).where(eq(orders.id, unpaid.id));
    const unknown = createTrackingNumber();
    const asked = [reviewing.applicationId, signing.applicationId, unpaid.applicationId, unknown, reviewing.applicationId, signing.applicationId];
    const queries = vi.spyOn(harness.database.db, 'select');
    let responses;
    try {
      responses = await Promise.all(asked.map((number) => track(number, newClient())));
      expect(queries.mock.calls.length).toBeLessThan(asked.length);
    } finally {
      queries.mockRestore();
    }
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 404, 404, 200, 200]);
    const stages = responses.map((response) => (response.json() as { stage?: string }).stage);
    expect(stages).toEqual([
      trackingStageFor('submitted_to_irs'),
      'awaiting_signature',
      undefined,
      undefined,
      trackingStageFor('submitted_to_irs'),
      'awaiting_signature',
    ]);
  });

  it('does not find an order that is not paid', async () => {
    const order = await createPaidOrder(harness.database.db);
    // Refunded orders were paid, and tracking shows them; an order never paid is not one.
    await harness.database.db.update(orders).set({ paymentStatus: 'unpaid' }).where(eq(orders.id, order.id));
    const response = await track(order.applicationId);
    expect(response.statusCode).toBe(404);
    expect((response.json() as { error: { message: string } }).error.message).toBe(trackingMessages.notFound);
  });

  it('does not find a checkout that never became an order', async () => {
    const trackingNumber = createTrackingNumber();
    await harness.database.db.insert(checkouts).values({
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
    const order = await createPaidOrder(harness.database.db);
    for (const number of [order.applicationId.toLowerCase(), 'HFE12W87EQ2-', 'HFE12W87EQ2%20']) {
      const response = await track(number);
      expect(response.statusCode, number).toBe(400);
      expect((response.json() as { error: { message: string } }).error.message, number).toBe(trackingMessages.characters);
    }
  });

  it('answers 429 with the spec-style message after the limit, per client', async () => {
    const order = await createPaidOrder(harness.database.db);
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

    await harness.database.db.execute(sql`update rate_limit_hits set reset_at = now() - interval '1 second'`);
    expect((await track(order.applicationId)).statusCode).toBe(200);
  });

  it('answers each status with its stage, legacy values included', async () => {
    const stages: Record<string, string> = {
      reviewing_form_data: 'reviewing',
      checking_company_registration: 'reviewing',
      preparing_ss4_form: 'preparing',
      awaiting_user_signature: 'awaiting_signature',
      ss4_signed_awaiting_irs: 'filing',
      submitted_to_irs: 'with_irs',
      completed: 'completed',
      on_hold: 'on_hold',
      cancelled: 'cancelled',
      submitted: 'reviewing',
      irs_submitted: 'with_irs',
    };
    for (const [status, stage] of Object.entries(stages)) {
      const order = await createPaidOrder(harness.database.db, { status });
      expect((await track(order.applicationId, newClient())).json<{ stage: string }>().stage, status).toBe(stage);
    }
  });

  describe('a new signing link from tracking', () => {
    const resend = (number: string, options: { address?: string; host?: string } = {}) =>
      app.inject({ method: 'POST', url: `/api/track/${number}/signing-link`, remoteAddress: options.address ?? newClient(), ...(options.host ? { headers: { host: options.host } } : {}) });
    /** The signing links e-mailed to `address`, one per message (a message carries its link several times). */
    const linksTo = (address: string) =>
      mailTo(mailbox(harness.env), address).map((message) => {
        const match = /(https?:\/\/[^\s"<>]+)\/sign\/([A-Za-z0-9_-]{43})/.exec(message);
        return { origin: match?.[1], token: match?.[2] };
      });
    const requestsOf = (orderId: number) => harness.database.db.select().from(signingRequests).where(eq(signingRequests.orderId, orderId));

    async function awaitingSignature(email: string, createdAgo = signingLinkResendCooldownMs + 60_000) {
      const order = await createPaidOrder(harness.database.db, { billingEmail: email });
      const { services } = harness;
      const admin = await createStaffMember(services, { role: 'admin' });
      await createSigningRequest({
        db: harness.database.db,
        cipher: services.cipher,
        outbox: services.outbox,
        env: services.env,
        orderId: order.id,
        actor: { id: admin.id, email: admin.email, role: admin.role },
        ipAddress: null,
        origin: publicUrl,
        now: new Date(Date.now() - createdAgo),
      });
      return order;
    }

    it('e-mails a new link to the address on the order, voiding the old one, and answers without revealing anything', async () => {
      const email = `resend-${kind}@example.com`;
      const order = await awaitingSignature(email);
      expect(linksTo(email)).toHaveLength(1);
      // A forged Host header does not change where the link points.
      const response = await resend(order.applicationId, { host: 'evil.example' });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.headers['cache-control']).toBe('no-store');
      const answer = response.json<SigningLinkResendAnswer>();
      expect(answer).toEqual({ outcome: 'requested', message: signingLinkResendMessages.sent, nextRequestAt: expect.any(String) });
      const wait = Date.parse(answer.nextRequestAt) - Date.now();
      expect(wait).toBeGreaterThan(signingLinkResendCooldownMs - 60_000);
      expect(wait).toBeLessThanOrEqual(signingLinkResendCooldownMs);
      const links = linksTo(email);
      expect(links).toHaveLength(2);
      expect(links[1]!.origin).toBe(publicUrl);
      expect(links[1]!.token).not.toBe(links[0]!.token);
      const requests = await requestsOf(order.id);
      expect(requests.map((request) => request.status).sort()).toEqual(['sent', 'voided']);
      const [row] = await harness.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id)).orderBy(sql`${emailOutbox.id} desc`).limit(1);
      expect(row).toMatchObject({ kind: 'signature_request', toAddress: email, status: 'sent' });
      expect(row!.replyTo).toBe(harness.env.SUPPORT_EMAIL);
      // The link is a secret: once its e-mail has gone out, the outbox no longer holds it.
      expect(row).toMatchObject({ textBody: '', htmlBody: '', eraseBodyWhenSent: true });
    });

    it("sends a link on the number's first request in ten minutes, even just after staff sent one, and holds back the next, saying when", async () => {
      const email = `cooldown-${kind}@example.com`;
      const order = await awaitingSignature(email, 60_000);
      const first = await resend(order.applicationId);
      expect(first.statusCode).toBe(202);
      const requested = first.json<SigningLinkResendAnswer>();
      expect(requested).toMatchObject({ outcome: 'requested', message: signingLinkResendMessages.sent });
      // Asked for, so sent: the customer's request is not swallowed by the link staff sent a minute ago.
      expect(linksTo(email)).toHaveLength(2);
      for (let i = 0; i < 2; i += 1) {
        const again = await resend(order.applicationId);
        expect(again.statusCode).toBe(202);
        const heldBack = again.json<SigningLinkResendAnswer>();
        expect(heldBack).toMatchObject({ outcome: 'held_back', message: signingLinkResendMessages.heldBack });
        expect(Math.abs(Date.parse(heldBack.nextRequestAt) - Date.parse(requested.nextRequestAt))).toBeLessThan(5_000);
      }
      expect(linksTo(email)).toHaveLength(2);
      expect(await requestsOf(order.id)).toHaveLength(2);

      // An unknown number answers the same way: asked, then held back until the same kind of time.
      const unknown = createTrackingNumber();
      const firstUnknown = (await resend(unknown)).json<SigningLinkResendAnswer>();
      expect(firstUnknown).toMatchObject({ outcome: 'requested', message: signingLinkResendMessages.sent });
      const secondUnknown = (await resend(unknown)).json<SigningLinkResendAnswer>();
      expect(secondUnknown).toMatchObject({ outcome: 'held_back', message: signingLinkResendMessages.heldBack });
      expect(Math.abs(Date.parse(secondUnknown.nextRequestAt) - Date.parse(firstUnknown.nextRequestAt))).toBeLessThan(5_000);

      // Ten minutes on, the number's next request counts again.
      await harness.database.db.delete(rateLimitHits).where(eq(rateLimitHits.key, signingLinkRequestKey(order.applicationId)));
      expect((await resend(order.applicationId)).json<SigningLinkResendAnswer>().outcome).toBe('requested');
      expect(linksTo(email)).toHaveLength(3);
    });

    it('sends nothing for an order not awaiting a signature, an unknown number, or a locked link, with the same answer', async () => {
      const email = `not-awaiting-${kind}@example.com`;
      const reviewing = await createPaidOrder(harness.database.db, { billingEmail: email });
      const locked = await awaitingSignature(`locked-${kind}@example.com`);
      await harness.database.db.update(signingRequests).set({ status: 'locked' }).where(eq(signingRequests.orderId, locked.id));
      for (const number of [reviewing.applicationId, createTrackingNumber(), locked.applicationId]) {
        const response = await resend(number);
        expect(response.statusCode, number).toBe(202);
        expect(response.json(), number).toEqual({ outcome: 'requested', message: signingLinkResendMessages.sent, nextRequestAt: expect.any(String) });
      }
      expect(linksTo(email)).toEqual([]);
      expect(linksTo(`locked-${kind}@example.com`)).toHaveLength(1);
      expect(await requestsOf(reviewing.id)).toEqual([]);
    });

    it('refuses a malformed number with the shared message, and limits each client', async () => {
      const bad = await resend('abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: { message: string } }>().error.message).toBe(trackingMessages.length);
      const address = newClient();
      for (let i = 0; i < signingLinkResendsPerWindow; i += 1) expect((await resend(createTrackingNumber(), { address })).statusCode).toBe(202);
      const limited = await resend(createTrackingNumber(), { address });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: { code: 'rate_limited', message: signingLinkResendMessages.rateLimited } });
    });
  });
});
