import type { Db, orders } from '../db';
import type { Env } from '../env';
import { queueCustomerEmail } from '../email';
import { cancelledEmail, onHoldEmail, companyNameOf } from '../orders';
import { trackingUrl } from '../http';
import { normalizeOrderStatus } from '../../shared/orders/statuses';

type Order = typeof orders.$inferSelect;

export type QueueStatusEmailOptions = { order: Order; env: Pick<Env, 'SUPPORT_EMAIL'>; origin: string };

/**
 * Queues in `tx` the customer's e-mail for the status the order has just been saved in, when that
 * status has one of its own here: on hold (with the reason written for the customer) and cancelled.
 * The other customer-visible statuses have theirs elsewhere in the same save: the signing link
 * (`openSigningRequest`) and the EIN (`queueEinEmail`). Answers the outbox row's id, or null.
 */
export async function queueStatusEmail(tx: Pick<Db, 'insert'>, { order, env, origin }: QueueStatusEmailOptions): Promise<number | null> {
  const details = {
    trackingNumber: order.applicationId,
    companyName: companyNameOf(order.formData),
    trackingUrl: trackingUrl(origin, order.applicationId),
    supportEmail: env.SUPPORT_EMAIL,
  };
  const status = normalizeOrderStatus(order.status);
  const base = { env, orderId: order.id, to: order.billingEmail };
  if (status === 'on_hold' && order.holdReason) {
    return queueCustomerEmail(tx, { ...base, kind: 'on_hold', message: onHoldEmail({ ...details, reason: order.holdReason }) });
  }
  if (status === 'cancelled') {
    return queueCustomerEmail(tx, { ...base, kind: 'cancelled', message: cancelledEmail(details) });
  }
  return null;
}
