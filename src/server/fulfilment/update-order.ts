import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orders, orderStatusHistory, user } from '../db';
import type { AppServices } from '../services';
import { recordAudit } from '../audit';
import { AppError } from '../errors';
import { normalizeOrderStatus } from '../../shared/orders/statuses';
import { staffRoles, type StaffUser } from '../../shared/staff/session';
import type { OrderDetailResponse, OrderUpdate } from '../../shared/fulfilment/orders';
import { staffMessages } from '../../shared/staff/staff-messages';
import { can, canSeeOrder } from '../../shared/staff/permissions';
import { queueAssigneeNotice } from '../orders';
import { openSigningRequest } from '../signing';
import { isEinEmailDue, queueEinEmail } from './send-ein-email';
import { queueStatusEmail } from './queue-status-email';

export type EinEmailOutcome = NonNullable<OrderDetailResponse['einEmail']>;

export type UpdateOrderOptions = {
  services: Pick<AppServices, 'database' | 'outbox' | 'env' | 'cipher'>;
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

type NewAssignee = { id: string; name: string; email: string; notificationEnabled: boolean };

/**
 * Saves the Order Management card in one transaction with the order row locked, so two saves at once
 * cannot both see the old status or assignee: status (with a history row and an audit row when it
 * changes), priority, notes, EIN and assignee, and the time stamps spec 02 section 4 asks for.
 * The same transaction queues the e-mails the save causes: the new assignee's notice (unless they
 * are the actor, or want none), a due EIN e-mail, and the customer's message for a status they see
 * change (decision 023): on hold with the reason written for them, cancelled, or the signing link
 * when the order enters "Awaiting User Signature" (its request is opened here too). After the
 * commit they are tried at once; the outbox retries what does not go out.
 */
export async function updateOrder({ services, orderId, actor, update, ipAddress, origin }: UpdateOrderOptions): Promise<{ einEmail: EinEmailOutcome }> {
  const { db } = services.database;
  const auditActor = { id: actor.id, email: actor.email };

  const saved = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    // Checked again under the lock: an admin may have just assigned the order to someone else.
    if (!current || !canSeeOrder(actor, current)) {
      throw new AppError('not_found', staffMessages.orderNotFound);
    }

    const assignmentChanged = update.assignedTo !== current.assignedTo;
    if (assignmentChanged && !can(actor, 'orders:assign')) throw new AppError('permission_denied', staffMessages.assignOthersAdminsOnly);

    let newAssignee: NewAssignee | null = null;
    if (assignmentChanged && update.assignedTo !== null) {
      const [found] = await tx
        .select({ id: user.id, name: user.name, email: user.email, notificationEnabled: user.notificationEnabled })
        .from(user)
        .where(and(eq(user.id, update.assignedTo), inArray(user.role, [...staffRoles]), eq(user.banned, false)));
      if (!found) throw new AppError('validation_failed', staffMessages.assigneeUnknown, { assignedTo: [staffMessages.assigneeUnknown] });
      newAssignee = found;
    }

    const now = new Date();
    const fromStatus = normalizeOrderStatus(current.status);
    const statusChanged = fromStatus !== update.status;
    // The reason is the customer's only while the order is on hold.
    const holdReason = update.status === 'on_hold' ? update.holdReason : null;
    const holdReasonChanged = update.status === 'on_hold' && holdReason !== current.holdReason;
    const [order] = await tx
      .update(orders)
      .set({
        // Stored as one of the nine, so a legacy value is replaced by what it was read as.
        status: update.status,
        priority: update.priority,
        notes: update.notes,
        holdReason,
        ein: update.ein,
        assignedTo: update.assignedTo,
        // Only the first assignment is stamped; reassigning keeps it, Unassigned clears it.
        assignedAt: update.assignedTo === null ? null : current.assignedTo === null ? now : current.assignedAt,
        completedAt: update.status === 'completed' && current.completedAt === null ? now : current.completedAt,
        // A changed EIN has not been e-mailed yet.
        ...(update.ein !== current.ein ? { einEmailedAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (!order) throw new Error(`Order ${orderId} vanished while locked`);

    const target = `order:${orderId}`;
    if (statusChanged) {
      await tx.insert(orderStatusHistory).values({ orderId, fromStatus, toStatus: update.status, changedBy: actor.id, changedAt: now });
      await recordAudit(tx, { actor: auditActor, action: 'order_status_changed', target, detail: { from: fromStatus, to: update.status }, ipAddress });
    }
    if (assignmentChanged) {
      await recordAudit(tx, {
        actor: auditActor,
        action: 'order_assignment_changed',
        target,
        detail: { from: current.assignedTo, to: update.assignedTo },
        ipAddress,
      });
    }
    // Someone who takes an order themselves needs no e-mail about it.
    const noticeId =
      newAssignee?.notificationEnabled && newAssignee.id !== actor.id
        ? await queueAssigneeNotice(tx, {
            assignee: newAssignee,
            order: { id: order.id, applicationId: order.applicationId, priority: update.priority, dueDate: order.dueDate },
            assignedBy: actor.name,
            origin,
          })
        : null;
    let einEmailId: number | null = null;
    if (isEinEmailDue(order)) {
      einEmailId = await queueEinEmail(tx, order, { origin, env: services.env });
      await tx.update(orders).set({ einEmailedAt: now }).where(eq(orders.id, orderId));
    }
    let customerEmailId: number | null = null;
    if (statusChanged && update.status === 'awaiting_user_signature') {
      // Entering "Awaiting User Signature" asks the customer to sign (decision 022).
      ({ emailId: customerEmailId } = await openSigningRequest(tx, { cipher: services.cipher, env: services.env, orderId, actor: auditActor, ipAddress, origin, now }));
    } else if (statusChanged || holdReasonChanged) {
      customerEmailId = await queueStatusEmail(tx, { order, env: services.env, origin });
    }
    return { noticeId, einEmailId, customerEmailId };
  });

  const { noticeId, einEmailId, customerEmailId } = saved;
  const outcomes = await services.outbox.deliver([einEmailId, customerEmailId, noticeId].filter((id): id is number => id !== null));
  if (einEmailId === null) return { einEmail: 'not_due' };
  return { einEmail: outcomes.get(einEmailId) === 'sent' ? 'sent' : 'failed' };
}
