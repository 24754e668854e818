import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orders } from '../db';
import type { Services } from '../contracts';
import { AppError } from '../errors';
import type { StaffUser } from '#shared/staff/session.ts';
import type { OrderDetailResponse, OrderUpdate } from '#shared/fulfilment/orders.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { canSeeOrder } from '#shared/staff/permissions.ts';
import { assignOrder } from './assign-order';
import { correctEin } from './correct-ein';
import { setOrderNotes } from './set-order-notes';
import { setOrderPriority } from './set-order-priority';
import { setOrderStatus } from './set-order-status';

export type EinEmailOutcome = NonNullable<OrderDetailResponse['einEmail']>;

export type UpdateOrderOptions = {
  services: Pick<Services, 'database' | 'outbox' | 'env' | 'cipher'>;
  orderId: number;
  /** The staff member saving; the caller has checked they may see the order. */
  actor: StaffUser;
  /** Parsed with `orderUpdateSchema`. */
  update: OrderUpdate;
  ipAddress: string | null;
  /** `PUBLIC_URL` or the request's origin, for the links in the e-mails. */
  origin: string;
  log: FastifyBaseLogger;
};

/**
 * Saves the Order Management card in one transaction with the order row locked, so two saves at once
 * cannot both see the old status or assignee. The save must be based on the order as stored now
 * (`update.version`): one made on a page someone else has changed since is refused (409
 * `order_changed`), so nobody's change is written over one they did not see. Each field is its own
 * verb, which checks its own permission and writes only a change: the priority, the notes, the EIN
 * (a corrected one on a completed order e-mailed again), the assignee (with the new assignee's
 * notice), then the status and its reason through the lifecycle, whose effects queue the customer's
 * e-mail. After the commit the e-mails are tried at once; the outbox retries what does not go out.
 */
export async function updateOrder({ services, orderId, actor, update, ipAddress, origin }: UpdateOrderOptions): Promise<{ einEmail: EinEmailOutcome }> {
  const { db } = services.database;
  const { env } = services;

  const saved = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    // Checked again under the lock: an admin may have just assigned the order to someone else.
    if (!current || !canSeeOrder(actor, current)) {
      throw new AppError('not_found', staffMessages.orderNotFound);
    }
    if (current.version !== update.version) throw new AppError('order_changed', staffMessages.orderChanged);

    const now = new Date();
    // A save is stamped even when it changes nothing, so the page it answers is of a new version.
    const [stamped] = await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId)).returning();
    let order = stamped ?? current;
    const assigned = await assignOrder(tx, { order, actor, assignedTo: update.assignedTo, ipAddress, origin, now });
    order = await setOrderPriority(tx, { order: assigned.order, actor, priority: update.priority, now });
    order = await setOrderNotes(tx, { order, actor, notes: update.notes, now });
    const corrected = await correctEin(tx, { order, actor, ein: update.ein, env, origin, ipAddress, now });
    const changed = await setOrderStatus(tx, { order: corrected.order, actor, status: update.status, reason: update.holdReason, services, ipAddress, origin, now });
    const statusEinEmailId = changed.emailKind === 'ein' ? (changed.emailIds[0] ?? null) : null;
    return {
      noticeId: assigned.noticeId,
      einEmailId: corrected.einEmailId ?? statusEinEmailId,
      customerEmailIds: changed.emailKind === 'ein' ? [] : changed.emailIds,
    };
  });

  const { noticeId, einEmailId, customerEmailIds } = saved;
  const outcomes = await services.outbox.deliver([...(einEmailId === null ? [] : [einEmailId]), ...customerEmailIds, ...(noticeId === null ? [] : [noticeId])]);
  if (einEmailId === null) return { einEmail: 'not_due' };
  return { einEmail: outcomes.get(einEmailId) === 'sent' ? 'sent' : 'failed' };
}
