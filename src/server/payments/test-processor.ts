import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { testPaymentDisputes, testPaymentIntents, testPaymentRefunds, testPaymentWebhooks, type Database } from '../db';
import { AppError } from '../errors';
import { fieldErrors } from '../../shared/field-errors';
import { testPaymentAuthenticateSchema, testPaymentConfirmSchema, type TestPaymentResult } from '../../shared/payments/test-card';
import type { CreatePaymentIntentInput, CreateRefundInput, PaymentIntent, PaymentIntentStatus, PaymentProvider, ProviderDispute, ProviderRefund, RefundStatus } from './provider';
import { signWebhookPayload, verifyWebhookEvent } from './webhook-signature';

// The built-in processor used when no Stripe keys are set. It behaves like Stripe's test mode:
// Stripe's test cards, Stripe-shaped results and errors, and signed webhooks to the same endpoint.
// Its state lives in the database, so every app instance sharing it agrees.

export type TestProcessor = PaymentProvider & {
  readonly name: 'test';
  readonly webhookSecret: string;
  confirmCard(input: { clientSecret: string; cardNumber: string; cardExpiry: string; cardCvc: string }): Promise<TestPaymentResult>;
  authenticate(input: { clientSecret: string; outcome: 'complete' | 'fail' }): Promise<{ redirectUrl: string }>;
  /** Resolves once every webhook delivery started so far has finished (or given up). */
  settled(): Promise<void>;
  /**
   * Delivers again the webhooks still undelivered (the process stopped, or every retry failed), each
   * once per call; the job runner calls it at start-up and every minute. Answers how many were tried.
   */
  redeliverPending(): Promise<number>;
  /** Opens a dispute (chargeback) on a succeeded payment, as the bank would; sends `charge.dispute.created`. */
  openDispute(paymentIntentId: string): Promise<ProviderDispute>;
  /** Closes a dispute as won or lost; sends `charge.dispute.closed`. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<ProviderDispute>;
};

export type DeliverWebhook = (payload: string, signature: string) => Promise<void>;

export type TestProcessorOptions = {
  database: Database;
  webhookSecret: string;
  deliverWebhook: DeliverWebhook;
  /** Pauses before each retry of a failed delivery. */
  webhookRetryDelaysMs?: number[];
  /** Crash tests: called after a payment succeeds, before its webhook is recorded. */
  afterPaymentSucceeded?: () => Promise<void>;
};

type PaymentError = Extract<TestPaymentResult, { error: unknown }>['error'];
type Row = typeof testPaymentIntents.$inferSelect;
type RefundRow = typeof testPaymentRefunds.$inferSelect;
type DisputeRow = typeof testPaymentDisputes.$inferSelect;

const toRefund = (row: RefundRow): ProviderRefund => ({
  id: row.id,
  paymentIntentId: row.paymentIntentId,
  amountCents: row.amountCents,
  status: row.status as RefundStatus,
  metadata: row.metadata,
});

const toDispute = (row: DisputeRow): ProviderDispute => ({
  id: row.id,
  paymentIntentId: row.paymentIntentId,
  amountCents: row.amountCents,
  status: row.status,
  reason: row.reason,
});

/** The intent's one charge, named as Stripe would name it. */
const chargeIdOf = (paymentIntentId: string) => `ch_${paymentIntentId.slice(3)}`;

const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomBase62 = (length = 24) => Array.from({ length }, () => base62[randomInt(62)]).join('');

function base62FromBytes(bytes: Buffer, length = 24): string {
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  for (let index = 0; index < length; index += 1) {
    text += base62[Number(value % 62n)];
    value /= 62n;
  }
  return text;
}

const declined = (declineCode: string, message: string): PaymentError => ({ type: 'card_error', code: 'card_declined', declineCode, message });

