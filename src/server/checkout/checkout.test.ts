// @vitest-environment node
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, deliverToWebhookRoute } from '../app';
import type { Database } from '../db';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { createMailer, mailFolder, createEmailOutbox, type Mailer } from '../email';
import { loadEnv, type Env } from '../env';
import { testProcessorWebhookSecret, createTestProcessor, signWebhookPayload, type TestProcessor } from '../payments';
import { createFieldCipher } from '../encryption';
import { applicationSchema } from '#shared/application/application.ts';
import { irsNameMessages } from '#shared/application/irs-names.ts';
import { companyMessages } from '#shared/application/company.ts';
import { contactMessages } from '#shared/application/contact.ts';
import { registrationMessages } from '#shared/application/registration.ts';
import { sampleApplication, sampleDecedentSsn, sampleGrantorSsn, type SampleOverrides } from '#shared/application/sample-application.ts';
import type { CheckoutResponse, ConfirmPaymentResponse } from '#shared/checkout/checkout.ts';
import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';
import { addBusinessDays } from '#shared/dates.ts';
import { fieldErrors } from '#shared/field-errors.ts';
import { checkoutCallsPerMinute } from './routes';
import { deliveryPromise } from '#shared/delivery-promise.ts';

const dataKey = randomBytes(32);
const webhookSecret = testProcessorWebhookSecret(dataKey);
const ssn = '123456789';
const cards = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', authenticate: '4000 0025 0000 3155' };

type Harness = { app: FastifyInstance; processor: TestProcessor; env: Env };

type HarnessOptions = {
  /** `lost`: the processor's own webhooks never arrive, as when the network drops them. */
  webhooks?: 'delivered' | 'lost';
  /** Wraps the real mailer (for example to make it fail). */
  wrapMailer?: (mailer: Mailer) => Mailer;
};

let failedSends = 0;

/** The real mailer, except that its first send fails as an unreachable SMTP server would. */
function failingOnce(mailer: Mailer): Mailer {
  let failed = false;
  return {
    async send(message) {
      if (!failed) {
        failed = true;
        failedSends += 1;
        throw new Error('SMTP server unavailable');
      }
      await mailer.send(message);
    },
  };
}

/** A distinct client address per call site, so the per-client rate limits of one test do not touch another's. */
let clientCount = 0;
const newClient = () => {
  clientCount += 1;
  return `10.9.${Math.floor(clientCount / 250)}.${(clientCount % 250) + 1}`;
};

