import { and, eq, inArray } from 'drizzle-orm';
import { orders, user, type Db } from '../db';
import { recordAudit } from '../audit';
import { AppError } from '../errors';
import { queueAssigneeNotice } from '../orders';
import { normalizeOrderPriority } from '#shared/orders/lifecycle.ts';
import type { StaffUser } from '#shared/staff/session.ts';
import { staffRoles } from '#shared/staff/roles.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { can, orderWorkingRoles } from '#shared/staff/permissions.ts';

type Order = typeof orders.$inferSelect;

export type AssignOrderOptions = {
  /** The order as the save has it so far, locked in `tx`. */
  order: Order;
  actor: StaffUser;
  /** The staff member the order is for; null for Unassigned. */
  assignedTo: string | null;
  ipAddress: string | null;
  /** `PUBLIC_URL` or the request's origin, for the link in the assignee's e-mail. */
  origin: string;
  now: Date;
};

/**
 * Gives the order to another staff member, when the assignee changed: only staff who may assign
 * (`orders:assign`) may, and only to an active member whose role works orders (not support). Stamps
 * `assigned_at` for the first assignee only (reassigning keeps it, Unassigned clears it), writes the
 * audit row, and queues the new assignee's notice unless they are the actor or want none. Answers the
 * order as saved and the notice's outbox row (null when none was queued).
 */
export async function assignOrder(tx: Pick<Db, 'select' | 'insert' | 'update'>, options: AssignOrderOptions): Promise<{ order: Order; noticeId: number | null }> {
  const { order, actor, assignedTo, ipAddress, origin, now } = options;
  if (assignedTo === order.assignedTo) return { order, noticeId: null };
  if (!can(actor, 'orders:assign')) throw new AppError('permission_denied', staffMessages.assignOthersAdminsOnly);

  const [assignee] =
    assignedTo === null
      ? []
      : await tx
          .select({ id: user.id, name: user.name, email: user.email, notificationEnabled: user.notificationEnabled, role: user.role })
          .from(user)
          .where(and(eq(user.id, assignedTo), inArray(user.role, [...staffRoles]), eq(user.banned, false)));
  if (assignedTo !== null && !assignee) throw new AppError('validation_failed', staffMessages.assigneeUnknown, { assignedTo: [staffMessages.assigneeUnknown] });
  // A member who may not work orders (support) cannot be given one.
  if (assignee && !(orderWorkingRoles as readonly string[]).includes(assignee.role ?? '')) {
    throw new AppError('validation_failed', staffMessages.assigneeDoesNotWorkOrders, { assignedTo: [staffMessages.assigneeDoesNotWorkOrders] });
  }

  const [saved] = await tx
    .update(orders)
    .set({ assignedTo, assignedAt: assignedTo === null ? null : order.assignedTo === null ? now : order.assignedAt, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  if (!saved) throw new Error(`Order ${order.id} vanished while locked`);
  await recordAudit(tx, {
    actor: { id: actor.id, email: actor.email },
    action: 'order_assignment_changed',
    target: `order:${order.id}`,
    detail: { from: order.assignedTo, to: assignedTo },
    ipAddress,
  });
  // Someone who takes an order themselves needs no e-mail about it.
  const noticeId =
    assignee?.notificationEnabled && assignee.id !== actor.id
      ? await queueAssigneeNotice(tx, {
          assignee,
          order: { id: saved.id, applicationId: saved.applicationId, priority: normalizeOrderPriority(saved.priority), dueDate: saved.dueDate },
          assignedBy: actor.name,
          origin,
        })
      : null;
  return { order: saved, noticeId };
}
