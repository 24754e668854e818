import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orders, user } from '../db';
import type { AppServices } from '../services';
import { recordAudit } from '../audit';
import { AppError } from '../errors';
import { applyStatusEffect, changeOrderStatus, changeStatusReason, queueAssigneeNotice, storeStatusAsRead } from '../orders';
import { asksForReason, normalizeOrderStatus } from '../../shared/orders/lifecycle';
import { staffRoles, type StaffUser } from '../../shared/staff/session';
import type { OrderDetailResponse, OrderUpdate } from '../../shared/fulfilment/orders';
import { staffMessages } from '../../shared/staff/staff-messages';
import { can, canSeeOrder, orderWorkingRoles, permissionRefusal, type Permission } from '../../shared/staff/permissions';

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
 * cannot both see the old status or assignee. The save must be based on the order as stored now
 * (`update.version`): one made on a page someone else has changed since is refused (409
 * `order_changed`), so nobody's change is written over one they did not see. Priority, notes, EIN and
 * assignee are written with the time stamps spec 02 section 4 asks for; a new status goes through the
 * lifecycle (`changeOrderStatus`), which writes its history and audit rows and the effect of the
 * customer's e-mail (the signing request for "Awaiting User Signature"). The same transaction queues
 * the new assignee's notice (unless they are the actor, or want none), the hold's new reason, and the
 * EIN e-mail of a corrected EIN. After the commit they are tried at once; the outbox retries what does not go out.
 */
export async function updateOrder({ services, orderId, actor, update, ipAddress, origin }: UpdateOrderOptions): Promise<{ einEmail: EinEmailOutcome }> {
  const { db } = services.database;
  const { env } = services;
  const auditActor = { id: actor.id, email: actor.email };

  const saved = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    // Checked again under the lock: an admin may have just assigned the order to someone else.
    if (!current || !canSeeOrder(actor, current)) {
      throw new AppError('not_found', staffMessages.orderNotFound);
    }
    if (current.version !== update.version) throw new AppError('order_changed', staffMessages.orderChanged);

    const assignmentChanged = update.assignedTo !== current.assignedTo;
    if (assignmentChanged && !can(actor, 'orders:assign')) throw new AppError('permission_denied', staffMessages.assignOthersAdminsOnly);
    // The route let in whoever may update the order (its priority and notes); a new status, hold reason or EIN asks for its own permission.
    const fromStatusNow = normalizeOrderStatus(current.status);
    const reasonChanged = asksForReason(fromStatusNow) && update.holdReason !== null && update.holdReason !== current.holdReason;
    const asked: Permission[] = [
      ...(fromStatusNow !== update.status || reasonChanged ? (['orders:change-status'] as const) : []),
      ...(update.ein !== current.ein ? (['orders:record-ein'] as const) : []),
    ];
    const missing = asked.find((permission) => !can(actor, permission, current));
    if (missing) throw new AppError('permission_denied', permissionRefusal(missing));

    let newAssignee: NewAssignee | null = null;
    if (assignmentChanged && update.assignedTo !== null) {
      const [found] = await tx
        .select({ id: user.id, name: user.name, email: user.email, notificationEnabled: user.notificationEnabled, role: user.role })
        .from(user)
        .where(and(eq(user.id, update.assignedTo), inArray(user.role, [...staffRoles]), eq(user.banned, false)));
      if (!found) throw new AppError('validation_failed', staffMessages.assigneeUnknown, { assignedTo: [staffMessages.assigneeUnknown] });
      // A member who may not work orders (support) cannot be given one.
      if (!(orderWorkingRoles as readonly string[]).includes(found.role ?? '')) {
        throw new AppError('validation_failed', staffMessages.assigneeDoesNotWorkOrders, { assignedTo: [staffMessages.assigneeDoesNotWorkOrders] });
      }
      newAssignee = found;
    }

    const now = new Date();
    const fromStatus = normalizeOrderStatus(current.status);
    const statusChanged = fromStatus !== update.status;
    const einChanged = update.ein !== current.ein;
    const [order] = await tx
      .update(orders)
      .set({
        priority: update.priority,
        notes: update.notes,
        ein: update.ein,
        assignedTo: update.assignedTo,
        // Only the first assignment is stamped; reassigning keeps it, Unassigned clears it.
        assignedAt: update.assignedTo === null ? null : current.assignedTo === null ? now : current.assignedAt,
        // A changed EIN has not been e-mailed yet.
        ...(einChanged ? { einEmailedAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (!order) throw new Error(`Order ${orderId} vanished while locked`);

    const target = `order:${orderId}`;
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

    const customerEmailIds: number[] = [];
    let einEmailId: number | null = null;
    if (!statusChanged) await storeStatusAsRead(tx, current);
    if (statusChanged) {
      const changed = await changeOrderStatus(tx, { orderId, to: update.status, by: 'staff', actor, reason: update.holdReason, signing: { cipher: services.cipher, env }, ipAddress, env, origin, now });
      if (changed.emailKind === 'ein') einEmailId = changed.emailIds[0] ?? null;
      else customerEmailIds.push(...changed.emailIds);
    } else if (reasonChanged && update.holdReason !== null) {
      // A new reason for a hold is the customer's to read too.
      customerEmailIds.push(...(await changeStatusReason(tx, { orderId, reason: update.holdReason, actor, env, origin, ipAddress, now })).emailIds);
    } else if (fromStatus === 'completed' && einChanged && order.ein !== null) {
      // A corrected EIN is sent again.
      einEmailId = (await applyStatusEffect(tx, 'ein', { order, actor, ipAddress, env, origin, now })).emailId;
    }
    return { noticeId, einEmailId, customerEmailIds };
  });

  const { noticeId, einEmailId, customerEmailIds } = saved;
  const outcomes = await services.outbox.deliver([...(einEmailId === null ? [] : [einEmailId]), ...customerEmailIds, ...(noticeId === null ? [] : [noticeId])]);
  if (einEmailId === null) return { einEmail: 'not_due' };
  return { einEmail: outcomes.get(einEmailId) === 'sent' ? 'sent' : 'failed' };
}
