// The one interface the checkout talks to. Two implementations: Stripe (official SDK, keys from the
// environment) and the built-in test processor, which behaves like Stripe's test cards and delivers
// signed webhooks to the same endpoint, so both go through one code path.

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export type PaymentIntent = {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
  amountCents: number;
  currency: string;
  /** The payment method's type (`card`, `cashapp`, ...) once one is attached. */
  paymentMethodType: string | null;
  /** The provider's message for the last failed attempt, if any. */
  lastErrorMessage: string | null;
  metadata: Record<string, string>;
};

/** A verified webhook event, reduced to what the server acts on. */
export type PaymentEvent = {
  id: string;
  type: string;
  /** The payment intent the event is about (directly, or through its charge, refund or dispute). */
  paymentIntentId: string | null;
  /** The dispute a `charge.dispute.*` event is about. */
  disputeId: string | null;
};

/** Stripe's refund states. */
export type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

export type ProviderRefund = {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  status: RefundStatus;
  /** What the refund was created with; ours carry `refundId`, the row in `refunds`. */
  metadata: Record<string, string>;
};

/**
 * Stripe's dispute states: `warning_*` (an inquiry), `needs_response`, `under_review` while open;
 * `won`, `lost` and `warning_closed` once closed.
 */
export type ProviderDispute = {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  status: string;
  reason: string;
};

export const closedDisputeStatuses: readonly string[] = ['won', 'lost', 'warning_closed'];

export type CreateRefundInput = {
  paymentIntentId: string;
  amountCents: number;
  metadata: Record<string, string>;
  /** The same key always yields the same refund (Stripe's idempotency key). */
  idempotencyKey: string;
};

export type CreatePaymentIntentInput = {
  amountCents: number;
  currency: string;
  description: string;
  metadata: { trackingNumber: string; checkoutId: string };
  /** The same key always yields the same intent (Stripe's idempotency key). */
  idempotencyKey: string;
};

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent>;
  /** Changes the amount of an intent not yet paid (the price setting changed between attempts). */
  updatePaymentIntentAmount(id: string, amountCents: number): Promise<PaymentIntent>;
  /** The intent as the provider has it now; null when the provider does not know the id. */
  retrievePaymentIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Cancels each intent that can still be canceled, so no later confirmation can charge it, and
   * answers the status of each afterwards: `canceled`, or the state that kept it from being canceled
   * (`succeeded`, `processing`). An id the provider does not know is left out of the answer.
   */
  cancelPaymentIntents(ids: readonly string[]): Promise<Map<string, PaymentIntentStatus>>;
  /**
   * Verifies a webhook's signature on the raw body (300 s tolerance) and parses it.
   * Throws `AppError('bad_request', ...)` when the signature, body or timestamp is not right.
   */
  parseWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
  /**
   * Gives back part or all of a succeeded payment. Throws `AppError('refund_exceeds_payment', ...)` when
   * the provider refuses the amount as more than remains, `AppError('payment_provider_error', ...)` for
   * any other refusal.
   */
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
  /** Every refund of the payment, however it was made (this server or the provider's dashboard). */
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  /** The dispute as the provider has it now; null when the provider does not know the id. */
  retrieveDispute(id: string): Promise<ProviderDispute | null>;
}
