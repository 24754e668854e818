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
  /** The payment intent the event is about, when it is about one. */
  paymentIntentId: string | null;
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
}
