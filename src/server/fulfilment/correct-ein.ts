import { eq } from 'drizzle-orm';
import { orders, type Db } from '../db';
import type { Env } from '../env';
import { AppError } from '../errors';
import { applyStatusEffect } from '../orders';
import { normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import type { StaffUser } from '#shared/staff/session.ts';
import { can, permissionRefusal } from '#shared/staff/permissions.ts';

type Order = typeof orders.$inferSelect;

export type CorrectEinOptions = {
  /** The order as the save has it so far, locked in `tx`. */
  order: Order;
  actor: StaffUser;
  /** `XX-XXXXXXX`, or null to clear it. */
  ein: string | null;
  env: Pick<Env, 'SUPPORT_EMAIL'>;
  /** `PUBLIC_URL` or the request's origin, for the links in the e-mail. */
  origin: string;
  ipAddress: string | null;
  now: Date;
};

/**
 * Records or corrects the EIN staff typed, when it changed: staff who may record one
 * (`orders:record-ein`) may. A changed EIN has not been e-mailed yet: completing the order sends it,
 * and on an order completed already the corrected EIN is e-mailed at once (the lifecycle's EIN
 * e-mail). Answers the order as saved and the EIN e-mail's outbox row (null when none was queued).
 */
export async function correctEin(tx: Pick<Db, 'select' | 'insert' | 'update'>, options: CorrectEinOptions): Promise<{ order: Order; einEmailId: number | null }> {
  const { order, actor, ein, env, origin, ipAddress, now } = options;
  if (ein === order.ein) return { order, einEmailId: null };
  if (!can(actor, 'orders:record-ein', order)) throw new AppError('permission_denied', permissionRefusal('orders:record-ein'));
  const [saved] = await tx.update(orders).set({ ein, einEmailedAt: null, updatedAt: now }).where(eq(orders.id, order.id)).returning();
  if (!saved) throw new Error(`Order ${order.id} vanished while locked`);
  if (normalizeOrderStatus(saved.status) !== 'completed') return { order: saved, einEmailId: null };
  const sent = await applyStatusEffect(tx, 'ein', { order: saved, actor, ipAddress, env, origin, now });
  return { order: sent.order ?? saved, einEmailId: sent.emailId };
}
