import { eq } from 'drizzle-orm';
import { orders, type Db } from '../db';
import { AppError } from '../errors';
import type { StaffUser } from '#shared/staff/session.ts';
import { can, permissionRefusal } from '#shared/staff/permissions.ts';

type Order = typeof orders.$inferSelect;

export type SetOrderNotesOptions = {
  /** The order as the save has it so far, locked in `tx`. */
  order: Order;
  actor: StaffUser;
  /** The internal notes, as staff wrote them. */
  notes: string;
  now: Date;
};

/**
 * Writes the order's internal notes, when they changed: staff who may update the order (`orders:update`)
 * may. Answers the order as saved.
 */
export async function setOrderNotes(tx: Pick<Db, 'update'>, { order, actor, notes, now }: SetOrderNotesOptions): Promise<Order> {
  if (notes === order.notes) return order;
  if (!can(actor, 'orders:update', order)) throw new AppError('permission_denied', permissionRefusal('orders:update'));
  const [saved] = await tx.update(orders).set({ notes, updatedAt: now }).where(eq(orders.id, order.id)).returning();
  if (!saved) throw new Error(`Order ${order.id} vanished while locked`);
  return saved;
}
