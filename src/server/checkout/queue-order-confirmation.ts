import type { Db, orders } from '../db';
import type { Env } from '../env';
import { orderConfirmationEmail } from './order-confirmation-email';
import { queueCustomerEmail } from '../email';
import { siteOrigin, trackingUrl } from '../http';
import { paymentMethodName } from '#shared/orders/payment-methods.ts';
import { companyNameOf, customerTimeZoneOf } from '../orders';
import { filingRouteOf } from '../filing';

export type QueueOrderConfirmationOptions = {
  env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'SUPPORT_EMAIL'>;
  order: Pick<
    typeof orders.$inferSelect,
    'id' | 'applicationId' | 'billingEmail' | 'amount' | 'currency' | 'paymentMethod' | 'paymentIntentId' | 'createDate' | 'formData'
  >;
  /** The one-hour cancellation link and when it closes. */
  cancellation?: { url: string; expiresAt: Date };
};

/**
 * Queues the order's confirmation e-mail, with its receipt, in `tx`, the transaction that creates
 * the order, so an order never exists without its e-mail on the way, and a repeated confirmation
 * (which creates nothing) queues nothing. Answers the outbox row's id.
 */
export function queueOrderConfirmation(tx: Pick<Db, 'insert'>, { env, order, cancellation }: QueueOrderConfirmationOptions): Promise<number> {
  return queueCustomerEmail(tx, {
    env,
    kind: 'order_confirmation',
    orderId: order.id,
    to: order.billingEmail,
    message: orderConfirmationEmail({
      trackingNumber: order.applicationId,
      amountCents: order.amount,
      currency: order.currency,
      paidAt: order.createDate,
      paymentMethod: paymentMethodName(order.paymentMethod),
      paymentReference: order.paymentIntentId,
      companyName: companyNameOf(order.formData),
      trackingUrl: trackingUrl(siteOrigin(env), order.applicationId),
      supportEmail: env.SUPPORT_EMAIL,
      cancellation,
      timeZone: customerTimeZoneOf(order.formData),
      filingRoute: filingRouteOf(order.formData),
    }),
  });
}
