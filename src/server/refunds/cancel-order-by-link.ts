import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { cancellationLinks, orders } from '../db';
import type { Services } from '../contracts';
import { normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import type { CancellationView } from '#shared/refunds/refunds.ts';
import { findCancellationLink } from './cancellation-token';
import { cancellationRefused, cancellationViewOf, linkUnavailable, whyCancellationClosed } from './cancellation-view';
import { refundOrder } from './refund-order';

export type CancelOrderOptions = {
  services: Pick<Services, 'database' | 'provider' | 'outbox' | 'env' | 'faults'>;
  token: string;
  ipAddress: string | null;
  log: FastifyBaseLogger;
  now?: Date;
};

/**
 * `POST /api/cancellations/:token`: cancels the order with a full refund, once. Under the order's
 * lock the link is spent (a conditional update, so two clicks cannot both pass) and the rule
 * (`whyNotCancellable`: the hour, not yet submitted to the IRS) is checked again; a refund the provider refuses gives the link back.
 */
export async function cancelOrderByLink({ services, token, ipAddress, log, now = new Date() }: CancelOrderOptions): Promise<CancellationView> {
  const { db } = services.database;
  const found = await findCancellationLink(db, token);
  if (!found) throw linkUnavailable();
  const linkId = found.link.id;

  await refundOrder({
    services,
    orderId: found.order.id,
    amountCents: null,
    reason: 'customer_cancellation',
    note: '',
    source: 'customer',
    actor: null,
    ipAddress,
    log,
    async whileLocked(tx, order) {
      if (normalizeOrderStatus(order.status) === 'cancelled') throw linkUnavailable();
      const why = await whyCancellationClosed(tx, order, found.link.expiresAt, now);
      if (why) throw cancellationRefused(why);
      const [spent] = await tx
        .update(cancellationLinks)
        .set({ usedAt: now })
        .where(and(eq(cancellationLinks.id, linkId), isNull(cancellationLinks.usedAt), gt(cancellationLinks.expiresAt, now)))
        .returning();
      if (!spent) throw linkUnavailable();
    },
    async onRefused(tx) {
      await tx.update(cancellationLinks).set({ usedAt: null }).where(eq(cancellationLinks.id, linkId));
    },
  });

  const [order] = await db.select().from(orders).where(eq(orders.id, found.order.id));
  if (!order) throw new Error(`Order ${found.order.id} vanished after its cancellation`);
  return cancellationViewOf(db, order, found.link.expiresAt, now, services.env.SUPPORT_EMAIL);
}
