import { and, eq, inArray, isNull } from 'drizzle-orm';
import { orders, user } from '../../db/schema';
import { recordAudit } from '../../audit/audit-log';
import { AppError } from '../../plugins/errors';
import { staffMessages } from '../../../shared/staff/staff-messages';
import { withAuthErrors } from './auth-errors';
import type { StaffAction } from './staff-action';

/**
 * Removes the account through Better Auth (its sessions, its credential, the user). The database
 * then unassigns the user's orders and leaves their comments without an author; the orders also
 * lose the time they were assigned.
 */
export async function deleteStaffUser({ auth, database, headers, actor, ipAddress }: StaffAction, id: string): Promise<void> {
  const { db } = database;
  if (id === actor.id) throw new AppError('bad_request', staffMessages.cannotDeleteSelf);
  const [existing] = await db.select({ email: user.email, name: user.name, role: user.role }).from(user).where(eq(user.id, id));
  if (!existing) throw new AppError('not_found', staffMessages.userNotFound);
  const assigned = await db.select({ id: orders.id }).from(orders).where(eq(orders.assignedTo, id));

  await withAuthErrors(staffMessages.deleteAdminFailed, () => auth.api.removeUser({ headers, body: { userId: id } }));

  const orderIds = assigned.map((order) => order.id);
  await db.transaction(async (tx) => {
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
