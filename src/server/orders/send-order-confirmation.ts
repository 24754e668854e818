import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from '../services';
import { orderConfirmationEmail } from '../email/order-confirmation-email';
import { sendOnce, type SendOnceOutcome } from '../email/send-once';
import { siteOrigin, trackingUrl } from '../site-links';

export type SendOrderConfirmationOptions = {
  services: Pick<AppServices, 'database' | 'mailer' | 'env'>;
  orderId: number;
  log: FastifyBaseLogger;
};

/** `sent` by this call; `claimed` already (sent before, or being sent by a concurrent call); or `failed`. */
export type ConfirmationOutcome = SendOnceOutcome;

/**
 * Sends the order's confirmation e-mail unless it has been sent; a failed send is tried again by the
 * next confirmation or webhook for the payment.
 */
export async function sendOrderConfirmation({ services, orderId, log }: SendOrderConfirmationOptions): Promise<ConfirmationOutcome> {
  return sendOnce({
    db: services.database.db,
    mailer: services.mailer,
    orderId,
    stamp: 'confirmationEmailSentAt',
    name: 'order confirmation',
    log,
    compose: (order) => ({
      to: order.billingEmail,
      ...orderConfirmationEmail({
        trackingNumber: order.applicationId,
        amountCents: order.amount,
        currency: order.currency,
        trackingUrl: trackingUrl(siteOrigin(services.env), order.applicationId),
        supportEmail: services.env.SUPPORT_EMAIL,
      }),
    }),
  });
}
