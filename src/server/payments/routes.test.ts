import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadEnv, type Env } from '../env';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import type { Database } from '../db';
import { createTestProcessor, type TestProcessor } from './test-processor/create-test-processor';
import { verifyWebhookEvent } from './webhook-signature';
import { testCardMessages } from '#shared/payments/test-card.ts';
import { testPaymentCallsPerMinute } from './routes';

const clientDir = path.join(tmpdir(), 'no-client-needed');
const testEnv = (overrides: Record<string, string> = {}): Env => loadEnv({ NODE_ENV: 'test', DATA_DIR: tmpdir(), ...overrides });
const card = { cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 40', cardCvc: '123' };

describe.each(testDatabaseKinds)('test payment routes on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let processor: TestProcessor;
  const delivered: { payload: string; signature: string }[] = [];
  let keyCounter = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    processor = createTestProcessor({
      database,
      webhookSecret: 'whsec_routes_test',
      deliverWebhook: async (payload, signature) => {
        delivered.push({ payload, signature });
      },
    });
    app = await buildApp({ env: testEnv(), database, clientDir, paymentProvider: processor });
  });

  afterAll(async () => {
    await processor.settled();
    await app.close();
    await database.close();
  });

  const createIntent = () =>
    processor.createPaymentIntent({
      amountCents: 14900,
      currency: 'usd',
      description: 'EIN Application Service',
      metadata: { trackingNumber: 'AB12CD34EF56', checkoutId: '6f1c1f5e-8a0b-4d4c-9a51-0f0e7e3b9a11' },
      idempotencyKey: `routes:${kind}:${(keyCounter += 1)}`,
    });
  const post = (url: string, payload: unknown, remoteAddress?: string) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload), remoteAddress });

  it('pays with 4242 and answers the intent', async () => {
    const intent = await createIntent();
    const response = await post('/api/test-payments/confirm', { clientSecret: intent.clientSecret, ...card });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ paymentIntent: { id: intent.id, status: 'succeeded' } });
    await processor.settled();
    const events = delivered.map(({ payload, signature }) => verifyWebhookEvent(Buffer.from(payload), signature, processor.webhookSecret));
    expect(events).toContainEqual({ id: expect.any(String), type: 'payment_intent.succeeded', paymentIntentId: intent.id, disputeId: null });
  });

  it('answers a decline with 200 and Stripe-shaped error', async () => {
    const intent = await createIntent();
    const response = await post('/api/test-payments/confirm', { clientSecret: intent.clientSecret, ...card, cardNumber: '4000000000009995' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      error: { type: 'card_error', code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
  });

  it('answers 400 with field messages for bad card input, and changes nothing', async () => {
    const intent = await createIntent();
    const response = await post('/api/test-payments/confirm', { clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4241', cardExpiry: '01 / 20', cardCvc: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: expect.any(String),
        fields: { cardNumber: [testCardMessages.numberInvalid], cardExpiry: [testCardMessages.expiryPast], cardCvc: [testCardMessages.cvcIncomplete] },
      },
    });
    expect(response.body).not.toContain('4241');

    const unknownField = await post('/api/test-payments/confirm', { clientSecret: intent.clientSecret, ...card, amount: 1 });
    expect(unknownField.statusCode).toBe(400);
    for (const body of [null, 'text', [], { clientSecret: 'x'.repeat(201), ...card }]) {
      expect((await post('/api/test-payments/confirm', body)).statusCode).toBe(400);
    }
    expect(await processor.retrievePaymentIntent(intent.id)).toMatchObject({ status: 'requires_payment_method', lastErrorMessage: null });
  });

  it('answers 404 for a client secret it does not know', async () => {
    const response = await post('/api/test-payments/confirm', { clientSecret: 'pi_none_secret_none', ...card });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('authenticates 3155 and sends the browser only to the confirmation page', async () => {
    const intent = await createIntent();
    const confirm = await post('/api/test-payments/confirm', { clientSecret: intent.clientSecret, ...card, cardNumber: '4000002500003155' });
    expect(confirm.json().nextAction.redirectUrl).toMatch(/^\/payments\/test-authentication\?payment_intent=pi_/);

    const badOutcome = await post('/api/test-payments/authenticate', { clientSecret: intent.clientSecret, outcome: 'maybe' });
    expect(badOutcome.statusCode).toBe(400);
    expect(badOutcome.json().error.fields.outcome).toHaveLength(1);
    const withReturnUrl = await post('/api/test-payments/authenticate', { clientSecret: intent.clientSecret, outcome: 'complete', returnUrl: 'https://evil.example' });
    expect(withReturnUrl.statusCode).toBe(400);
    expect((await processor.retrievePaymentIntent(intent.id))?.status).toBe('requires_action');

    const response = await post('/api/test-payments/authenticate', { clientSecret: intent.clientSecret, outcome: 'complete' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      redirectUrl: `/ein/confirmation?payment_intent=${intent.id}&payment_intent_client_secret=${intent.clientSecret}&redirect_status=succeeded`,
    });
  });

  it('limits the card attempts of each client per minute', async () => {
    const intent = await createIntent();
    const attempt = () => post('/api/test-payments/confirm', { clientSecret: intent.clientSecret, ...card, cardNumber: '4000000000000002' }, '203.0.113.9');
    for (let index = 0; index < testPaymentCallsPerMinute; index += 1) expect((await attempt()).statusCode).toBe(200);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });
});

describe('test payment routes by configuration', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  it('exist with the default configuration (no Stripe keys)', async () => {
    const app = await buildApp({ env: testEnv(), database, clientDir });
    const response = await app.inject({ method: 'POST', url: '/api/test-payments/confirm', payload: { clientSecret: 'pi_x_secret_y', ...card, cardNumber: '' } });
    await app.close();
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ cardNumber: [testCardMessages.numberRequired] });
  });

  it('do not exist when Stripe is configured', async () => {
    const env = testEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    const app = await buildApp({ env, database, clientDir });
    for (const url of ['/api/test-payments/confirm', '/api/test-payments/authenticate']) {
      const response = await app.inject({ method: 'POST', url, payload: { clientSecret: 'pi_x_secret_y', ...card } });
      expect(response.statusCode, url).toBe(404);
    }
    await app.close();
  });
});
