import type { Db } from '../db/database';
import type { Env } from '../env';
import { orderConfirmationEmail } from '../email/order-confirmation-email';
import { enqueueEmail } from '../email/outbox';
import { siteOrigin, trackingUrl } from '../site-links';

export type QueueOrderConfirmationOptions = {
  env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'SUPPORT_EMAIL'>;
  order: { id: number; applicationId: string; billingEmail: string; amount: number; currency: string };
  /** The one-hour cancellation link and when it closes. */
  cancellation?: { url: string; expiresAt: Date };
};

/**
 * Queues the order's confirmation e-mail in `tx`, the transaction that creates the order, so an order
 * never exists without its e-mail on the way, and a repeated confirmation (which creates nothing)
 * queues nothing. Answers the outbox row's id.
 */
export function queueOrderConfirmation(tx: Pick<Db, 'insert'>, { env, order, cancellation }: QueueOrderConfirmationOptions): Promise<number> {
  return enqueueEmail(tx, {
    kind: 'order_confirmation',
    orderId: order.id,
    to: order.billingEmail,
    ...orderConfirmationEmail({
      trackingNumber: order.applicationId,
      amountCents: order.amount,
      currency: order.currency,
      trackingUrl: trackingUrl(siteOrigin(env), order.applicationId),
      supportEmail: env.SUPPORT_EMAIL,
      cancellation,
    }),
  });
}
