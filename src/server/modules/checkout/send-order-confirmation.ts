import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orders } from '../../db/schema';
import type { Env } from '../../env';
import type { AppServices } from '../../services';
import { orderConfirmationEmail } from '../../email/order-confirmation-email';
import { trackingPagePath } from '../../../shared/public-paths';

export type SendOrderConfirmationOptions = {
  services: Pick<AppServices, 'database' | 'mailer' | 'env'>;
  orderId: number;
  log: FastifyBaseLogger;
};

/** `sent` by this call; `claimed` already (sent before, or being sent by a concurrent call); or `failed`. */
export type ConfirmationOutcome = 'sent' | 'claimed' | 'failed';

/** The customer's tracking page with the number filled in. */
export function trackingPageUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, trackingNumber: string): string {
  const origin = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return `${origin}${trackingPagePath}?number=${encodeURIComponent(trackingNumber)}`;
}

/**
 * Sends the order's confirmation e-mail unless it has been sent. The claim is one conditional
 * update, so of any number of concurrent callers exactly one sends; a failed send gives the claim
 * back, so the next confirmation or webhook for the payment tries again.
 */
export async function sendOrderConfirmation({ services, orderId, log }: SendOrderConfirmationOptions): Promise<ConfirmationOutcome> {
  const { db } = services.database;
  const [order] = await db
    .update(orders)
    .set({ confirmationEmailSentAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.confirmationEmailSentAt)))
    .returning();
  if (!order) return 'claimed';

  const message = orderConfirmationEmail({
    trackingNumber: order.applicationId,
    amountCents: order.amount,
    currency: order.currency,
    trackingUrl: trackingPageUrl(services.env, order.applicationId),
    supportEmail: services.env.SUPPORT_EMAIL,
  });
  try {
    await services.mailer.send({ to: order.billingEmail, ...message });
    return 'sent';
  } catch (error) {
    await db.update(orders).set({ confirmationEmailSentAt: null }).where(eq(orders.id, orderId));
    // A mail server's message may quote the address, so only the order id and the error code are logged.
    log.error({ orderId, code: (error as { code?: unknown } | null)?.code }, 'order confirmation e-mail not sent; it will be retried');
    return 'failed';
  }
}
