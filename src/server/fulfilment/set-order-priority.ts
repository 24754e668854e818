import { eq } from 'drizzle-orm';
import { orders, type Db } from '../db';
import { AppError } from '../errors';
import type { OrderPriority } from '#shared/orders/lifecycle.ts';
import type { StaffUser } from '#shared/staff/session.ts';
import { can, permissionRefusal } from '#shared/staff/permissions.ts';

type Order = typeof orders.$inferSelect;

export type SetOrderPriorityOptions = {
  /** The order as the save has it so far, locked in `tx`. */
  order: Order;
  actor: StaffUser;
  priority: OrderPriority;
  now: Date;
};

/**
 * Writes the order's priority, when it changed: staff who may update the order (`orders:update`) may.
 * Answers the order as saved.
 */
export async function setOrderPriority(tx: Pick<Db, 'update'>, { order, actor, priority, now }: SetOrderPriorityOptions): Promise<Order> {
  if (priority === order.priority) return order;
  if (!can(actor, 'orders:update', order)) throw new AppError('permission_denied', permissionRefusal('orders:update'));
  const [saved] = await tx.update(orders).set({ priority, updatedAt: now }).where(eq(orders.id, order.id)).returning();
  if (!saved) throw new Error(`Order ${order.id} vanished while locked`);
  return saved;
}