/** Stripe's test cards; any other valid number is a real card, which test mode refuses. */
const testCards: Record<string, { outcome: 'succeed' } | { outcome: 'dispute' } | { outcome: 'authenticate' } | { outcome: 'decline'; error: PaymentError }> = {
  '4242424242424242': { outcome: 'succeed' },
  // As Stripe's: the payment succeeds, then the cardholder disputes it as fraudulent.
  '4000000000000259': { outcome: 'dispute' },
  '4000000000000002': { outcome: 'decline', error: declined('generic_decline', 'Your card was declined.') },
  '4000000000009995': { outcome: 'decline', error: declined('insufficient_funds', 'Your card has insufficient funds.') },
  '4000002500003155': { outcome: 'authenticate' },
};
const liveCardDecline = declined('test_mode_live_card', 'Your card was declined. Your request was in test mode, but used a non test card.');

const authenticationFailure: PaymentError = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
const alreadySucceeded: PaymentError = { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This payment has already succeeded.' };
const notConfirmable: PaymentError = { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This payment can no longer be confirmed.' };

/** States from which a card may be (re)tried, as with Stripe. */
const confirmableStatuses = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
/** States from which an intent may be canceled (Stripe also cancels `requires_capture`). */
const cancelableStatuses = [...confirmableStatuses, 'requires_capture'];

function toPaymentIntent(row: Row): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as PaymentIntentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
    paymentMethodType: row.paymentMethodType,
    lastErrorMessage: row.lastError?.message ?? null,
    metadata: row.metadata,
  };
}

const withSecret = (path: string, row: Row) =>
  `${path}?${new URLSearchParams({ payment_intent: row.id, payment_intent_client_secret: row.clientSecret })}`;

