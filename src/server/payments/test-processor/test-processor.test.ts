import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { testPaymentIntents, type Database } from '#server/db/index.ts';
import { testCardMessages } from '#shared/payments/test-card.ts';
import { createTestProcessor, type TestProcessor } from './create-test-processor';
import { testProcessorWebhookSecret } from '../create-payment-provider';
import { verifyWebhookEvent } from '../webhook-signature';

const card = { cardExpiry: '12 / 40', cardCvc: '123' };
const cards = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  authentication: '4000 0025 0000 3155',
  live: '4111 1111 1111 1111',
};

type Delivery = { payload: string; signature: string };

describe.each(testDatabaseKinds)('test payment processor on %s', (kind) => {
  let database: Database;
  let processor: TestProcessor;
  const delivered: Delivery[] = [];
  let failNextDeliveries = 0;
  let keyCounter = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    processor = createTestProcessor({
      database,
      webhookSecret: testProcessorWebhookSecret(Buffer.alloc(32, 7)),
      webhookRetryDelaysMs: [5, 5, 5],
      deliverWebhook: async (payload, signature) => {
        if (failNextDeliveries > 0) {
          failNextDeliveries -= 1;
          throw new Error('Webhook answered 503');
        }
        delivered.push({ payload, signature });
      },
    });
  });

  afterEach(async () => {
    await processor.settled();
    delivered.length = 0;
    failNextDeliveries = 0;
  });

  afterAll(async () => {
    await database.close();
  });

  const createIntent = (idempotencyKey = `checkout:${kind}:${(keyCounter += 1)}`) =>
    processor.createPaymentIntent({
      amountCents: 14900,
      currency: 'usd',
      description: 'EIN Application Service',
      metadata: { trackingNumber: 'AB12CD34EF56', checkoutId: '6f1c1f5e-8a0b-4d4c-9a51-0f0e7e3b9a11' },
      idempotencyKey,
    });

  const confirm = (clientSecret: string, cardNumber: string) => processor.confirmCard({ clientSecret, cardNumber, ...card });

  /** The delivered events, each verified with the processor's own secret as the webhook route does. */
  const verifiedEvents = () =>
    delivered.map(({ payload, signature }) => ({
      event: verifyWebhookEvent(Buffer.from(payload), signature, processor.webhookSecret),
      body: JSON.parse(payload) as { type: string; data: { object: Record<string, unknown> } },
    }));

  it('creates Stripe-like intents in the database', async () => {
    const intent = await createIntent();
    expect(intent.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]{24}$`));
    expect(intent).toMatchObject({ status: 'requires_payment_method', amountCents: 14900, currency: 'usd', paymentMethodType: null, lastErrorMessage: null });
    expect(await processor.retrievePaymentIntent(intent.id)).toEqual(intent);
    expect(await processor.retrievePaymentIntent('pi_unknown')).toBeNull();
  });

  it('returns the same intent for the same idempotency key, even when called concurrently', async () => {
    const key = `checkout:${kind}:concurrent`;
    const intents = await Promise.all(Array.from({ length: 10 }, () => createIntent(key)));
    expect(new Set(intents.map((intent) => intent.id)).size).toBe(1);
    expect(new Set(intents.map((intent) => intent.clientSecret)).size).toBe(1);
    const rows = await database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intents[0]!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.metadata).toEqual({ trackingNumber: 'AB12CD34EF56', checkoutId: '6f1c1f5e-8a0b-4d4c-9a51-0f0e7e3b9a11' });
    expect((await createIntent()).id).not.toBe(intents[0]!.id);
  });

  it('refuses a reused key with other parameters, as Stripe does', async () => {
    const key = `checkout:${kind}:reused`;
    await createIntent(key);
    await expect(processor.createPaymentIntent({ amountCents: 100, currency: 'usd', description: 'x', metadata: { trackingNumber: 'A', checkoutId: 'B' }, idempotencyKey: key })).rejects.toThrow(/other parameters/);
  });

  it('succeeds with 4242 and delivers a signed payment_intent.succeeded event', async () => {
    const intent = await createIntent();
    expect(await confirm(intent.clientSecret, cards.success)).toEqual({ paymentIntent: { id: intent.id, status: 'succeeded' } });
    expect(await processor.retrievePaymentIntent(intent.id)).toMatchObject({ status: 'succeeded', paymentMethodType: 'card', lastErrorMessage: null });

    await processor.settled();
    const [only, ...rest] = verifiedEvents();
    expect(rest).toEqual([]);
    expect(only?.event).toEqual({ id: expect.stringMatching(/^evt_[A-Za-z0-9]{24}$/), type: 'payment_intent.succeeded', paymentIntentId: intent.id, disputeId: null });
    expect(only?.body.data.object).toEqual({ id: intent.id, object: 'payment_intent', status: 'succeeded', amount: 14900, currency: 'usd', metadata: intent.metadata });
    expect(delivered[0]?.payload).not.toContain('4242');
  });

  it.each([
    ['declined', cards.declined, { type: 'card_error', code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' }],
    ['insufficient funds', cards.insufficientFunds, { type: 'card_error', code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' }],
    ['a non-test card', cards.live, { type: 'card_error', code: 'card_declined', message: 'Your card was declined. Your request was in test mode, but used a non test card.' }],
  ])('declines %s, leaves the intent retryable and delivers payment_intent.payment_failed', async (_name, cardNumber, error) => {
    const intent = await createIntent();
    const result = await confirm(intent.clientSecret, cardNumber);
    expect(result).toEqual({ error: expect.objectContaining(error) });
    expect(await processor.retrievePaymentIntent(intent.id)).toMatchObject({ status: 'requires_payment_method', paymentMethodType: null, lastErrorMessage: error.message });

    await processor.settled();
    expect(verifiedEvents().map(({ event }) => event)).toEqual([{ id: expect.any(String), type: 'payment_intent.payment_failed', paymentIntentId: intent.id, disputeId: null }]);

    expect(await confirm(intent.clientSecret, cards.success)).toEqual({ paymentIntent: { id: intent.id, status: 'succeeded' } });
    expect(await processor.retrievePaymentIntent(intent.id)).toMatchObject({ status: 'succeeded', lastErrorMessage: null, paymentMethodType: 'card' });
  });

  it('asks for authentication with 3155, then completes it', async () => {
    const intent = await createIntent();
    const result = await confirm(intent.clientSecret, cards.authentication);
    const query = `payment_intent=${intent.id}&payment_intent_client_secret=${intent.clientSecret}`;
    expect(result).toEqual({ paymentIntent: { id: intent.id, status: 'requires_action' }, nextAction: { redirectUrl: `/payments/test-authentication?${query}` } });
    expect((await processor.retrievePaymentIntent(intent.id))?.status).toBe('requires_action');
    await processor.settled();
    expect(delivered).toEqual([]);

    expect(await processor.authenticate({ clientSecret: intent.clientSecret, outcome: 'complete' })).toEqual({
      redirectUrl: `/ein/confirmation?${query}&redirect_status=succeeded`,
    });
    expect(await processor.retrievePaymentIntent(intent.id)).toMatchObject({ status: 'succeeded', paymentMethodType: 'card' });
    // Pressing Complete again leads to the same page and changes nothing.
    expect((await processor.authenticate({ clientSecret: intent.clientSecret, outcome: 'fail' })).redirectUrl).toContain('redirect_status=succeeded');

    await processor.settled();
    expect(verifiedEvents().map(({ event }) => event.type)).toEqual(['payment_intent.succeeded']);
  });

  it('fails authentication with the failure as the last error, and the intent can be retried', async () => {
    const intent = await createIntent();
    await confirm(intent.clientSecret, cards.authentication);
    const { redirectUrl } = await processor.authenticate({ clientSecret: intent.clientSecret, outcome: 'fail' });
    expect(redirectUrl).toBe(`/ein/confirmation?payment_intent=${intent.id}&payment_intent_client_secret=${intent.clientSecret}&redirect_status=failed`);
    expect(await processor.retrievePaymentIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      lastErrorMessage: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
    await expect(processor.authenticate({ clientSecret: intent.clientSecret, outcome: 'complete' })).rejects.toMatchObject({ code: 'conflict' });
    expect((await processor.retrievePaymentIntent(intent.id))?.status).toBe('requires_payment_method');

    await processor.settled();
    const [failed] = verifiedEvents();
    expect(failed?.event).toMatchObject({ type: 'payment_intent.payment_failed', paymentIntentId: intent.id });
    expect(failed?.body.data.object.status).toBe('requires_payment_method');
  });

  it('refuses to authenticate an intent that never asked for it', async () => {
    const intent = await createIntent();
    await expect(processor.authenticate({ clientSecret: intent.clientSecret, outcome: 'complete' })).rejects.toMatchObject({ code: 'conflict' });
    expect((await processor.retrievePaymentIntent(intent.id))?.status).toBe('requires_payment_method');
  });

  it('does not confirm a succeeded intent again, with any card', async () => {
    const intent = await createIntent();
    await confirm(intent.clientSecret, cards.success);
    const alreadySucceeded = { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This payment has already succeeded.' } };
    expect(await confirm(intent.clientSecret, cards.success)).toEqual(alreadySucceeded);
    expect(await confirm(intent.clientSecret, cards.declined)).toEqual(alreadySucceeded);
    expect(await processor.retrievePaymentIntent(intent.id)).toMatchObject({ status: 'succeeded', lastErrorMessage: null });
    await processor.settled();
    expect(verifiedEvents().map(({ event }) => event.type)).toEqual(['payment_intent.succeeded']);
  });

  it('lets exactly one of many concurrent confirmations succeed', async () => {
    const intent = await createIntent();
    const results = await Promise.all(Array.from({ length: 12 }, () => confirm(intent.clientSecret, cards.success)));
    expect(results.filter((result) => 'paymentIntent' in result)).toHaveLength(1);
    expect(results.filter((result) => 'error' in result && result.error.code === 'payment_intent_unexpected_state')).toHaveLength(11);
    await processor.settled();
    expect(delivered).toHaveLength(1);
  });

  it('never turns a succeeded intent back when a decline races a success', async () => {
    const intent = await createIntent();
    await Promise.all([confirm(intent.clientSecret, cards.declined), confirm(intent.clientSecret, cards.success), confirm(intent.clientSecret, cards.declined)]);
    expect((await processor.retrievePaymentIntent(intent.id))?.status).toBe('succeeded');
  });

  it('answers not found for an unknown or wrong client secret', async () => {
    const intent = await createIntent();
    await expect(confirm(`${intent.id}_secret_wrongwrongwrongwrongwron`, cards.success)).rejects.toMatchObject({ code: 'not_found' });
    await expect(confirm('pi_nothing_secret_nothing', cards.success)).rejects.toMatchObject({ code: 'not_found' });
    await expect(processor.authenticate({ clientSecret: 'nope', outcome: 'complete' })).rejects.toMatchObject({ code: 'not_found' });
    expect((await processor.retrievePaymentIntent(intent.id))?.status).toBe('requires_payment_method');
  });

  it('rejects invalid card input with Stripe messages and changes nothing', async () => {
    const intent = await createIntent();
    const attempt = (fields: Partial<typeof card & { cardNumber: string }>, extra: Record<string, unknown> = {}) =>
      processor.confirmCard({ clientSecret: intent.clientSecret, cardNumber: cards.success, ...card, ...fields, ...extra } as never);

    await expect(attempt({ cardNumber: '' })).rejects.toMatchObject({ code: 'validation_failed', fields: { cardNumber: [testCardMessages.numberRequired] } });
    await expect(attempt({ cardNumber: '4242 4242' })).rejects.toMatchObject({ fields: { cardNumber: [testCardMessages.numberIncomplete] } });
    await expect(attempt({ cardNumber: '4242 4242 4242 4241' })).rejects.toMatchObject({ fields: { cardNumber: [testCardMessages.numberInvalid] } });
    await expect(attempt({ cardExpiry: '01 / 20' })).rejects.toMatchObject({ fields: { cardExpiry: [testCardMessages.expiryPast] } });
    await expect(attempt({ cardExpiry: '13 / 40' })).rejects.toMatchObject({ fields: { cardExpiry: [testCardMessages.expiryInvalid] } });
    await expect(attempt({ cardExpiry: '1' })).rejects.toMatchObject({ fields: { cardExpiry: [testCardMessages.expiryIncomplete] } });
    await expect(attempt({ cardCvc: '1' })).rejects.toMatchObject({ fields: { cardCvc: [testCardMessages.cvcIncomplete] } });
    await expect(attempt({}, { amount: 1 })).rejects.toMatchObject({ code: 'validation_failed' });

    expect(await processor.retrievePaymentIntent(intent.id)).toMatchObject({ status: 'requires_payment_method', lastErrorMessage: null, paymentMethodType: null });
    await processor.settled();
    expect(delivered).toEqual([]);
  });

  it('changes the amount only while the intent is unpaid', async () => {
    const intent = await createIntent();
    expect((await processor.updatePaymentIntentAmount(intent.id, 19900)).amountCents).toBe(19900);
    await confirm(intent.clientSecret, cards.success);
    await expect(processor.updatePaymentIntentAmount(intent.id, 100)).rejects.toMatchObject({ code: 'conflict' });
    expect((await processor.retrievePaymentIntent(intent.id))?.amountCents).toBe(19900);
  });

  it('retries a failed delivery with the same event, signed afresh', async () => {
    failNextDeliveries = 2;
    const intent = await createIntent();
    await confirm(intent.clientSecret, cards.success);
    await processor.settled();
    expect(verifiedEvents().map(({ event }) => event.paymentIntentId)).toEqual([intent.id]);
  });

  it('gives up after three retries and says so without card data', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failNextDeliveries = 4;
    const intent = await createIntent();
    await confirm(intent.clientSecret, cards.success);
    await processor.settled();
    expect(delivered).toEqual([]);
    expect(failNextDeliveries).toBe(0);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/not delivered after 4 attempts/);
    expect(String(logged.mock.calls[0]?.[0])).not.toMatch(/4242|secret/);
    logged.mockRestore();
  });

  it('does not wait for the webhook before answering the card', async () => {
    let release: () => void = () => undefined;
    const slow = createTestProcessor({
      database,
      webhookSecret: processor.webhookSecret,
      deliverWebhook: () => new Promise<void>((resolve) => (release = resolve)),
    });
    const intent = await slow.createPaymentIntent({ amountCents: 14900, currency: 'usd', description: 'EIN Application Service', metadata: { trackingNumber: 'T', checkoutId: 'C' }, idempotencyKey: `slow:${kind}` });
    expect(await slow.confirmCard({ clientSecret: intent.clientSecret, cardNumber: cards.success, ...card })).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    let settled = false;
    const waiting = slow.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(settled).toBe(true);
  });
});
