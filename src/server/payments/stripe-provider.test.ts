import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { AppError } from '../errors';
import { startFakeStripe, type FakeStripe } from '#tests/fakes/stripe-server.ts';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';

const webhookSecret = 'whsec_test_adapter_secret';

describe('Stripe provider through the official SDK', () => {
  let fake: FakeStripe;
  let provider: PaymentProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider({
      secretKey: 'sk_test_adapter',
      webhookSecret,
      stripeOptions: { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 },
    });
  });

  afterAll(async () => {
    await fake.close();
  });

  const input = (idempotencyKey: string) => ({
    amountCents: 14900,
    currency: 'usd',
    description: 'EIN Application Service',
    metadata: { trackingNumber: 'AB12CD34EF56', checkoutId: '6f1c1f5e-8a0b-4d4c-9a51-0f0e7e3b9a11' },
    idempotencyKey,
  });

  it('creates an intent with the amount, metadata and automatic payment methods, once per idempotency key', async () => {
    const first = await provider.createPaymentIntent(input('checkout:one'));
    const second = await provider.createPaymentIntent(input('checkout:one'));

    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 14900,
      currency: 'usd',
      paymentMethodType: null,
      lastErrorMessage: null,
      metadata: { trackingNumber: 'AB12CD34EF56', checkoutId: '6f1c1f5e-8a0b-4d4c-9a51-0f0e7e3b9a11' },
    });
    expect(first.clientSecret).toMatch(new RegExp(`^${first.id}_secret_`));
    expect([...fake.intents.values()].filter((intent) => intent.metadata.trackingNumber === 'AB12CD34EF56')).toHaveLength(1);

    const creates = fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents');
    expect(creates.map((request) => request.idempotencyKey)).toEqual(['checkout:one', 'checkout:one']);
    expect(creates[0]?.body).toMatchObject({
      amount: '14900',
      currency: 'usd',
      description: 'EIN Application Service',
      metadata: { trackingNumber: 'AB12CD34EF56' },
      automatic_payment_methods: { enabled: 'true' },
    });
    expect(fake.intents.get(first.id)?.automatic_payment_methods).toEqual({ enabled: true });
  });

  it('makes a different intent for a different key', async () => {
    const one = await provider.createPaymentIntent(input('checkout:two'));
    const other = await provider.createPaymentIntent(input('checkout:three'));
    expect(other.id).not.toBe(one.id);
  });

  it('retrieves the payment method type and the last error message', async () => {
    const created = await provider.createPaymentIntent(input('checkout:retrieve'));
    fake.setIntent(created.id, {
      status: 'requires_payment_method',
      lastPaymentError: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    expect(await provider.retrievePaymentIntent(created.id)).toMatchObject({
      id: created.id,
      status: 'requires_payment_method',
      paymentMethodType: null,
      lastErrorMessage: 'Your card has insufficient funds.',
    });

    fake.setIntent(created.id, { status: 'succeeded', paymentMethodType: 'cashapp', lastPaymentError: null });
    expect(await provider.retrievePaymentIntent(created.id)).toEqual({
      id: created.id,
      clientSecret: created.clientSecret,
      status: 'succeeded',
      amountCents: 14900,
      currency: 'usd',
      paymentMethodType: 'cashapp',
      lastErrorMessage: null,
      metadata: { trackingNumber: 'AB12CD34EF56', checkoutId: '6f1c1f5e-8a0b-4d4c-9a51-0f0e7e3b9a11' },
    });
    const retrieve = fake.requests.findLast((request) => request.method === 'GET');
    expect(retrieve?.body).toMatchObject({ expand: ['payment_method'] });
  });

  it('answers null for an id Stripe does not know, and cannot be steered to another path', async () => {
    expect(await provider.retrievePaymentIntent('pi_doesnotexist')).toBeNull();
    expect(await provider.retrievePaymentIntent('../customers/cus_1')).toBeNull();
  });

  it('updates the amount of an unpaid intent, and refuses once it is paid', async () => {
    const created = await provider.createPaymentIntent(input('checkout:update'));
    const updated = await provider.updatePaymentIntentAmount(created.id, 19900);
    expect(updated).toMatchObject({ id: created.id, amountCents: 19900 });
    expect(fake.intents.get(created.id)?.amount).toBe(19900);

    fake.setIntent(created.id, { status: 'succeeded', paymentMethodType: 'card' });
    await expect(provider.updatePaymentIntentAmount(created.id, 100)).rejects.toMatchObject({ code: 'conflict' });
    expect(fake.intents.get(created.id)?.amount).toBe(19900);
  });

  it('surfaces Stripe refusing a reused key with other parameters', async () => {
    await provider.createPaymentIntent(input('checkout:reused'));
    await expect(provider.createPaymentIntent({ ...input('checkout:reused'), amountCents: 100 })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  describe('webhooks', () => {
    const event = (id = 'evt_1') =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'payment_intent.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: 'pi_123', object: 'payment_intent', status: 'succeeded', amount: 14900, currency: 'usd', metadata: {} } },
      });
    const header = (payload: string, secret = webhookSecret, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const expectRejected = (act: () => unknown) => {
      try {
        act();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ code: 'bad_request', message: 'Invalid webhook signature.' });
        return;
      }
      throw new Error('expected the event to be rejected');
    };

    it('accepts an event signed the way Stripe signs', () => {
      const payload = event();
      expect(provider.parseWebhookEvent(Buffer.from(payload), header(payload))).toEqual({ id: 'evt_1', type: 'payment_intent.succeeded', paymentIntentId: 'pi_123', disputeId: null });
    });

    it('accepts an event 299 s old', () => {
      const payload = event();
      expect(provider.parseWebhookEvent(Buffer.from(payload), header(payload, webhookSecret, Math.floor(Date.now() / 1000) - 299)).id).toBe('evt_1');
    });

    it('has no payment intent for an event about something else', () => {
      const payload = JSON.stringify({ id: 'evt_2', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1', object: 'charge' } } });
      expect(provider.parseWebhookEvent(Buffer.from(payload), header(payload))).toEqual({ id: 'evt_2', type: 'charge.refunded', paymentIntentId: null, disputeId: null });
    });

    it('rejects a missing header, a wrong secret, a tampered body, a stale or future timestamp and a body that is not JSON', () => {
      const payload = event();
      expectRejected(() => provider.parseWebhookEvent(Buffer.from(payload), undefined));
      expectRejected(() => provider.parseWebhookEvent(Buffer.from(payload), ''));
      expectRejected(() => provider.parseWebhookEvent(Buffer.from(payload), 'garbage'));
      expectRejected(() => provider.parseWebhookEvent(Buffer.from(payload), header(payload, 'whsec_someone_else')));
      expectRejected(() => provider.parseWebhookEvent(Buffer.from(payload.replace('14900', '100')), header(payload)));
      expectRejected(() => provider.parseWebhookEvent(Buffer.from(payload), header(payload, webhookSecret, Math.floor(Date.now() / 1000) - 301)));
      // Correctly signed but dated ahead: a day, and just past the five minutes.
      expectRejected(() => provider.parseWebhookEvent(Buffer.from(payload), header(payload, webhookSecret, Math.floor(Date.now() / 1000) + 86_400)));
      expectRejected(() => provider.parseWebhookEvent(Buffer.from(payload), header(payload, webhookSecret, Math.floor(Date.now() / 1000) + 302)));
      expect(provider.parseWebhookEvent(Buffer.from(payload), header(payload, webhookSecret, Math.floor(Date.now() / 1000) + 240)).id).toBe('evt_1');
      expectRejected(() => provider.parseWebhookEvent(Buffer.from('{"id":'), header('{"id":')));
    });
  });
});
