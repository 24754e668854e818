import type { Db, orders } from '../db';
import type { Env } from '../env';
import { orderConfirmationEmail } from './order-confirmation-email';
import { orderLocale, queueCustomerEmail, urlInLocale } from '../email';
import { siteOrigin, trackingUrl } from '../http';
import { companyNameOf, customerTimeZoneOf } from '../orders';
import { filingRouteOf } from '../filing';

export type QueueOrderConfirmationOptions = {
  env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'SUPPORT_EMAIL'>;
  order: Pick<
    typeof orders.$inferSelect,
    'id' | 'applicationId' | 'billingEmail' | 'amount' | 'currency' | 'paymentMethod' | 'paymentIntentId' | 'createDate' | 'formData' | 'locale'
  >;
  /** The one-hour cancellation link (in English: it is put in the order's language here) and when it closes. */
  cancellation?: { url: string; expiresAt: Date };
};

/**
 * Queues the order's confirmation e-mail, with its receipt, in `tx`, the transaction that creates
 * the order, so an order never exists without its e-mail on the way, and a repeated confirmation
 * (which creates nothing) queues nothing. It speaks the order's language, as do its links. Answers the
 * outbox row's id.
 */
export async function queueOrderConfirmation(tx: Pick<Db, 'insert'>, { env, order, cancellation }: QueueOrderConfirmationOptions): Promise<number> {
  const locale = orderLocale(order.locale);
  const origin = siteOrigin(env);
  return queueCustomerEmail(tx, {
    env,
    kind: 'order_confirmation',
    orderId: order.id,
    to: order.billingEmail,
    message: await orderConfirmationEmail({
      trackingNumber: order.applicationId,
      amountCents: order.amount,
      currency: order.currency,
      paidAt: order.createDate,
      paymentMethod: order.paymentMethod,
      paymentReference: order.paymentIntentId,
      companyName: companyNameOf(order.formData),
      trackingUrl: trackingUrl(origin, order.applicationId, locale),
      supportEmail: env.SUPPORT_EMAIL,
      cancellation: cancellation && { ...cancellation, url: urlInLocale(cancellation.url, locale) },
      timeZone: customerTimeZoneOf(order.formData),
      filingRoute: filingRouteOf(order.formData),
      locale,
    }),
  });
}
