import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orders } from '../db';
import type { Services as PlatformServices } from '../contracts';
import { applyProviderRefunds } from './apply-provider-refunds';

// As with payments, a refund event only says what to look at: the refunds are read from the
// provider, so events may come late, twice or out of order and the order ends the same.

type Services = Pick<PlatformServices, 'database' | 'provider' | 'outbox' | 'env'>;

/** `charge.refunded` (and the test processor's): the payment's refunds as the provider has them now. */
export async function syncRefundsOfPayment(services: Services, paymentIntentId: string, log: FastifyBaseLogger): Promise<void> {
  const { db } = services.database;
  const [known] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
  if (!known) {
    log.warn({ paymentIntentId }, 'refund event for a payment without an order; ignored');
    return;
  }
  const providerRefunds = await services.provider.listRefunds(paymentIntentId);
  const emailIds = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, known.id)).for('update');
    if (!order) return [];
    return applyProviderRefunds(tx, { order, providerRefunds, env: services.env, actor: null, ipAddress: null });
  });
  await services.outbox.deliver(emailIds);
}
