import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { cancellationLinks, orders } from '../db';
import type { AppServices } from '../services';
import { AppError } from '../errors';
import { normalizeOrderStatus } from '../../shared/orders/lifecycle';
import { cancellationMessages, type CancellationView } from '../../shared/refunds/refunds';
import { findCancellationLink } from './cancellation-token';
import { cancellationViewOf, linkUnavailable, refundedCentsOf, whyCancellationClosed } from './cancellation-view';
import { refundOrder } from './refund-order';

export type CancelOrderOptions = {
  services: Pick<AppServices, 'database' | 'provider' | 'outbox' | 'env' | 'faults'>;
  token: string;
  ipAddress: string | null;
  log: FastifyBaseLogger;
  now?: Date;
};

/**
 * `POST /api/cancellations/:token`: cancels the order with a full refund, once. Under the order's
 * lock the link is spent (a conditional update, so two clicks cannot both pass) and the window and
 * status are checked again; a refund the provider refuses gives the link back.
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
      const why = whyCancellationClosed(order, found.link.expiresAt, now);
      if (normalizeOrderStatus(order.status) === 'cancelled') throw linkUnavailable();
      if (why) throw new AppError('cancellation_window_closed', why === 'expired' ? cancellationMessages.expired : cancellationMessages.inProgress);
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
  return cancellationViewOf(order, found.link.expiresAt, now, services.env.SUPPORT_EMAIL, await refundedCentsOf(db, order.id));
}
