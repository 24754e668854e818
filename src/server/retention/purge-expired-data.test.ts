// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingRequests } from '../db';
import { mailFolder } from '../email';
import { startFakeStripe, type FakeStripe } from '#tests/fakes/stripe-server.ts';
import { createStripeProvider, type PaymentIntentStatus, type PaymentProvider } from '../payments';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { withStaffApp, type StaffTestApp } from '#tests/support/staff-app.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { applicationWithSsn } from '#tests/support/orders-api.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { CheckoutResponse } from '#shared/checkout/checkout.ts';
import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';
import { auditActionLabels } from '#shared/audit/audit.ts';
import { reconcilePayments } from '../checkout';
import { purgeExpiredData } from './purge-expired-data';

const ssn = '523456789';
const hour = 3600 * 1000;
const day = 24 * hour;

let clientCount = 0;
const newClient = () => {
  clientCount += 1;
  return `10.18.${Math.floor(clientCount / 250)}.${(clientCount % 250) + 1}`;
};

describe.each(testDatabaseKinds)('the purge of expired personal data on %s', (kind) => {
  const harness = withStaffApp(kind);

  async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
    return (await harness.database.db.execute(query)).rows as T[];
  }

  async function startCheckout(app = harness.app, email = 'retention@example.com'): Promise<CheckoutResponse & { draftId: string }> {
    const draftId = randomUUID();
    const application = sampleApplication({ contact: { rpSSN: ssn } });
    const response = await app.inject({ method: 'POST', url: '/api/checkout', remoteAddress: newClient(), payload: { draftId, email, application } });
    expect(response.statusCode, response.body).toBe(200);
    return { ...response.json<CheckoutResponse>(), draftId };
  }

  /** Moves a checkout's clock back, as if it had been left for `hours`. */
  async function age(trackingNumber: string, hours: number) {
    await harness.database.db.execute(sql`
      update checkouts set created_at = now() - make_interval(hours => ${hours}), updated_at = now() - make_interval(hours => ${hours})
      where tracking_number = ${trackingNumber}`);
  }

  const purge = (options: { batchSize?: number; services?: StaffTestApp['services'] } = {}) =>
    purgeExpiredData({ services: options.services ?? harness.services, log: harness.app.log, batchSize: options.batchSize });

  async function lastAuditDetail(): Promise<Record<string, unknown>> {
    const [row] = await rows<{ detail: Record<string, unknown> }>(sql`select detail from audit_log where action = 'data_purged' order by id desc limit 1`);
    return row!.detail;
  }

  it('erases a checkout left unpaid past the window and refuses to take its payment; a newer one keeps its SSN', async () => {
    const old = await startCheckout();
    const recent = await startCheckout();
    await age(old.trackingNumber, 73);
    await age(recent.trackingNumber, 71);

    const counts = await purge();
    expect(counts.checkouts).toBeGreaterThanOrEqual(1);

    const [erased] = await rows<{ form: string; email: string; status: string; purged: boolean; intent: string; amount: number }>(sql`
      select form_data::text as form, email, status, purged_at is not null as purged, payment_intent_id as intent, amount_cents as amount
      from checkouts where tracking_number = ${old.trackingNumber}`);
    expect(erased).toEqual({ form: '{}', email: '', status: 'purged', purged: true, intent: old.paymentIntentId, amount: 14900 });
    const [kept] = await rows<{ sealed: string; email: string; status: string }>(sql`
      select form_data->'contact'->>'rpSSN' as sealed, email, status from checkouts where tracking_number = ${recent.trackingNumber}`);
    expect(kept?.status).toBe('open');
    expect(kept?.email).toBe('retention@example.com');
    expect(harness.services.cipher.decrypt(kept!.sealed)).toBe(ssn);

    // The provider's intent was canceled first, so the card form cannot charge it any more.
    const [intent] = await rows<{ status: string }>(sql`select status from test_payment_intents where id = ${old.paymentIntentId}`);
    expect(intent?.status).toBe('canceled');
    const card = await harness.app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      remoteAddress: newClient(),
      payload: { clientSecret: old.clientSecret, cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' },
    });
    expect(card.json().error.code).toBe('payment_intent_unexpected_state');
    expect((await rows<{ status: string }>(sql`select status from test_payment_intents where id = ${old.paymentIntentId}`))[0]?.status).toBe('canceled');

    // The wizard's next attempt, and a confirmation, get the clear refusal; no order is made.
    const again = await harness.app.inject({
      method: 'POST',
      url: '/api/checkout',
      remoteAddress: newClient(),
      payload: { draftId: old.draftId, email: 'retention@example.com', application: sampleApplication({ contact: { rpSSN: ssn } }) },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toEqual({ code: 'checkout_expired', message: checkoutMessages.expired });
    const confirmed = await harness.app.inject({ method: 'POST', url: '/api/payments/confirm', remoteAddress: newClient(), payload: { paymentIntentId: old.paymentIntentId } });
    expect(confirmed.statusCode).toBe(410);
    expect(confirmed.json().error.code).toBe('checkout_expired');
    // Even an intent the provider reported as paid (it never is once canceled) makes no order from a purged checkout.
    await harness.database.db.execute(sql`update test_payment_intents set status = 'succeeded' where id = ${old.paymentIntentId}`);
    expect((await harness.app.inject({ method: 'POST', url: '/api/payments/confirm', remoteAddress: newClient(), payload: { paymentIntentId: old.paymentIntentId } })).statusCode).toBe(410);
    const retried = await harness.app.inject({
      method: 'POST',
      url: '/api/checkout',
      remoteAddress: newClient(),
      payload: { draftId: old.draftId, email: 'retention@example.com', application: sampleApplication() },
    });
    expect(retried.statusCode).toBe(410);
    expect(await rows(sql`select id from orders where application_id = ${old.trackingNumber}`)).toEqual([]);

    // The newer checkout is paid as usual.
    const paid = await harness.app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      remoteAddress: newClient(),
      payload: { clientSecret: recent.clientSecret, cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' },
    });
    expect(paid.json().paymentIntent.status).toBe('succeeded');
    const recentConfirmed = await harness.app.inject({ method: 'POST', url: '/api/payments/confirm', remoteAddress: newClient(), payload: { paymentIntentId: recent.paymentIntentId } });
    expect(recentConfirmed.json().success).toBe(true);
  });

  it('keeps an expired checkout whose payment succeeded meanwhile, for the reconciliation to make its order', async () => {
    const checkout = await startCheckout();
    await harness.database.db.execute(sql`update test_payment_intents set status = 'succeeded', payment_method_type = 'card' where id = ${checkout.paymentIntentId}`);
    await age(checkout.trackingNumber, 100);
    const counts = await purge();
    expect(counts.checkoutsPaidMeanwhile).toBeGreaterThanOrEqual(1);
    expect(counts.paidCheckoutIds).toContain((await rows<{ id: string }>(sql`select id from checkouts where tracking_number = ${checkout.trackingNumber}`))[0]?.id);
    const [stored] = await rows<{ status: string; purged: boolean }>(sql`select status, purged_at is not null as purged from checkouts where tracking_number = ${checkout.trackingNumber}`);
    expect(stored).toEqual({ status: 'open', purged: false });
    // The job then makes its order through the exactly-once path, however old the checkout is.
    const made = await reconcilePayments({ services: harness.services, log: harness.app.log, checkoutIds: counts.paidCheckoutIds });
    expect(made.created).toBe(1);
    expect(await rows(sql`select id from orders where application_id = ${checkout.trackingNumber}`)).toHaveLength(1);
  });

  it('erases an order past its window but keeps its bookkeeping, and leaves a newer or open order alone', async () => {
    const { cipher } = harness.services;
    const closedAt = new Date(Date.now() - 2556 * day);
    const old = await createPaidOrder(harness.database.db, {
      status: 'completed',
      completedAt: closedAt,
      createDate: new Date(closedAt.getTime() - 3 * day),
      ein: '12-3456789',
      billingEmail: 'old-customer@example.com',
      notes: 'Called Mr Quill',
      formData: applicationWithSsn(cipher, ssn),
    });
    const cancelled = await createPaidOrder(harness.database.db, { status: 'cancelled', formData: applicationWithSsn(cipher, ssn) });
    await harness.database.db.execute(sql`update orders set updated_at = ${closedAt.toISOString()}::timestamptz where id = ${cancelled.id}`);
    const recent = await createPaidOrder(harness.database.db, { status: 'completed', completedAt: new Date(Date.now() - 2554 * day), ein: '98-7654321', formData: applicationWithSsn(cipher, ssn) });
    const open = await createPaidOrder(harness.database.db, { status: 'on_hold', formData: applicationWithSsn(cipher, ssn) });
    await harness.database.db.execute(sql`update orders set updated_at = ${closedAt.toISOString()}::timestamptz where id = ${open.id}`);
    await harness.database.db.insert(signingRequests).values({
      orderId: old.id,
      tokenHash: randomUUID(),
      status: 'signed',
      signerEmail: 'old-customer@example.com',
      sessionSecret: cipher.encrypt('secret'),
      expiresAt: new Date(),
      signedAt: closedAt,
      signerName: 'Quinn Quill',
      signedPdf: cipher.encrypt('signed pdf bytes'),
    });
    await harness.database.db.execute(sql`insert into order_comments (order_id, comment_text) values (${old.id}, 'Spoke with Quinn Quill')`);
    await harness.database.db.execute(sql`
      insert into email_outbox (message_id, kind, order_id, to_address, subject, text_body, html_body, status, sent_at)
      values (${`<${randomUUID()}@test>`}, 'ein', ${old.id}, 'old-customer@example.com', 'Your EIN', 'EIN 12-3456789', '<p>EIN</p>', 'queued', null)`);

    const counts = await purge();
    expect(counts.orders).toBe(2);
    expect(counts.signingRequests).toBe(1);

    const [erased] = await rows<Record<string, unknown>>(sql`
      select form_data::text as form, billing_email, notes, ein, ein_last_four, amount, currency, status, payment_intent_id, application_id,
             create_date, completed_at, personal_data_erased_at is not null as erased
      from orders where id = ${old.id}`);
    expect(erased).toMatchObject({
      form: '{}',
      billing_email: '',
      notes: '',
      ein: null,
      ein_last_four: '6789',
      amount: 14900,
      currency: 'usd',
      status: 'completed',
      payment_intent_id: old.paymentIntentId,
      application_id: old.applicationId,
      erased: true,
    });
    expect(new Date(erased!.completed_at as string).getTime()).toBe(closedAt.getTime());
    expect(new Date(erased!.create_date as string).getTime()).toBe(old.createDate.getTime());
    expect(await rows(sql`select id from signing_requests where order_id = ${old.id}`)).toEqual([]);
    expect(await rows(sql`select id from order_comments where order_id = ${old.id}`)).toEqual([]);
    expect(await rows(sql`select id from email_outbox where order_id = ${old.id}`)).toEqual([]);
    const [checkout] = await rows<{ form: string; email: string }>(sql`select form_data::text as form, email from checkouts where id = ${old.checkoutId}`);
    expect(checkout).toEqual({ form: '{}', email: '' });
    const [erasedCancelled] = await rows<{ form: string }>(sql`select form_data::text as form from orders where id = ${cancelled.id}`);
    expect(erasedCancelled?.form).toBe('{}');

    for (const kept of [recent, open]) {
      const [row] = await rows<{ sealed: string; erased: boolean }>(sql`select form_data->'contact'->>'rpSSN' as sealed, personal_data_erased_at is not null as erased from orders where id = ${kept.id}`);
      expect(row?.erased).toBe(false);
      expect(cipher.decrypt(row!.sealed)).toBe(ssn);
    }

    // The staff page says what happened and shows the EIN's last four digits.
    const detail = await harness.services.database.db.execute(sql`select ein_last_four from orders where id = ${recent.id}`);
    expect(detail.rows[0]).toEqual({ ein_last_four: null });
  });

  it('works in batches, once: a second run finds nothing, and each run writes one audit row with its counts', async () => {
    // Only this test's checkouts are expired.
    await harness.database.db.execute(sql`update checkouts set updated_at = now() where status = 'open'`);
    const checkouts = [];
    for (let index = 0; index < 7; index += 1) checkouts.push(await startCheckout());
    for (const checkout of checkouts) await age(checkout.trackingNumber, 80);

    const cancelBatches: number[] = [];
    const provider: PaymentProvider = {
      ...harness.services.provider,
      cancelPaymentIntents: async (ids: readonly string[]): Promise<Map<string, PaymentIntentStatus>> => {
        cancelBatches.push(ids.length);
        return harness.services.provider.cancelPaymentIntents(ids);
      },
    };
    const auditsBefore = (await rows(sql`select id from audit_log where action = 'data_purged'`)).length;
    const first = await purge({ batchSize: 3, services: { ...harness.services, provider } });
    expect(first.checkouts).toBe(7);
    expect(cancelBatches).toEqual([3, 3, 1]);
    expect(await lastAuditDetail()).toMatchObject({ checkouts: 7, orders: 0, windows: { unpaidCheckoutHours: 72, orderDays: 2555, mailDays: 30 } });

    const second = await purge({ batchSize: 3, services: { ...harness.services, provider } });
    expect(second).toMatchObject({ checkouts: 0, orders: 0, emails: 0, mailFiles: 0 });
    expect(await lastAuditDetail()).toMatchObject({ checkouts: 0, orders: 0 });
    expect((await rows(sql`select id from audit_log where action = 'data_purged'`)).length).toBe(auditsBefore + 2);
    const [audit] = await rows<{ actor_id: string | null; target: string | null }>(sql`select actor_id, target from audit_log where action = 'data_purged' order by id desc limit 1`);
    expect(audit).toEqual({ actor_id: null, target: null });
    expect(auditActionLabels.data_purged).toBe('Expired personal data purged');
  });

  it('removes the copies of e-mails sent more than 30 days ago, rows and files, and keeps newer ones', async () => {
    const insert = (sentDaysAgo: number, status = 'sent') =>
      harness.database.db.execute(sql`
        insert into email_outbox (message_id, kind, to_address, subject, text_body, html_body, status, sent_at, created_at)
        values (${`<${randomUUID()}@test>`}, 'order_confirmation', 'mail-copy@example.com', 'Order', 'Body', '<p>Body</p>', ${status},
                now() - make_interval(days => ${sentDaysAgo}), now() - make_interval(days => ${sentDaysAgo}))
        returning id`);
    const oldSent = (await insert(31)).rows[0] as { id: number };
    const oldQueued = (await insert(40, 'queued')).rows[0] as { id: number };
    const newSent = (await insert(29)).rows[0] as { id: number };
    const folder = mailFolder(harness.env);
    mkdirSync(folder, { recursive: true });
    const oldFile = path.join(folder, 'old-copy.eml');
    const newFile = path.join(folder, 'new-copy.eml');
    writeFileSync(oldFile, 'To: mail-copy@example.com\n\nold');
    writeFileSync(newFile, 'To: mail-copy@example.com\n\nnew');
    const longAgo = new Date(Date.now() - 31 * day);
    utimesSync(oldFile, longAgo, longAgo);

    const counts = await purge();
    expect(counts.emails).toBeGreaterThanOrEqual(1);
    expect(counts.mailFiles).toBe(1);
    const left = (await rows<{ id: number }>(sql`select id from email_outbox where id in (${oldSent.id}, ${oldQueued.id}, ${newSent.id}) order by id`)).map((row) => Number(row.id));
    // A message never sent is kept: it is still to be delivered.
    expect(left).toEqual([Number(oldQueued.id), Number(newSent.id)]);
    expect(existsSync(oldFile)).toBe(false);
    expect(readdirSync(folder)).toContain('new-copy.eml');
  });

  describe('with Stripe', () => {
    let fake: FakeStripe;
    let stripeApp: StaffTestApp;

    beforeAll(async () => {
      fake = await startFakeStripe();
      const provider = createStripeProvider({
        secretKey: 'sk_test_retention',
        webhookSecret: 'whsec_retention',
        stripeOptions: { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 },
      });
      stripeApp = await harness.startAnotherApp({ paymentProvider: provider });
    });

    afterAll(async () => {
      await stripeApp.close();
      await fake.close();
    });

    it('cancels the intent at Stripe before erasing, so a later confirmation cannot charge, and keeps one Stripe already charged', async () => {
      const abandoned = await startCheckout(stripeApp.app);
      const charged = await startCheckout(stripeApp.app);
      fake.setIntent(charged.paymentIntentId, { status: 'succeeded', paymentMethodType: 'card' });
      await age(abandoned.trackingNumber, 90);
      await age(charged.trackingNumber, 90);

      const counts = await purge({ services: stripeApp.services });
      expect(counts.checkouts).toBeGreaterThanOrEqual(1);
      expect(fake.intents.get(abandoned.paymentIntentId)?.status).toBe('canceled');
      expect(fake.requests.some((request) => request.method === 'POST' && request.path === `/v1/payment_intents/${abandoned.paymentIntentId}/cancel`)).toBe(true);
      const stored = await rows<{ tracking_number: string; status: string }>(sql`
        select tracking_number, status from checkouts where tracking_number in (${abandoned.trackingNumber}, ${charged.trackingNumber}) order by tracking_number`);
      expect(Object.fromEntries(stored.map((row) => [row.tracking_number, row.status]))).toEqual({ [abandoned.trackingNumber]: 'purged', [charged.trackingNumber]: 'open' });

      const again = await stripeApp.app.inject({
        method: 'POST',
        url: '/api/checkout',
        remoteAddress: newClient(),
        payload: { draftId: abandoned.draftId, email: 'retention@example.com', application: sampleApplication() },
      });
      expect(again.json().error.code).toBe('checkout_expired');
      expect(fake.intents.get(abandoned.paymentIntentId)?.status).toBe('canceled');
    });
  });
});
