import { and, eq, inArray, isNull } from 'drizzle-orm';
import { orders, user } from '#server/db/index.ts';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { StaffAction } from './staff-action';

/**
 * Removes the account (its sessions and credential go with it) and writes its audit row in one
 * transaction. The database unassigns the user's orders and leaves their comments without an
 * author; the orders also lose the time they were assigned.
 */
export async function deleteStaffUser({ database, actor, ipAddress }: StaffAction, id: string): Promise<void> {
  const { db } = database;
  if (id === actor.id) throw new AppError('bad_request', staffMessages.cannotDeleteSelf);
  const [existing] = await db.select({ email: user.email, name: user.name, role: user.role }).from(user).where(eq(user.id, id));
  if (!existing) throw new AppError('not_found', staffMessages.userNotFound);
  const assigned = await db.select({ id: orders.id }).from(orders).where(eq(orders.assignedTo, id));

  const orderIds = assigned.map((order) => order.id);
  await db.transaction(async (tx) => {
    // Sessions and credentials go with the user (foreign keys on delete cascade).
    await tx.delete(user).where(eq(user.id, id));
    if (orderIds.length > 0) {
      await tx
        .update(orders)
        .set({ assignedAt: null, updatedAt: new Date() })
        .where(and(inArray(orders.id, orderIds), isNull(orders.assignedTo)));
    }
    await recordAudit(tx, {
      actor,
      action: 'user_deleted',
      target: `user:${id}`,
      detail: { email: existing.email, name: existing.name, role: existing.role, unassignedOrders: orderIds.length },
      ipAddress,
    });
  });
}
