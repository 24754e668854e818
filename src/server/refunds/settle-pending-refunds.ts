import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orders, refunds } from '../db';
import type { Services } from '../contracts';
import { AppError } from '../errors';
import { applyProviderRefunds } from './apply-provider-refunds';
import { submitRefund } from './refund-order';

/** Orders looked at in one run; the next run takes the rest. */
const ordersPerRun = 50;

export type SettlePendingRefundsOptions = {
  services: Pick<Services, 'database' | 'provider' | 'outbox' | 'env' | 'faults'>;
  log: FastifyBaseLogger;
  now?: Date;
};

export type SettlePendingRefundsResult = {
  /** Orders whose pending refunds were looked at. */
  orders: number;
  /** Refunds the provider had never received, asked for now. */
  submitted: number;
};

/**
 * Settles refunds left pending (decision 030): recorded, but the provider's answer never came back,
 * because the call got no answer or the process stopped between recording the refund and asking for
 * it. For each order holding one, recorded more than `REFUND_RETRY_AFTER_SECONDS` ago:
 * 1. The provider's refunds of the payment are read and applied, as its events would be: a refund the
 *    provider made (its answer lost) takes its state, and is never asked for again.
 * 2. A refund still pending with no provider refund was never received: it is asked for now, with its
 *    own idempotency key, and the answer applied as `refundOrder` applies it. A refusal marks it failed.
 * Safe to run on several instances at once: the provider refunds once per key, and each answer is
 * applied with the order locked.
 */
export async function settlePendingRefunds({ services, log, now = new Date() }: SettlePendingRefundsOptions): Promise<SettlePendingRefundsResult> {
  const { db } = services.database;
  // Younger, a refund's provider call may still be under way: it is left alone.
  const cutoff = new Date(now.getTime() - services.env.REFUND_RETRY_AFTER_SECONDS * 1000);
  const stale = await db
    .selectDistinct({ orderId: refunds.orderId })
    .from(refunds)
    // With a provider id, the provider answered: its refund events settle the row.
    .where(and(eq(refunds.state, 'pending'), isNull(refunds.providerRefundId), lt(refunds.updatedAt, cutoff)))
    .orderBy(asc(refunds.orderId))
    .limit(ordersPerRun);

  let submitted = 0;
  for (const { orderId } of stale) {
    try {
      const [order] = await db.select({ paymentIntentId: orders.paymentIntentId }).from(orders).where(eq(orders.id, orderId));
      if (!order) continue;
      const providerRefunds = await services.provider.listRefunds(order.paymentIntentId);
      const emailIds = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        return locked ? applyProviderRefunds(tx, { order: locked, providerRefunds, env: services.env, actor: null, ipAddress: null }) : [];
      });
      await services.outbox.deliver(emailIds);

      const unsent = await db
        .select()
        .from(refunds)
        .where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'pending'), isNull(refunds.providerRefundId), lt(refunds.updatedAt, cutoff)));
      const known = new Set(providerRefunds.map((refund) => refund.metadata.refundId));
      for (const refund of unsent.filter((row) => !known.has(String(row.id)))) {
        log.warn({ orderId, refundId: refund.id }, 'refund left pending without a provider refund; asking the provider again');
        submitted += 1;
        await submitRefund({ services, refund, orderId, paymentIntentId: order.paymentIntentId, actor: null, ipAddress: null, log }).catch((error: unknown) => {
          // Refused (now marked failed) or still no answer (still pending, for the next run).
          if (!(error instanceof AppError)) throw error;
          log.warn({ orderId, refundId: refund.id, code: error.code }, 'pending refund not settled');
        });
      }
    } catch (error) {
      log.error({ err: error, orderId }, 'settling the pending refunds of an order failed');
    }
  }
  return { orders: stale.length, submitted };
}

