import type { Db, orders } from '../db';
import type { Env } from '../env';
import { orderLocale, queueCustomerEmail } from '../email';
import { trackingUrl } from '../http';
import { companyNameOf } from './company-name';
import { cancelledEmail, onHoldEmail } from './status-email';

type Order = typeof orders.$inferSelect;

export type QueueStatusEmailOptions = { order: Order; env: Pick<Env, 'SUPPORT_EMAIL'>; origin: string };

/** What both e-mails say of the order, in its language, with the tracking page's link in it too. */
const detailsOf = (order: Order, { env, origin }: Omit<QueueStatusEmailOptions, 'order'>) => {
  const locale = orderLocale(order.locale);
  return { trackingNumber: order.applicationId, companyName: companyNameOf(order.formData), trackingUrl: trackingUrl(origin, order.applicationId, locale), supportEmail: env.SUPPORT_EMAIL, locale };
};

/** Queues in `tx` the customer's e-mail that their order is on hold, quoting the reason staff wrote for them. */
export async function queueOnHoldEmail(tx: Pick<Db, 'insert'>, { order, env, origin }: QueueStatusEmailOptions): Promise<number> {
  const reason = order.holdReason ?? '';
  return queueCustomerEmail(tx, { env, kind: 'on_hold', orderId: order.id, to: order.billingEmail, message: await onHoldEmail({ ...detailsOf(order, { env, origin }), reason }) });
}

/** Queues in `tx` the customer's e-mail that their order is cancelled. */
export async function queueCancelledEmail(tx: Pick<Db, 'insert'>, { order, env, origin }: QueueStatusEmailOptions): Promise<number> {
  return queueCustomerEmail(tx, { env, kind: 'cancelled', orderId: order.id, to: order.billingEmail, message: await cancelledEmail(detailsOf(order, { env, origin })) });
}
