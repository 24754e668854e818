import { eq } from 'drizzle-orm';
import { orders, type Db } from '../db';
import type { Env } from '../env';
import { customerPageUrl, orderLocale, queueCustomerEmail } from '../email';
import { trackingUrl } from '../http';
import { companyNameOf } from './company-name';
import { einEmail } from './ein-email';
import { verificationQuestionOfApplication } from '#shared/ssn-last-four.ts';

type Order = typeof orders.$inferSelect;

/**
 * Queues the customer's EIN e-mail in `tx`, the transaction that completed the order (or corrected
 * the EIN of a completed one), with the order locked, and stamps `ein_emailed_at` in the same
 * transaction, so two saves queue it once. Answers the outbox row's id.
 */
export async function queueEinEmail(
  tx: Pick<Db, 'insert' | 'update'>,
  order: Order,
  options: { origin: string; env: Pick<Env, 'SUPPORT_EMAIL'>; now: Date; /** The IRS letter's page, when the order has one (`/ein-letter/<token>`). */ letterPath?: string },
): Promise<number> {
  // In the order's language, as are the pages it links to.
  const locale = orderLocale(order.locale);
  const id = await queueCustomerEmail(tx, {
    env: options.env,
    kind: 'ein',
    orderId: order.id,
    to: order.billingEmail,
    message: await einEmail({
      ein: order.ein ?? '',
      trackingNumber: order.applicationId,
      companyName: companyNameOf(order.formData),
      trackingUrl: trackingUrl(options.origin, order.applicationId, locale),
      letterUrl: options.letterPath ? customerPageUrl(options.origin, options.letterPath, locale) : null,
      supportEmail: options.env.SUPPORT_EMAIL,
      question: verificationQuestionOfApplication(order.formData),
      locale,
    }),
  });
  await tx.update(orders).set({ einEmailedAt: options.now }).where(eq(orders.id, order.id));
  return id;
}
