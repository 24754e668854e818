import type { Db, orders } from '../db';
import type { Env } from '../env';
import { einEmail, companyNameOf } from '../orders';
import { queueCustomerEmail } from '../email';
import { trackingUrl } from '../http';

type Order = typeof orders.$inferSelect;


/** Whether the order, as just saved, is owed its EIN e-mail: completed, with an EIN not yet queued. */
export function isEinEmailDue(order: Pick<Order, 'status' | 'ein' | 'einEmailedAt'>): boolean {
  return order.status === 'completed' && order.ein !== null && order.einEmailedAt === null;
}

/**
 * Queues the customer's EIN e-mail in `tx`, the transaction that saves the order (locked), for an
 * order `isEinEmailDue` holds for; the caller then stamps `ein_emailed_at` in the same transaction,
 * so two saves queue it once. Changing the EIN clears the stamp, so the new EIN is sent.
 */
export function queueEinEmail(tx: Pick<Db, 'insert'>, order: Order, options: { origin: string; env: Pick<Env, 'SUPPORT_EMAIL'> }): Promise<number> {
  return queueCustomerEmail(tx, {
    env: options.env,
    kind: 'ein',
    orderId: order.id,
    to: order.billingEmail,
    message: einEmail({
      ein: order.ein ?? '',
      trackingNumber: order.applicationId,
      companyName: companyNameOf(order.formData),
      trackingUrl: trackingUrl(options.origin, order.applicationId),
      supportEmail: options.env.SUPPORT_EMAIL,
    }),
  });
}
