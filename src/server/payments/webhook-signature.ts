import Stripe from 'stripe';
import { AppError } from '../errors';
import type { PaymentEvent } from './provider';

/** Seconds a signed event stays acceptable (Stripe's default). */
export const webhookToleranceSeconds = 300;

/** Whether the header's `t=` timestamp is within the tolerance of `now`, before or after. */
export function isTimely(signatureHeader: string, now: number): boolean {
  const stamps = signatureHeader
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('t='))
    .map((part) => part.slice(2));
  if (stamps.length !== 1 || !/^\d{1,12}$/.test(stamps[0]!)) return false;
  return Math.abs(now / 1000 - Number(stamps[0])) <= webhookToleranceSeconds;
}

/**
 * Verifies a `Stripe-Signature` header on the raw body and reduces the event to what the server
 * acts on. Every failure (no header, wrong signature, changed body, a timestamp more than five
 * minutes old or ahead, not JSON) is the
 * same 400, so a caller learns nothing about which part was wrong.
 */
export function verifyWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined, secret: string): PaymentEvent {
  let event: Stripe.Event;
  try {
    if (!signatureHeader) throw new Error('missing signature header');
    // Stripe's check refuses only old events; one dated in the future is refused here too.
    if (!isTimely(signatureHeader, Date.now())) throw new Error('timestamp outside the tolerance');
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, webhookToleranceSeconds);
  } catch {
    throw new AppError('bad_request', 'Invalid webhook signature.');
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string') {
    throw new AppError('bad_request', 'Invalid webhook signature.');
  }
  const object = (event.data as { object?: { id?: unknown; object?: unknown; payment_intent?: unknown } } | undefined)?.object;
  const intentOf = (value: unknown) => (typeof value === 'string' ? value : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : null);
  // Charges, refunds and disputes name their payment intent; only the intent's id is taken from the body.
  const paymentIntentId =
    object?.object === 'payment_intent'
      ? intentOf(object.id)
      : object?.object === 'charge' || object?.object === 'refund' || object?.object === 'dispute'
        ? intentOf(object.payment_intent)
        : null;
  const disputeId = object?.object === 'dispute' && typeof object.id === 'string' ? object.id : null;
  return { id: event.id, type: event.type, paymentIntentId, disputeId };
}

/** The header Stripe sends for `payload`: `t=<seconds>,v1=<HMAC-SHA256>`. */
export function signWebhookPayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
