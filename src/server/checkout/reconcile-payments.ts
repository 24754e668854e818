import { and, desc, gt, inArray, isNotNull, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { checkouts, orders } from '../db';
import type { Services } from '../contracts';
import { createOrderFromPayment } from './create-order-from-payment';

export type ReconcilePaymentsOptions = {
  services: Pick<Services, 'database' | 'provider' | 'outbox' | 'env'>;
  log: FastifyBaseLogger;
  /** How far back an unpaid checkout is still asked about. */
  lookBackHours?: number;
  /** At most this many checkouts per pass (the most recently touched first). */
  limit?: number;
  /** Only these checkouts, however long ago they were touched (the purge's expired but paid ones). */
  checkoutIds?: string[];
};

export type ReconcileResult = { checked: number; created: number };

/**
 * Finds checkouts whose payment may have succeeded at the provider without the order being made (the
 * process died after the payment, the browser was closed, a webhook was lost), asks the provider
 * about each intent, and makes the order of each one that succeeded, through the same exactly-once
 * path as the confirmation and the webhook. Run at start-up and every few minutes; safe to run on
 * several instances at once.
 */
export async function reconcilePayments({ services, log, lookBackHours = 72, limit = 200, checkoutIds }: ReconcilePaymentsOptions): Promise<ReconcileResult> {
  const { db } = services.database;
  const candidates = await db
    .select()
    .from(checkouts)
    .where(
      and(
        ne(checkouts.status, 'paid'),
        isNull(checkouts.purgedAt),
        isNotNull(checkouts.paymentIntentId),
        checkoutIds ? inArray(checkouts.id, checkoutIds) : gt(checkouts.updatedAt, sql`now() - make_interval(hours => ${lookBackHours})`),
        notExists(db.select({ one: sql`1` }).from(orders).where(sql`${orders.checkoutId} = ${checkouts.id}`)),
      ),
    )
    .orderBy(desc(checkouts.updatedAt))
    .limit(limit);

  let created = 0;
  for (const checkout of candidates) {
    if (!checkout.paymentIntentId) continue;
    try {
      const intent = await services.provider.retrievePaymentIntent(checkout.paymentIntentId);
      if (intent?.status !== 'succeeded') continue;
      const result = await createOrderFromPayment({ services, intent, checkout, log });
      if (result.created) {
        created += 1;
        log.info({ orderId: result.orderId, paymentIntentId: intent.id }, 'order made by the payment reconciliation');
      }
    } catch (error) {
      // One provider error must not stop the pass; the next pass asks again.
      log.error({ checkoutId: checkout.id, err: error }, 'payment reconciliation failed for a checkout');
    }
  }
  return { checked: candidates.length, created };
}