/** A `.eml` body as text: quoted-printable soft breaks joined and escapes decoded. */
function readMail(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe.each(testDatabaseKinds)('checkout, payment and orders on %s', (kind) => {
  let database: Database;
  const harnesses: Harness[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });

  afterEach(async () => {
    for (const { app, processor } of harnesses.splice(0)) {
      await processor.settled();
      await app.close();
    }
  });

  afterAll(async () => {
    await database.close();
  });

  /** The whole server with the built-in test processor, a mail folder of its own and a known data key. */
  async function startApp(options: HarnessOptions = {}): Promise<Harness> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-checkout-'));
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: dataKey.toString('base64'), PUBLIC_URL: 'https://ein.example.com' });
    // Filled in below: the processor needs the app to deliver to, and the app needs the processor.
    const server: { app?: FastifyInstance } = {};
    // The server's own delivery: signed, through the request pipeline, to the webhook route.
    const processor = createTestProcessor({
      database,
      webhookSecret,
      webhookRetryDelaysMs: [0, 0, 0],
      deliverWebhook: async (payload, signature) => {
        if (options.webhooks === 'lost' || !server.app) return;
        await deliverToWebhookRoute(server.app, payload, signature);
      },
    });
    const mailer = createMailer(env);
    const app = await buildApp({
      env,
      database,
      clientDir: path.join(dataDir, 'no-client'),
      paymentProvider: processor,
      mailer: options.wrapMailer ? options.wrapMailer(mailer) : mailer,
    });
    server.app = app;
    const harness = { app, processor, env };
    harnesses.push(harness);
    return harness;
  }

  function mailFiles(env: Env): string[] {
    const folder = mailFolder(env);
    return existsSync(folder) ? readdirSync(folder).map((file) => path.join(folder, file)) : [];
  }

  async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = await database.db.execute(query);
    return result.rows as T[];
  }

  async function count(query: ReturnType<typeof sql>): Promise<number> {
    const [row] = await rows<{ count: number }>(query);
    return Number(row?.count);
  }

  const countOrders = (trackingNumber: string) => count(sql`select count(*)::int as count from orders where application_id = ${trackingNumber}`);
  const countCheckouts = (draftId: string) => count(sql`select count(*)::int as count from checkouts where draft_id = ${draftId}`);
  const countIntents = (checkoutId: string) =>
    count(sql`select count(*)::int as count from test_payment_intents where metadata->>'checkoutId' = ${checkoutId}`);

  async function setPrice(dollars: string): Promise<void> {
    await database.db.execute(sql`update settings set value = ${dollars} where key = 'ein_price_standard'`);
  }

  function checkoutBody(overrides: { draftId?: string; email?: string; application?: SampleOverrides } = {}) {
    return {
      draftId: overrides.draftId ?? randomUUID(),
      email: overrides.email ?? 'jane@example.com',
      application: sampleApplication(overrides.application),
    };
  }

  function postCheckout(app: FastifyInstance, body: unknown, client = newClient()): Promise<LightMyRequestResponse> {
    return app.inject({ method: 'POST', url: '/api/checkout', payload: body as object, remoteAddress: client });
  }

  async function startCheckout(app: FastifyInstance, body = checkoutBody()): Promise<CheckoutResponse> {
    const response = await postCheckout(app, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CheckoutResponse>();
  }

  async function payByCard(app: FastifyInstance, clientSecret: string, cardNumber = cards.success) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      payload: { clientSecret, cardNumber, cardExpiry: '12 / 34', cardCvc: '123' },
      remoteAddress: newClient(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  function confirm(app: FastifyInstance, paymentIntentId: string): Promise<LightMyRequestResponse> {
    return app.inject({ method: 'POST', url: '/api/payments/confirm', payload: { paymentIntentId } });
  }

  function paymentEvent(paymentIntentId: string, type = 'payment_intent.succeeded', id = `evt_${randomUUID().replaceAll('-', '')}`): string {
    return JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: { id: paymentIntentId, object: 'payment_intent' } } });
  }

  function postWebhook(app: FastifyInstance, payload: string, signature: string | undefined): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
      payload,
    });
  }

  it('takes a purchase from checkout to a paid order and one confirmation e-mail without the SSN', async () => {
    const { app, processor, env } = await startApp();
    const body = checkoutBody({ email: 'owner@example.com' });
    const checkout = await startCheckout(app, body);
    // The file's tests pay for the one sample application, so whether it was paid before depends on their order.
    const { duplicateWarning, ...answered } = checkout;
    expect(answered).toEqual({
      trackingNumber: expect.stringMatching(/^[A-Z0-9]{12}$/),
      paymentIntentId: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
      amountCents: 14900,
      currency: 'usd',
      review: expect.any(Array),
    });
    expect(duplicateWarning === null || /^[A-Z0-9]{4}$/.test(duplicateWarning.trackingLast4)).toBe(true);
    // The review the customer reads before paying: every page's answers, the SSN masked.
    expect(checkout.review.map((group) => group.section)).toEqual(['company', 'registration', 'contact', 'compliance', 'activity']);
    const reviewed = JSON.stringify(checkout.review);
    expect(reviewed).toContain('***-**-6789');
    expect(reviewed).not.toContain('123456789');
    expect(reviewed).not.toContain('123-45-6789');

    expect(await payByCard(app, checkout.clientSecret)).toEqual({ paymentIntent: { id: checkout.paymentIntentId, status: 'succeeded' } });
    const confirmed = await confirm(app, checkout.paymentIntentId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<ConfirmPaymentResponse>()).toEqual({
      success: true,
      amount: 14900,
      currency: 'usd',
      status: 'succeeded',
      paymentIntentId: checkout.paymentIntentId,
      trackingNumber: checkout.trackingNumber,
      paymentMethod: 'card',
      // The one-hour cancellation page, with a fresh single-use token.
      cancelPath: expect.stringMatching(/^\/cancel-order\/[A-Za-z0-9_-]{43}$/),
      filingRoute: 'online_or_fax',
    });
    await processor.settled();

    const [order] = await rows<Record<string, unknown>>(sql`select * from orders where payment_intent_id = ${checkout.paymentIntentId}`);
    expect(order).toMatchObject({
      application_id: checkout.trackingNumber,
      billing_email: 'owner@example.com',
      amount: 14900,
      currency: 'usd',
      payment_status: 'paid',
      payment_method: 'card',
      priority: 'standard',
      status: 'reviewing_form_data',
      assigned_to: null,
      completed_at: null,
      ein: null,
    });
    const createDate = new Date(order!.create_date as string | Date);
    expect(new Date(order!.due_date as string | Date)).toEqual(addBusinessDays(createDate, 1));
    const outbox = await rows(sql`select kind, status, attempts, last_error from email_outbox where order_id = ${order!.id}`);
    expect(outbox).toEqual([{ kind: 'order_confirmation', status: 'sent', attempts: 1, last_error: null }]);
    const [paidCheckout] = await rows(sql`select status from checkouts where draft_id = ${body.draftId}`);
    expect(paidCheckout).toEqual({ status: 'paid' });

    const mails = mailFiles(env);
    expect(mails).toHaveLength(1);
    const mail = readMail(mails[0]!);
    expect(mail).toMatch(/^To: owner@example\.com$/m);
    expect(mail).toMatch(/^Message-ID: <[0-9a-f-]{36}@einfilingservice\.com>$/m);
    expect(mail).toMatch(new RegExp(`^Subject: .*${checkout.trackingNumber}`, 'm'));
    expect(mail).toContain(`https://ein.example.com/track-application?number=${checkout.trackingNumber}`);
    expect(mail).toContain('$149.00');
    expect(mail).toContain(deliveryPromise.sentence);
    // The receipt, and the company the order is for; nothing else of the application.
    expect(mail).toContain('Sold by: EIN Filing Service LLC');
    expect(mail).toContain('Payment method: Credit/Debit Card');
    expect(mail).toContain(body.application.company.companyName);
    expect(mail).toMatch(/^Reply-To: support@einfilingservice\.com$/m);
    for (const secret of [ssn, '123-45-6789', '6789', body.application.contact.rpLastName]) {
      expect(mail).not.toContain(secret);
    }

    // Reloading the confirmation page confirms again: same answer, still one order and one e-mail.
    expect((await confirm(app, checkout.paymentIntentId)).json<ConfirmPaymentResponse>().success).toBe(true);
    expect(await countOrders(checkout.trackingNumber)).toBe(1);
    expect(mailFiles(env)).toHaveLength(1);
    // The customer can track it at once.
    const tracked = await app.inject({ method: 'GET', url: `/api/track/${checkout.trackingNumber}`, remoteAddress: newClient() });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json()).toEqual({ status: 'in_process', stage: 'reviewing', createDate: createDate.toISOString() });
    // And a paid draft cannot be paid again.
    const again = await postCheckout(app, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'conflict', message: checkoutMessages.alreadyPaid });
  });

  it('keeps the language of the page the customer checked out on, in the checkout and in the order paid from it', async () => {
    const { app, processor } = await startApp();
    async function purchaseIn(headers: Record<string, string>) {
      const body = checkoutBody();
      const response = await app.inject({ method: 'POST', url: '/api/checkout', payload: body, headers, remoteAddress: newClient() });
      expect(response.statusCode, response.body).toBe(200);
      const checkout = response.json<CheckoutResponse>();
      await payByCard(app, checkout.clientSecret);
      expect((await confirm(app, checkout.paymentIntentId)).statusCode).toBe(200);
      await processor.settled();
      const [checkoutRow] = await rows<{ locale: string }>(sql`select locale from checkouts where draft_id = ${body.draftId}`);
      const [orderRow] = await rows<{ locale: string }>(sql`select locale from orders where payment_intent_id = ${checkout.paymentIntentId}`);
      return [checkoutRow?.locale, orderRow?.locale];
    }
    expect(await purchaseIn({ 'accept-language': 'es' })).toEqual(['es', 'es']);
    expect(await purchaseIn({})).toEqual(['en', 'en']);
    expect(await purchaseIn({ 'accept-language': 'en' })).toEqual(['en', 'en']);
    // Another client's list of languages: the best the service speaks.
    expect(await purchaseIn({ 'accept-language': 'fr-FR,es-MX;q=0.8,en;q=0.5' })).toEqual(['es', 'es']);
  });

  it('takes the language of the latest checkout call of a draft, so a customer who switched before paying is written to in it', async () => {
    const { app } = await startApp();
    const body = checkoutBody();
    const inLanguage = (language: string) => app.inject({ method: 'POST', url: '/api/checkout', payload: body, headers: { 'accept-language': language }, remoteAddress: newClient() });
    expect((await inLanguage('en')).statusCode).toBe(200);
    expect((await inLanguage('es')).statusCode).toBe(200);
    expect(await rows(sql`select locale from checkouts where draft_id = ${body.draftId}`)).toEqual([{ locale: 'es' }]);
  });

  it('stores the SSN only as ciphertext, in the checkout and in the order', async () => {
    const { app } = await startApp();
    const body = checkoutBody();
    const checkout = await startCheckout(app, body);
    await payByCard(app, checkout.clientSecret);
    await confirm(app, checkout.paymentIntentId);

    const [stored] = await rows<{ checkout: string; order: string; checkout_ssn: string; order_ssn: string }>(sql`
      select c.form_data::text as checkout, o.form_data::text as "order",
             c.form_data->'contact'->>'rpSSN' as checkout_ssn, o.form_data->'contact'->>'rpSSN' as order_ssn
      from checkouts c join orders o on o.checkout_id = c.id
      where c.draft_id = ${body.draftId}`);
    expect(stored).toBeDefined();
    for (const text of [stored!.checkout, stored!.order]) expect(text).not.toContain(ssn);
    const cipher = createFieldCipher(dataKey);
    for (const sealed of [stored!.checkout_ssn, stored!.order_ssn]) {
      expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(cipher.decrypt(sealed)).toBe(ssn);
    }
    // Everything else is the application as the wizard's schema parsed it.
    const [formData] = await rows<{ form_data: { contact: Record<string, unknown> } }>(sql`select form_data from orders where application_id = ${checkout.trackingNumber}`);
    const opened = { ...formData!.form_data, contact: { ...formData!.form_data.contact, rpSSN: cipher.decrypt(stored!.order_ssn) } };
    expect(opened).toEqual(applicationSchema.parse(body.application));
  });

  it.each([
    ['an estate', 'Estate', 'decedentSSN', sampleDecedentSsn],
    ['a trust', 'Trust', 'grantorSSN', sampleGrantorSsn],
  ] as const)("stores %s's own SSN on line 9a only as ciphertext too", async (_name, entityType, field, plain) => {
    const { app } = await startApp();
    const body = checkoutBody({ application: { company: { entityType }, contact: { trusteeFirstName: 'Mary', trusteeLastName: 'Major' } } });
    const checkout = await startCheckout(app, body);
    await payByCard(app, checkout.clientSecret);
    await confirm(app, checkout.paymentIntentId);

    const [stored] = await rows<{ checkout: string; order: string; checkout_ssn: string; order_ssn: string }>(sql`
      select c.form_data::text as checkout, o.form_data::text as "order",
             c.form_data->'contact'->>${field} as checkout_ssn, o.form_data->'contact'->>${field} as order_ssn
      from checkouts c join orders o on o.checkout_id = c.id
      where c.draft_id = ${body.draftId}`);
    for (const text of [stored!.checkout, stored!.order]) {
      expect(text).not.toContain(plain);
      expect(text).not.toContain(ssn);
    }
    const cipher = createFieldCipher(dataKey);
    for (const sealed of [stored!.checkout_ssn, stored!.order_ssn]) expect(cipher.decrypt(sealed)).toBe(plain);
  });

  it('reuses one checkout and one payment intent for repeated calls of one draft, also when they come together', async () => {
    const { app } = await startApp();
    const body = checkoutBody();
    const first = await startCheckout(app, body);
    const second = await startCheckout(app, { ...body, email: 'new-address@example.com', application: sampleApplication({ company: { companyName: 'Renamed Woodworks LLC' } }) });
    // The same checkout and intent; the review reads the latest answers.
    expect({ ...second, review: [], duplicateWarning: null }).toEqual({ ...first, review: [], duplicateWarning: null });
    expect(JSON.stringify(second.review)).toContain('Renamed Woodworks LLC');
    expect(await countCheckouts(body.draftId)).toBe(1);
    const [stored] = await rows<{ id: string; email: string; company: string }>(
      sql`select id, email, form_data->'company'->>'companyName' as company from checkouts where draft_id = ${body.draftId}`,
    );
    expect(stored).toMatchObject({ email: 'new-address@example.com', company: 'Renamed Woodworks LLC' });
    expect(await countIntents(stored!.id)).toBe(1);

    // From ten addresses, so that the rate limit's counter does not queue them one behind another.
    const concurrentBody = checkoutBody();
    const answers = await Promise.all(Array.from({ length: 10 }, () => postCheckout(app, concurrentBody)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const responses = answers.map((answer) => answer.json<CheckoutResponse>());
    expect(new Set(responses.map((response) => response.paymentIntentId)).size).toBe(1);
    expect(new Set(responses.map((response) => response.trackingNumber)).size).toBe(1);
    expect(new Set(responses.map((response) => response.clientSecret)).size).toBe(1);
    expect(await countCheckouts(concurrentBody.draftId)).toBe(1);
    const [concurrentCheckout] = await rows<{ id: string }>(sql`select id from checkouts where draft_id = ${concurrentBody.draftId}`);
    expect(await countIntents(concurrentCheckout!.id)).toBe(1);
  });

  it('makes exactly one order and one e-mail from 25 confirmations and 25 webhooks of one payment', async () => {
    const { app, processor, env } = await startApp();
    const checkout = await startCheckout(app);
    await payByCard(app, checkout.clientSecret);

    const batch = randomUUID().replaceAll('-', '');
    const eventIds = Array.from({ length: 25 }, (_, index) => `evt_${batch}_${index}`);
    const [confirmations, deliveries] = await Promise.all([
      Promise.all(Array.from({ length: 25 }, () => confirm(app, checkout.paymentIntentId))),
      Promise.all(
        eventIds.map((id) => {
          const payload = paymentEvent(checkout.paymentIntentId, 'payment_intent.succeeded', id);
          return postWebhook(app, payload, signWebhookPayload(payload, processor.webhookSecret));
        }),
      ),
    ]);
    await processor.settled();

    for (const confirmation of confirmations) {
      expect(confirmation.statusCode, confirmation.body).toBe(200);
      expect(confirmation.json<ConfirmPaymentResponse>()).toMatchObject({ success: true, trackingNumber: checkout.trackingNumber });
    }
    for (const delivery of deliveries) {
      expect(delivery.statusCode, delivery.body).toBe(200);
      expect(delivery.json()).toEqual({ received: true });
    }
    expect(await countOrders(checkout.trackingNumber)).toBe(1);
    expect(mailFiles(env)).toHaveLength(1);
    const recorded = await count(sql`select count(*)::int as count from webhook_events where event_id like ${`evt_${batch}_%`}`);
    expect(recorded).toBe(25);
  });

  it('turns a payment whose browser closed into a trackable order through the webhook alone', async () => {
    const { app, processor, env } = await startApp();
    const checkout = await startCheckout(app);
    await payByCard(app, checkout.clientSecret);
    // No call to /api/payments/confirm: the browser is gone.
    await processor.settled();

    expect(await countOrders(checkout.trackingNumber)).toBe(1);
    const tracked = await app.inject({ method: 'GET', url: `/api/track/${checkout.trackingNumber}`, remoteAddress: newClient() });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json().status).toBe('in_process');
    expect(mailFiles(env)).toHaveLength(1);
  });

  it('answers 400 and writes nothing for a bad signature, a changed body, a stale or future timestamp or no signature', async () => {
    const { app, processor } = await startApp({ webhooks: 'lost' });
    const checkout = await startCheckout(app);
    await payByCard(app, checkout.clientSecret);

    const id = `evt_${randomUUID().replaceAll('-', '')}`;
    const payload = paymentEvent(checkout.paymentIntentId, 'payment_intent.succeeded', id);
    const attempts = [
      { payload, signature: signWebhookPayload(payload, 'whsec_not_the_secret') },
      { payload: payload.replace('payment_intent.succeeded', 'payment_intent.created'), signature: signWebhookPayload(payload, processor.webhookSecret) },
      { payload, signature: signWebhookPayload(payload, processor.webhookSecret, Math.floor(Date.now() / 1000) - 301) },
      { payload, signature: signWebhookPayload(payload, processor.webhookSecret, Math.floor(Date.now() / 1000) + 86_400) },
      { payload, signature: signWebhookPayload(payload, processor.webhookSecret, Math.floor(Date.now() / 1000) + 302) },
      { payload, signature: undefined },
      { payload, signature: 'nonsense' },
    ];
    for (const attempt of attempts) {
      const response = await postWebhook(app, attempt.payload, attempt.signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('bad_request');
    }
    expect(await count(sql`select count(*)::int as count from webhook_events where event_id = ${id}`)).toBe(0);
    expect(await countOrders(checkout.trackingNumber)).toBe(0);

    // The same event, rightly signed, is what makes the order.
    const accepted = await postWebhook(app, payload, signWebhookPayload(payload, processor.webhookSecret));
    expect(accepted.statusCode).toBe(200);
    expect(await countOrders(checkout.trackingNumber)).toBe(1);
  });

  it('refuses to change a checkout whose payment awaits authentication, so the payment is filed under what it authorised', async () => {
    const { app } = await startApp();
    const body = checkoutBody({ application: { company: { companyName: 'Authorised Name LLC' } } });
    const checkout = await startCheckout(app, body);
    const card = await payByCard(app, checkout.clientSecret, cards.authenticate);
    expect(card.paymentIntent.status).toBe('requires_action');

    for (const changed of [
      { ...body, application: sampleApplication({ company: { companyName: 'Swapped Name LLC' } }) },
      { ...body, email: 'someone-else@example.com' },
    ]) {
      const response = await postCheckout(app, changed);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({ code: 'conflict', message: checkoutMessages.pendingAuthentication });
    }
    // Try Again with the same answers gets the same payment back.
    const again = await startCheckout(app, body);
    expect(again).toMatchObject({ trackingNumber: checkout.trackingNumber, paymentIntentId: checkout.paymentIntentId });

    const authenticated = await app.inject({ method: 'POST', url: '/api/test-payments/authenticate', payload: { clientSecret: checkout.clientSecret, outcome: 'complete' }, remoteAddress: newClient() });
    expect(authenticated.statusCode).toBe(200);
    await confirm(app, checkout.paymentIntentId);
    const [stored] = await database.db.execute(sql`select form_data from checkouts where tracking_number = ${checkout.trackingNumber}`).then((result) => ('rows' in result ? result.rows : result) as { form_data: { company: { companyName: string } } }[]);
    expect(stored?.form_data.company.companyName).toBe('Authorised Name LLC');
  });

  it('ignores a repeated event id, and reads the intent rather than the event', async () => {
    const { app, processor } = await startApp({ webhooks: 'lost' });
    const checkout = await startCheckout(app);
    const sign = (payload: string) => signWebhookPayload(payload, processor.webhookSecret);

    // Delivered before the payment: it claims success, but the intent has not succeeded, so no order.
    const early = paymentEvent(checkout.paymentIntentId, 'payment_intent.succeeded');
    expect((await postWebhook(app, early, sign(early))).json()).toEqual({ received: true });
    expect(await countOrders(checkout.trackingNumber)).toBe(0);

    await payByCard(app, checkout.clientSecret);
    // The same event again: a duplicate, not handled again.
    const repeated = await postWebhook(app, early, sign(early));
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual({ received: true, duplicate: true });
    expect(await countOrders(checkout.trackingNumber)).toBe(0);

    // Any later event about the intent (here one that says nothing of success) finds it paid.
    const later = paymentEvent(checkout.paymentIntentId, 'payment_intent.processing');
    expect((await postWebhook(app, later, sign(later))).json()).toEqual({ received: true });
    expect(await countOrders(checkout.trackingNumber)).toBe(1);
  });

  it('charges the price setting, never an amount from the body', async () => {
    const { app, processor } = await startApp();
    for (const extra of [{ amount: 100 }, { amountCents: 100 }, { price: 1 }]) {
      const body = { ...checkoutBody(), ...extra };
      const response = await postCheckout(app, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(JSON.stringify(response.json().error.fields)).toContain(Object.keys(extra)[0]);
      expect(await countCheckouts(body.draftId)).toBe(0);
    }
    const nested = checkoutBody();
    const withNestedPrice = { ...nested, application: { ...nested.application, amount: 100 } };
    const nestedResponse = await postCheckout(app, withNestedPrice);
    expect(nestedResponse.statusCode).toBe(400);
    expect(Object.keys(nestedResponse.json().error.fields)).toEqual(['application']);

    await setPrice('99');
    try {
      const checkout = await startCheckout(app);
      expect(checkout.amountCents).toBe(9900);
      expect((await processor.retrievePaymentIntent(checkout.paymentIntentId))?.amountCents).toBe(9900);
    } finally {
      await setPrice('149');
    }
  });

  it('follows a price change between two checkout calls of one open draft', async () => {
    const { app, processor, env } = await startApp();
    const body = checkoutBody();
    const first = await startCheckout(app, body);
    expect(first.amountCents).toBe(14900);

    await setPrice('129.50');
    try {
      const second = await startCheckout(app, body);
      expect(second).toMatchObject({ paymentIntentId: first.paymentIntentId, trackingNumber: first.trackingNumber, amountCents: 12950 });
      expect((await processor.retrievePaymentIntent(first.paymentIntentId))?.amountCents).toBe(12950);
      const [stored] = await rows(sql`select amount_cents from checkouts where draft_id = ${body.draftId}`);
      expect(stored).toEqual({ amount_cents: 12950 });

      await payByCard(app, first.clientSecret);
      expect((await confirm(app, first.paymentIntentId)).json<ConfirmPaymentResponse>()).toMatchObject({ success: true, amount: 12950 });
      const [order] = await rows(sql`select amount from orders where application_id = ${first.trackingNumber}`);
      expect(order).toEqual({ amount: 12950 });
      await processor.settled();
      expect(readMail(mailFiles(env)[0]!)).toContain('$129.50');
    } finally {
      await setPrice('149');
    }
  });

  it('rejects an invalid application with the wizard schema\'s own messages and stores nothing', async () => {
    const { app } = await startApp();
    const body = checkoutBody({ application: { company: { companyName: '' }, contact: { rpSSN: '12345' }, registration: { zipCode: 'abc' } } });
    const before = await count(sql`select count(*)::int as count from checkouts`);
    const response = await postCheckout(app, { ...body, email: 'not-an-email' });
    expect(response.statusCode).toBe(400);

    const expected = Object.fromEntries(
      Object.entries(fieldErrors(applicationSchema.safeParse(body.application).error)).map(([field, messages]) => [`application.${field}`, messages]),
    );
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['application.contact.rpSSN', 'application.company.companyName', 'application.registration.zipCode']));
    expect(response.json().error).toEqual({
      code: 'validation_failed',
      message: expect.any(String),
      fields: { email: [checkoutMessages.email], ...expected },
    });
    expect(response.body).not.toContain('12345');
    expect(await countCheckouts(body.draftId)).toBe(0);
    expect(await count(sql`select count(*)::int as count from checkouts`)).toBe(before);
  });

  it('refuses an invalid application with the same code and fields in Spanish, and stores nothing', async () => {
    const { app } = await startApp();
    const body = { ...checkoutBody({ application: { company: { companyName: '' }, registration: { zipCode: 'abc' } } }), email: 'not-an-email' };
    const post = (language: string) => app.inject({ method: 'POST', url: '/api/checkout', payload: body, headers: { 'accept-language': language }, remoteAddress: newClient() });
    const [spanish, english] = [await post('es'), await post('en')];
    expect([spanish.statusCode, english.statusCode]).toEqual([400, 400]);
    const spanishError = spanish.json<{ error: { code: string; fields: Record<string, string[]> } }>().error;
    const englishError = english.json<{ error: { code: string; fields: Record<string, string[]> } }>().error;
    expect(spanishError.code).toBe('validation_failed');
    expect(englishError.code).toBe(spanishError.code);
    expect(Object.keys(spanishError.fields).sort()).toEqual(Object.keys(englishError.fields).sort());
    expect(Object.keys(spanishError.fields)).toEqual(expect.arrayContaining(['email', 'application.company.companyName', 'application.registration.zipCode']));
    expect(await countCheckouts(body.draftId)).toBe(0);
  });

  it('applies the wizard\'s street, start-date and IRS name rules on the server too', async () => {
    const { app } = await startApp();
    const body = checkoutBody({
      application: {
        registration: { streetAddress: 'P.O. Box 77', businessStartDate: '2999-01-01' },
        contact: { rpLastName: "O'Brien", contactFirstName: 'José' },
        company: { hasTradeName: 'true', tradeName: 'Café Crème' },
      },
    });
    const response = await postCheckout(app, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      // "P.O." also holds periods, which the IRS does not print in an address.
      'application.registration.streetAddress': [registrationMessages.streetAddressPoBox, registrationMessages.addressCharacters],
      'application.registration.businessStartDate': [registrationMessages.businessStartDateTooLate],
      'application.contact.rpLastName': [irsNameMessages.person],
      'application.contact.contactFirstName': [irsNameMessages.person],
      'application.company.tradeName': [irsNameMessages.business],
    });
    expect(await countCheckouts(body.draftId)).toBe(0);

    const early = checkoutBody({ application: { registration: { streetAddress: '100 Main St PMB 7', businessStartDate: '1899-12-31' } } });
    const earlyResponse = await postCheckout(app, early);
    expect(earlyResponse.json().error.fields).toMatchObject({
      'application.registration.streetAddress': [registrationMessages.streetAddressPoBox],
      'application.registration.businessStartDate': [registrationMessages.businessStartDateTooEarly],
    });
  });

  it('refuses an address the IRS would not print ("Torstraße 12"), naming each field, and stores nothing', async () => {
    const { app } = await startApp();
    const checkoutsBefore = await count(sql`select count(*)::int as count from checkouts`);
    const ordersBefore = await count(sql`select count(*)::int as count from orders`);
    const berlin = checkoutBody({
      application: {
        registration: {
          streetAddress: 'Torstraße 12',
          city: 'Berlin',
          country: 'DE',
          county: '',
          state: '',
          zipCode: '',
          province: '',
          postalCode: '10119',
          sameMailingAddress: false,
          mailingStreetAddress: 'Calle Ñandú 5',
          mailingCity: 'Málaga',
          mailingCountry: 'ES',
          mailingProvince: 'Andalucía',
          mailingPostalCode: '29001',
        },
      },
    });
    const refused = await postCheckout(app, berlin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'validation_failed' });
    expect(refused.json().error.fields).toEqual({
      'application.registration.streetAddress': [registrationMessages.addressCharacters],
      'application.registration.mailingStreetAddress': [registrationMessages.addressCharacters],
      'application.registration.mailingCity': [registrationMessages.addressCharacters],
      'application.registration.mailingProvince': [registrationMessages.addressCharacters],
    });
    expect(registrationMessages.addressCharacters).toBe(irsNameMessages.address);
    expect(await countCheckouts(berlin.draftId)).toBe(0);
    expect(await count(sql`select count(*)::int as count from checkouts`)).toBe(checkoutsBefore);
    expect(await count(sql`select count(*)::int as count from orders`)).toBe(ordersBefore);

    // Written as the IRS prints it, the same address is taken.
    const accepted = await postCheckout(
      app,
      checkoutBody({
        application: {
          registration: { ...berlin.application.registration, streetAddress: 'Torstrasse 12', mailingStreetAddress: 'Calle Nandu 5', mailingCity: 'Malaga', mailingProvince: 'Andalucia' },
        },
      }),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses a legal name, a "care of" name or a sole proprietor\'s two names the IRS would not take, and stores nothing', async () => {
    const { app } = await startApp();
    const before = await count(sql`select count(*)::int as count from checkouts`);
    const cafe = checkoutBody({
      application: {
        company: { companyName: 'Café Olé Holdings LLC' },
        registration: { sameMailingAddress: false, mailingCareOf: "O'Brien & Co.", mailingStreetAddress: 'PO Box 42', mailingCity: 'Austin', mailingCounty: 'Travis', mailingState: 'Texas', mailingZipCode: '78702' },
      },
    });
    const refused = await postCheckout(app, cafe);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      'application.company.companyName': [companyMessages.companyNameCharacters],
      'application.registration.mailingCareOf': [registrationMessages.mailingCareOfCharacters],
    });
    expect(companyMessages.companyNameCharacters).toBe(irsNameMessages.business);

    // A sole proprietor's line 1 and 7a are one person: another responsible party's name is refused.
    const twoNames = checkoutBody({ application: { company: { entityType: 'Sole Proprietor', companyName: 'Renee OConnor' } } });
    const refusedTwice = await postCheckout(app, twoNames);
    expect(refusedTwice.statusCode).toBe(400);
    expect(refusedTwice.json().error.fields).toEqual({ 'application.contact.rpFirstName': [contactMessages.ownerName] });
    const accented = checkoutBody({
      application: { company: { entityType: 'Sole Proprietor', companyName: 'Renée O’Connor' }, contact: { rpFirstName: 'Renee', rpMiddleName: '', rpLastName: 'OConnor' } },
    });
    expect((await postCheckout(app, accented)).json().error.fields).toMatchObject({ 'application.company.companyName': [companyMessages.ownerNameCharacters] });

    for (const body of [cafe, twoNames, accented]) expect(await countCheckouts(body.draftId)).toBe(0);
    expect(await count(sql`select count(*)::int as count from checkouts`)).toBe(before);

    // The names as the IRS takes them go through.
    const fixed = checkoutBody({
      application: { company: { entityType: 'Sole Proprietor', companyName: 'Renee OConnor' }, contact: { rpFirstName: 'Renee', rpMiddleName: '', rpLastName: 'OConnor' } },
    });
    expect((await postCheckout(app, fixed)).statusCode).toBe(200);
  });

  it('answers a declined card with the provider\'s message and makes no order', async () => {
    const { app, processor, env } = await startApp();
    const body = checkoutBody();
    const checkout = await startCheckout(app, body);
    const result = await payByCard(app, checkout.clientSecret, cards.declined);
    expect(result.error.message).toBe('Your card was declined.');

    const confirmed = await confirm(app, checkout.paymentIntentId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<ConfirmPaymentResponse>()).toEqual({
      success: false,
      amount: 14900,
      currency: 'usd',
      status: 'requires_payment_method',
      paymentIntentId: checkout.paymentIntentId,
      trackingNumber: checkout.trackingNumber,
      paymentMethod: null,
      error: 'Your card was declined.',
    });
    await processor.settled();
    expect(await countOrders(checkout.trackingNumber)).toBe(0);
    expect(mailFiles(env)).toHaveLength(0);

    // Try Again: the same draft gets the same intent back, and a good card then pays it.
    expect(await startCheckout(app, body)).toEqual(checkout);
    await payByCard(app, checkout.clientSecret);
    expect((await confirm(app, checkout.paymentIntentId)).json<ConfirmPaymentResponse>().success).toBe(true);
  });

  it('makes the missing order of a paid draft when its checkout is called again, and refuses a second payment', async () => {
    const { app } = await startApp({ webhooks: 'lost' });
    const body = checkoutBody();
    const checkout = await startCheckout(app, body);
    await payByCard(app, checkout.clientSecret);
    expect(await countOrders(checkout.trackingNumber)).toBe(0);

    const again = await postCheckout(app, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(checkoutMessages.alreadyPaid);
    expect(await countOrders(checkout.trackingNumber)).toBe(1);
  });

  it('replaces a canceled payment intent of an open draft', async () => {
    const { app, processor } = await startApp();
    const body = checkoutBody();
    const first = await startCheckout(app, body);
    await database.db.execute(sql`update test_payment_intents set status = 'canceled' where id = ${first.paymentIntentId}`);

    const second = await startCheckout(app, body);
    expect(second.trackingNumber).toBe(first.trackingNumber);
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect((await processor.retrievePaymentIntent(second.paymentIntentId))?.status).toBe('requires_payment_method');
    const [stored] = await rows(sql`select payment_intent_id from checkouts where draft_id = ${body.draftId}`);
    expect(stored).toEqual({ payment_intent_id: second.paymentIntentId });
    expect(await startCheckout(app, body)).toEqual(second);
  });

  it('still makes the order when the amount paid differs from the checkout, with the checkout\'s amount', async () => {
    const { app } = await startApp({ webhooks: 'lost' });
    const checkout = await startCheckout(app);
    // As if the intent had been changed at the provider behind the checkout's back.
    await database.db.execute(sql`update test_payment_intents set amount_cents = 10000 where id = ${checkout.paymentIntentId}`);
    await payByCard(app, checkout.clientSecret);

    const confirmed = await confirm(app, checkout.paymentIntentId);
    expect(confirmed.json<ConfirmPaymentResponse>()).toMatchObject({ success: true, amount: 10000 });
    const [order] = await rows(sql`select amount from orders where application_id = ${checkout.trackingNumber}`);
    expect(order).toEqual({ amount: 14900 });
  });

  it('answers 404 for a payment it does not know and 400 for a malformed confirmation', async () => {
    const { app } = await startApp();
    const unknown = await confirm(app, 'pi_unknown');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');

    const extra = await app.inject({ method: 'POST', url: '/api/payments/confirm', payload: { paymentIntentId: 'pi_x', amount: 1 } });
    expect(extra.statusCode).toBe(400);
    const empty = await app.inject({ method: 'POST', url: '/api/payments/confirm', payload: { paymentIntentId: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ paymentIntentId: [checkoutMessages.paymentRequired] });
  });

  /** The outbox worker's pass, as if every retry were due now. */
  async function runOutboxWorker(app: FastifyInstance, env: Env) {
    const outbox = createEmailOutbox({ db: database.db, mailer: createMailer(env), env, log: app.log });
    return outbox.deliverDue({ asOf: new Date(Date.now() + 24 * 3600 * 1000) });
  }

  it('keeps a confirmation e-mail the mail server refused queued with its error, and the worker sends it once', async () => {
    const { app, env } = await startApp({ webhooks: 'lost', wrapMailer: failingOnce });
    const checkout = await startCheckout(app);
    await payByCard(app, checkout.clientSecret);

    expect((await confirm(app, checkout.paymentIntentId)).json<ConfirmPaymentResponse>().success).toBe(true);
    expect(await countOrders(checkout.trackingNumber)).toBe(1);
    expect(mailFiles(env)).toHaveLength(0);
    const queued = await rows<{ status: string; attempts: number; last_error: string; later: boolean }>(
      sql`select e.status, e.attempts, e.last_error, e.next_attempt_at > now() as later
          from email_outbox e join orders o on o.id = e.order_id where o.application_id = ${checkout.trackingNumber}`,
    );
    expect(queued).toEqual([{ status: 'queued', attempts: 1, last_error: 'SMTP server unavailable', later: true }]);

    // A reload of the confirmation page makes nothing new, and does not jump the retry's queue.
    await confirm(app, checkout.paymentIntentId);
    expect(mailFiles(env)).toHaveLength(0);

    expect(await runOutboxWorker(app, env)).toBe(1);
    expect(mailFiles(env)).toHaveLength(1);
    expect(await runOutboxWorker(app, env)).toBe(0);
    expect(mailFiles(env)).toHaveLength(1);
    expect(await countOrders(checkout.trackingNumber)).toBe(1);
  });

  it('accepts the webhook while the mail server is down: the order is made and its e-mail waits in the outbox', async () => {
    const failedBefore = failedSends;
    const { app, processor, env } = await startApp({ wrapMailer: failingOnce });
    const checkout = await startCheckout(app);
    await payByCard(app, checkout.clientSecret);
    await processor.settled();

    expect(failedSends).toBe(failedBefore + 1);
    expect(await countOrders(checkout.trackingNumber)).toBe(1);
    expect(mailFiles(env)).toHaveLength(0);
    expect(await runOutboxWorker(app, env)).toBe(1);
    expect(mailFiles(env)).toHaveLength(1);
  });

  it('limits checkout calls per client', async () => {
    const { app } = await startApp();
    const client = newClient();
    for (let call = 0; call < checkoutCallsPerMinute; call += 1) {
      expect((await postCheckout(app, {}, client)).statusCode).toBe(400);
    }
    const limited = await postCheckout(app, checkoutBody(), client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await postCheckout(app, checkoutBody(), newClient())).statusCode).toBe(200);
  });
});
