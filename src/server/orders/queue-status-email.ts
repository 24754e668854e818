import type { Db, orders } from '../db';
import type { Env } from '../env';
import { queueCustomerEmail } from '../email';
import { trackingUrl } from '../http';
import { companyNameOf } from './company-name';
import { cancelledEmail, onHoldEmail } from './status-email';

type Order = typeof orders.$inferSelect;

export type QueueStatusEmailOptions = { order: Order; env: Pick<Env, 'SUPPORT_EMAIL'>; origin: string };

const detailsOf = (order: Order, { env, origin }: Omit<QueueStatusEmailOptions, 'order'>) => ({
  trackingNumber: order.applicationId,
  companyName: companyNameOf(order.formData),
  trackingUrl: trackingUrl(origin, order.applicationId),
  supportEmail: env.SUPPORT_EMAIL,
});

/** Queues in `tx` the customer's e-mail that their order is on hold, quoting the reason staff wrote for them. */
export function queueOnHoldEmail(tx: Pick<Db, 'insert'>, { order, env, origin }: QueueStatusEmailOptions): Promise<number> {
  const reason = order.holdReason ?? '';
  return queueCustomerEmail(tx, { env, kind: 'on_hold', orderId: order.id, to: order.billingEmail, message: onHoldEmail({ ...detailsOf(order, { env, origin }), reason }) });
}

/** Queues in `tx` the customer's e-mail that their order is cancelled. */
export function queueCancelledEmail(tx: Pick<Db, 'insert'>, { order, env, origin }: QueueStatusEmailOptions): Promise<number> {
  return queueCustomerEmail(tx, { env, kind: 'cancelled', orderId: order.id, to: order.billingEmail, message: cancelledEmail(detailsOf(order, { env, origin })) });
}
