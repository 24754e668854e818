import Stripe from 'stripe';
import { AppError } from '../plugins/errors';
import type { PaymentEvent } from './provider';

/** Seconds a signed event stays acceptable (Stripe's default). */
export const webhookToleranceSeconds = 300;

/**
 * Verifies a `Stripe-Signature` header on the raw body and reduces the event to what the server
 * acts on. Every failure (no header, wrong signature, changed body, old timestamp, not JSON) is the
 * same 400, so a caller learns nothing about which part was wrong.
 */
export function verifyWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined, secret: string): PaymentEvent {
  let event: Stripe.Event;
  try {
    if (!signatureHeader) throw new Error('missing signature header');
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, webhookToleranceSeconds);
  } catch {
    throw new AppError('bad_request', 'Invalid webhook signature.');
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string') {
    throw new AppError('bad_request', 'Invalid webhook signature.');
  }
  const object = (event.data as { object?: { id?: unknown; object?: unknown } } | undefined)?.object;
  const paymentIntentId = object?.object === 'payment_intent' && typeof object.id === 'string' ? object.id : null;
  return { id: event.id, type: event.type, paymentIntentId };
}

/** The header Stripe sends for `payload`: `t=<seconds>,v1=<HMAC-SHA256>`. */
export function signWebhookPayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
