import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { webhookEvents } from '../db';
import type { PaymentEvent } from '../payments';
import type { Services } from '../contracts';
import { getCheckoutByPaymentIntentId } from './get-checkout';
import { createOrderFromPayment } from './create-order-from-payment';
import { syncDispute, syncRefundsOfPayment } from '../refunds';

export type HandlePaymentWebhookOptions = {
  services: Pick<Services, 'database' | 'provider' | 'outbox' | 'env'>;
  /** The event, its signature already verified. */
  event: PaymentEvent;
  log: FastifyBaseLogger;
};

export type WebhookAnswer = { received: true; duplicate?: true };

/**
 * Makes the order of a succeeded payment when the browser never confirmed it (closed, offline).
 * The event only says which intent to look at: its state is read from the provider, so events may
 * come late, twice or out of order.
 */
async function settlePaymentIntent(services: Pick<Services, 'database' | 'provider' | 'outbox' | 'env'>, paymentIntentId: string, log: FastifyBaseLogger): Promise<void> {
  const intent = await services.provider.retrievePaymentIntent(paymentIntentId);
  if (intent?.status !== 'succeeded') return;
  const checkout = await getCheckoutByPaymentIntentId(services.database.db, intent.id);
  if (!checkout) {
    // Not one of ours (another product on the same account): nothing to do, and no retry wanted.
    log.warn({ paymentIntentId: intent.id }, 'succeeded payment intent without a checkout; ignored');
    return;
  }
  // The confirmation e-mail is queued with the order; the outbox retries it, not the provider.
  await createOrderFromPayment({ services, intent, checkout, log });
}

/**
 * `POST /api/payments/webhook`: each event id is handled once. The id is recorded first, so a
 * concurrent or later repeat is answered as a duplicate; if handling fails the record is removed
 * again, so the provider's retry is not mistaken for one.
 */
export async function handlePaymentWebhook({ services, event, log }: HandlePaymentWebhookOptions): Promise<WebhookAnswer> {
  const { db } = services.database;
  const [recorded] = await db
    .insert(webhookEvents)
    .values({ eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning();
  if (!recorded) return { received: true, duplicate: true };

  try {
    const isRefundEvent = event.type === 'charge.refunded' || event.type === 'charge.refund.updated' || event.type.startsWith('refund.');
    const isDisputeEvent = event.type.startsWith('charge.dispute.');
    if ((event.type.startsWith('payment_intent.') || isRefundEvent || isDisputeEvent) && event.paymentIntentId) {
      // A refund or dispute may overtake the payment's own event: the order is made first, if it is due.
      await settlePaymentIntent(services, event.paymentIntentId, log);
    }
    // A refund made here or in the provider's dashboard; a chargeback opened, changed or decided.
    if (isRefundEvent && event.paymentIntentId) await syncRefundsOfPayment(services, event.paymentIntentId, log);
    if (isDisputeEvent && event.disputeId) await syncDispute(services, event.disputeId, log);
  } catch (error) {
    await db.delete(webhookEvents).where(eq(webhookEvents.eventId, event.id));
    throw error;
  }
  return { received: true };
}