export function createTestProcessor({
  database,
  webhookSecret,
  deliverWebhook,
  webhookRetryDelaysMs = [200, 1000, 3000],
  afterPaymentSucceeded,
}: TestProcessorOptions): TestProcessor {
  const { db } = database;
  const deliveries = new Set<Promise<void>>();

  async function findById(id: string): Promise<Row | undefined> {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    return row;
  }

  async function findBySecret(clientSecret: string): Promise<Row> {
    // The secret begins with the intent's id, as Stripe's do.
    const row = await findById(clientSecret.split('_secret_')[0] ?? '');
    const given = Buffer.from(clientSecret);
    if (!row || given.length !== Buffer.byteLength(row.clientSecret) || !timingSafeEqual(given, Buffer.from(row.clientSecret))) {
      throw new AppError('not_found', 'No such payment.');
    }
    return row;
  }

  /** Moves the intent only if it is still in one of `from`, so concurrent calls cannot both win. */
  async function transition(id: string, from: string[], changes: Pick<Row, 'status' | 'paymentMethodType' | 'lastError'>): Promise<Row | undefined> {
    const [row] = await db
      .update(testPaymentIntents)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(testPaymentIntents.id, id), inArray(testPaymentIntents.status, from)))
      .returning();
    return row;
  }

  /** One signed attempt (signed per attempt, so a retry carries a fresh timestamp as Stripe's do). */
  async function attempt(payload: string, eventId: string): Promise<boolean> {
    try {
      await deliverWebhook(payload, signWebhookPayload(payload, webhookSecret));
    } catch {
      return false;
    }
    await db.update(testPaymentWebhooks).set({ deliveredAt: sql`now()`, claimedUntil: null }).where(eq(testPaymentWebhooks.eventId, eventId));
    return true;
  }

  async function deliver(payload: string, eventId: string): Promise<void> {
    for (let index = 0; ; index += 1) {
      if (await attempt(payload, eventId)) return;
      const delay = webhookRetryDelaysMs[index];
      if (delay === undefined) {
        // Kept in the database: `redeliverPending` tries again later, as Stripe retries for days.
        console.error(`Test payment webhook ${eventId} not delivered after ${index + 1} attempts; it will be retried`);
        return;
      }
      await sleep(delay);
    }
  }

  /**
   * Records the Stripe-shaped event (so it outlives the process), then sends it in the background;
   * the card call does not wait for the delivery.
   */
  async function sendEvent(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', row: Row): Promise<void> {
    await sendStripeEvent(type, { id: row.id, object: 'payment_intent', status: row.status, amount: row.amountCents, currency: row.currency, metadata: row.metadata });
  }

  async function sendStripeEvent(type: string, object: Record<string, unknown>): Promise<void> {
    const id = `evt_${randomBase62()}`;
    const event = { id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
    const payload = JSON.stringify(event);
    // Claimed by this process while it delivers; the claim expires if the process dies.
    await db.insert(testPaymentWebhooks).values({ eventId: id, payload, attempts: 1, claimedUntil: sql`now() + interval '1 minute'` });
    const delivery = deliver(payload, id).finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  async function succeeded(row: Row): Promise<void> {
    await afterPaymentSucceeded?.();
    await sendEvent('payment_intent.succeeded', row);
  }

  /** `charge.refunded`: the charge with its refunded total, as Stripe sends it. */
  async function sendChargeRefunded(intent: Row): Promise<void> {
    const [total] = await db
      .select({ cents: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)::int` })
      .from(testPaymentRefunds)
      .where(and(eq(testPaymentRefunds.paymentIntentId, intent.id), eq(testPaymentRefunds.status, 'succeeded')));
    const refunded = total?.cents ?? 0;
    await sendStripeEvent('charge.refunded', {
      id: chargeIdOf(intent.id),
      object: 'charge',
      payment_intent: intent.id,
      amount: intent.amountCents,
      amount_refunded: refunded,
      refunded: refunded >= intent.amountCents,
      currency: intent.currency,
    });
  }

  async function sendDisputeEvent(type: 'charge.dispute.created' | 'charge.dispute.closed', dispute: DisputeRow): Promise<void> {
    await sendStripeEvent(type, {
      id: dispute.id,
      object: 'dispute',
      charge: chargeIdOf(dispute.paymentIntentId),
      payment_intent: dispute.paymentIntentId,
      amount: dispute.amountCents,
      reason: dispute.reason,
      status: dispute.status,
    });
  }

  async function openDispute(paymentIntentId: string): Promise<ProviderDispute> {
    const intent = await findById(paymentIntentId);
    if (!intent || intent.status !== 'succeeded') throw new Error(`Payment ${paymentIntentId} has not succeeded; it cannot be disputed`);
    const [dispute] = await db
      .insert(testPaymentDisputes)
      .values({ id: `dp_${randomBase62()}`, paymentIntentId, amountCents: intent.amountCents, reason: 'fraudulent', status: 'needs_response' })
      .returning();
    if (!dispute) throw new Error('The test dispute was not stored');
    await sendDisputeEvent('charge.dispute.created', dispute);
    return toDispute(dispute);
  }

  return {
    name: 'test',
    webhookSecret,

    async createPaymentIntent(input: CreatePaymentIntentInput) {
      // The id is derived from the idempotency key, so concurrent calls meet on the primary key.
      const id = `pi_${base62FromBytes(createHmac('sha256', webhookSecret).update(`idempotency:${input.idempotencyKey}`).digest())}`;
      const values = {
        id,
        clientSecret: `${id}_secret_${randomBase62()}`,
        amountCents: input.amountCents,
        currency: input.currency.toLowerCase(),
        description: input.description,
        metadata: { ...input.metadata },
        status: 'requires_payment_method',
      };
      if (!Number.isInteger(values.amountCents) || values.amountCents < 50) throw new Error('Amount must be at least 50 cents.');
      await db.insert(testPaymentIntents).values(values).onConflictDoNothing();
      const row = await findById(id);
      if (!row) throw new Error(`Test payment intent ${id} vanished`);
      // As with Stripe, a key may only be reused with the parameters it was first used with.
      const same = (['amountCents', 'currency', 'description', 'metadata'] as const).every((key) => isDeepStrictEqual(row[key], values[key]));
      if (!same) throw new Error(`Idempotency key ${input.idempotencyKey} was first used with other parameters.`);
      return toPaymentIntent(row);
    },

    async updatePaymentIntentAmount(id, amountCents) {
      const [row] = await db
        .update(testPaymentIntents)
        .set({ amountCents, updatedAt: sql`now()` })
        .where(and(eq(testPaymentIntents.id, id), inArray(testPaymentIntents.status, confirmableStatuses)))
        .returning();
      if (row) return toPaymentIntent(row);
      if (!(await findById(id))) throw new Error(`No such payment intent: ${id}`);
      throw new AppError('conflict', 'This payment can no longer be changed.');
    },

    async retrievePaymentIntent(id) {
      const row = await findById(id);
      return row ? toPaymentIntent(row) : null;
    },

    async cancelPaymentIntents(ids) {
      const statuses = new Map<string, PaymentIntentStatus>();
      if (ids.length === 0) return statuses;
      // One conditional update: a card confirmed at the same moment either wins (and stays succeeded)
      // or finds the intent canceled, never both.
      await db
        .update(testPaymentIntents)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(inArray(testPaymentIntents.id, [...ids]), inArray(testPaymentIntents.status, cancelableStatuses)));
      const rows = await db.select({ id: testPaymentIntents.id, status: testPaymentIntents.status }).from(testPaymentIntents).where(inArray(testPaymentIntents.id, [...ids]));
      for (const row of rows) statuses.set(row.id, row.status as PaymentIntentStatus);
      return statuses;
    },

    parseWebhookEvent: (rawBody, signatureHeader) => verifyWebhookEvent(rawBody, signatureHeader, webhookSecret),

    async confirmCard(input) {
      const parsed = testPaymentConfirmSchema().safeParse(input);
      if (!parsed.success) throw new AppError('validation_failed', 'Check the card details.', fieldErrors(parsed.error));
      const intent = await findBySecret(parsed.data.clientSecret);
      const card = testCards[parsed.data.cardNumber.replace(/\s/g, '')] ?? { outcome: 'decline', error: liveCardDecline };

      const row =
        card.outcome === 'decline'
          ? await transition(intent.id, confirmableStatuses, { status: 'requires_payment_method', paymentMethodType: null, lastError: card.error })
          : await transition(intent.id, confirmableStatuses, {
              status: card.outcome === 'authenticate' ? 'requires_action' : 'succeeded',
              paymentMethodType: 'card',
              lastError: null,
            });
      if (!row) {
        const current = await findById(intent.id);
        return { error: current?.status === 'succeeded' ? alreadySucceeded : notConfirmable };
      }
      if (card.outcome === 'decline') {
        await sendEvent('payment_intent.payment_failed', row);
        return { error: card.error };
      }
      if (row.status === 'succeeded') await succeeded(row);
      if (card.outcome === 'dispute') await openDispute(row.id);
      const paymentIntent = { id: row.id, status: row.status };
      return row.status === 'requires_action'
        ? { paymentIntent, nextAction: { redirectUrl: withSecret('/payments/test-authentication', row) } }
        : { paymentIntent };
    },

    async authenticate(input) {
      const parsed = testPaymentAuthenticateSchema.safeParse(input);
      if (!parsed.success) throw new AppError('validation_failed', 'Check the authentication answer.', fieldErrors(parsed.error));
      const intent = await findBySecret(parsed.data.clientSecret);
      const complete = parsed.data.outcome === 'complete';
      const row = await transition(
        intent.id,
        ['requires_action'],
        complete
          ? { status: 'succeeded', paymentMethodType: 'card', lastError: null }
          : { status: 'requires_payment_method', paymentMethodType: null, lastError: authenticationFailure },
      );
      // The only return address is the product's own confirmation page (no redirect from input).
      const back = (target: Row, status: 'succeeded' | 'failed') => ({ redirectUrl: `${withSecret('/ein/confirmation', target)}&redirect_status=${status}` });
      if (!row) {
        // A repeated answer after success (double click, back button) leads to the same page.
        const current = await findById(intent.id);
        if (current?.status === 'succeeded') return back(current, 'succeeded');
        throw new AppError('conflict', 'This payment is not waiting for authentication.');
      }
      if (complete) await succeeded(row);
      else await sendEvent('payment_intent.payment_failed', row);
      return back(row, complete ? 'succeeded' : 'failed');
    },

    async createRefund(input: CreateRefundInput) {
      const values = { amountCents: input.amountCents, metadata: { ...input.metadata } };
      // The intent's row is locked while the refunds are summed, so two refunds at once cannot both
      // take what remains; a repeated key answers the first refund, as Stripe's idempotency does.
      const outcome = await db.transaction(async (tx) => {
        const [intent] = await tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, input.paymentIntentId)).for('update');
        if (!intent) throw new AppError('payment_provider_error', `No such payment_intent: '${input.paymentIntentId}'`);
        const [earlier] = await tx.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.idempotencyKey, input.idempotencyKey));
        if (earlier) {
          if (earlier.paymentIntentId !== intent.id || !isDeepStrictEqual({ amountCents: earlier.amountCents, metadata: earlier.metadata }, values)) {
            throw new AppError('payment_provider_error', `Keys for idempotent requests can only be used with the same parameters they were first used with.`);
          }
          return { refund: earlier, intent, created: false };
        }
        if (intent.status !== 'succeeded') throw new AppError('payment_provider_error', 'This PaymentIntent does not have a successful charge to refund.');
        if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new AppError('payment_provider_error', 'Invalid positive integer');
        const [total] = await tx
          .select({ cents: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)::int` })
          .from(testPaymentRefunds)
          .where(and(eq(testPaymentRefunds.paymentIntentId, intent.id), inArray(testPaymentRefunds.status, ['pending', 'succeeded'])));
        const remaining = intent.amountCents - (total?.cents ?? 0);
        if (remaining <= 0) throw new AppError('refund_exceeds_payment', `Charge ${chargeIdOf(intent.id)} has already been refunded.`);
        if (input.amountCents > remaining) {
          throw new AppError('refund_exceeds_payment', `Refund amount (${input.amountCents}) is greater than unrefunded amount on charge (${remaining})`);
        }
        // Test mode refunds a card at once.
        const [refund] = await tx
          .insert(testPaymentRefunds)
          .values({ id: `re_${randomBase62()}`, paymentIntentId: intent.id, idempotencyKey: input.idempotencyKey, status: 'succeeded', ...values })
          .returning();
        if (!refund) throw new Error('The test refund was not stored');
        return { refund, intent, created: true };
      });
      if (outcome.created) await sendChargeRefunded(outcome.intent);
      return toRefund(outcome.refund);
    },

    async listRefunds(paymentIntentId) {
      const rows = await db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.paymentIntentId, paymentIntentId)).orderBy(asc(testPaymentRefunds.createdAt));
      return rows.map(toRefund);
    },

    async retrieveDispute(id) {
      const [row] = await db.select().from(testPaymentDisputes).where(eq(testPaymentDisputes.id, id));
      return row ? toDispute(row) : null;
    },

    openDispute,

    async closeDispute(disputeId, outcome) {
      const [row] = await db
        .update(testPaymentDisputes)
        .set({ status: outcome, updatedAt: sql`now()` })
        .where(and(eq(testPaymentDisputes.id, disputeId), inArray(testPaymentDisputes.status, ['needs_response', 'under_review', 'warning_needs_response'])))
        .returning();
      if (!row) throw new Error(`Dispute ${disputeId} is not open`);
      await sendDisputeEvent('charge.dispute.closed', row);
      return toDispute(row);
    },

    async settled() {
      while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
    },

    async redeliverPending() {
      const due = db
        .select({ eventId: testPaymentWebhooks.eventId })
        .from(testPaymentWebhooks)
        .where(
          and(
            isNull(testPaymentWebhooks.deliveredAt),
            lte(testPaymentWebhooks.nextAttemptAt, sql`now()`),
            or(isNull(testPaymentWebhooks.claimedUntil), lt(testPaymentWebhooks.claimedUntil, sql`now()`)),
            // As Stripe, retried for three days.
            gt(testPaymentWebhooks.createdAt, sql`now() - interval '3 days'`),
          ),
        )
        .orderBy(asc(testPaymentWebhooks.createdAt))
        .limit(100)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(testPaymentWebhooks)
        .set({ claimedUntil: sql`now() + interval '1 minute'`, attempts: sql`${testPaymentWebhooks.attempts} + 1` })
        .where(inArray(testPaymentWebhooks.eventId, due))
        .returning();
      for (const row of claimed) {
        if (await attempt(row.payload, row.eventId)) continue;
        // Stripe's pace, roughly: a minute doubling, at most an hour.
        const delaySeconds = Math.min(60 * 2 ** Math.max(0, row.attempts - 1), 3600);
        await db
          .update(testPaymentWebhooks)
          .set({ claimedUntil: null, nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})` })
          .where(eq(testPaymentWebhooks.eventId, row.eventId));
      }
      return claimed.length;
    },
  };
}
