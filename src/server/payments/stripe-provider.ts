import Stripe from 'stripe';
import { AppError } from '../errors';
import type { PaymentIntent, PaymentIntentStatus, PaymentProvider, ProviderDispute, ProviderRefund, RefundStatus } from './provider';
import { verifyWebhookEvent } from './webhook-signature';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Extra SDK settings; tests point `host`/`port`/`protocol` at a local fake. */
  stripeOptions?: Stripe.StripeConfig;
};

function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const method = intent.payment_method;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as PaymentIntentStatus,
    amountCents: intent.amount,
    currency: intent.currency,
    // Expanded on every call below; a bare id only says that some method is attached.
    paymentMethodType: method && typeof method === 'object' ? method.type : null,
    lastErrorMessage: intent.last_payment_error?.message ?? null,
    metadata: { ...intent.metadata },
  };
}

const idOf = (value: string | { id: string } | null | undefined): string => (typeof value === 'string' ? value : (value?.id ?? ''));

function toRefund(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    paymentIntentId: idOf(refund.payment_intent),
    amountCents: refund.amount,
    status: (refund.status ?? 'pending') as RefundStatus,
    metadata: { ...(refund.metadata ?? {}) },
  };
}

function toDispute(dispute: Stripe.Dispute): ProviderDispute {
  return { id: dispute.id, paymentIntentId: idOf(dispute.payment_intent), amountCents: dispute.amount, status: dispute.status, reason: dispute.reason };
}

/** Stripe's refusals of a refund's amount: more than remains, or nothing remains. */
const overRefundCodes = ['amount_too_large', 'charge_already_refunded'];

const isStripeError = (error: unknown, code: string): boolean => error instanceof Stripe.errors.StripeError && error.code === code;

/** The production provider: Stripe's API through the official SDK. */
export function createStripeProvider({ secretKey, webhookSecret, stripeOptions }: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, telemetry: false, ...stripeOptions });
  const expand = ['payment_method'];

  return {
    name: 'stripe',

    async createPaymentIntent({ amountCents, currency, description, metadata, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency, description, metadata, automatic_payment_methods: { enabled: true }, expand },
        { idempotencyKey },
      );
      return toPaymentIntent(intent);
    },

    async updatePaymentIntentAmount(id, amountCents) {
      try {
        return toPaymentIntent(await stripe.paymentIntents.update(id, { amount: amountCents, expand }));
      } catch (error) {
        if (isStripeError(error, 'payment_intent_unexpected_state')) throw new AppError('conflict', 'This payment can no longer be changed.');
        throw error;
      }
    },

    async retrievePaymentIntent(id) {
      try {
        return toPaymentIntent(await stripe.paymentIntents.retrieve(id, { expand }));
      } catch (error) {
        if (isStripeError(error, 'resource_missing')) return null;
        throw error;
      }
    },

    async cancelPaymentIntents(ids) {
      const statuses = new Map<string, PaymentIntentStatus>();
      const cancelOne = async (id: string) => {
        try {
          const canceled = await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
          statuses.set(id, canceled.status as PaymentIntentStatus);
        } catch (error) {
          if (isStripeError(error, 'resource_missing')) return;
          // Already canceled, succeeded or on its way: Stripe refuses, and the intent says which.
          if (!isStripeError(error, 'payment_intent_unexpected_state')) throw error;
          const current = await stripe.paymentIntents.retrieve(id);
          statuses.set(id, current.status as PaymentIntentStatus);
        }
      };
      // A few at a time: Stripe's rate limit is per account, and the checkout shares it.
      const queue = [...ids];
      await Promise.all(
        Array.from({ length: Math.min(4, queue.length) }, async () => {
          for (let id = queue.shift(); id !== undefined; id = queue.shift()) await cancelOne(id);
        }),
      );
      return statuses;
    },

    parseWebhookEvent: (rawBody, signatureHeader) => verifyWebhookEvent(rawBody, signatureHeader, webhookSecret),

    async createRefund({ paymentIntentId, amountCents, metadata, idempotencyKey }) {
      try {
        return toRefund(await stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountCents, metadata }, { idempotencyKey }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError) {
          if (overRefundCodes.includes(error.code ?? '')) throw new AppError('refund_exceeds_payment', error.message);
          // A refusal (bad request, card network) is the provider's answer; a network failure is not one.
          if (error.type === 'StripeInvalidRequestError' || error.type === 'StripeCardError') throw new AppError('payment_provider_error', error.message);
        }
        throw error;
      }
    },

    async listRefunds(paymentIntentId) {
      const found: ProviderRefund[] = [];
      for await (const refund of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) found.push(toRefund(refund));
      return found;
    },

    async retrieveDispute(id) {
      try {
        return toDispute(await stripe.disputes.retrieve(id));
      } catch (error) {
        if (isStripeError(error, 'resource_missing')) return null;
        throw error;
      }
    },
  };
}
