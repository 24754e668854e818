import type { orders, Db } from '../db';
import type { Env } from '../env';
import type { FieldCipher } from '../encryption';
import { AppError } from '../errors';
import { changeOrderStatus, changeStatusReason, storeStatusAsRead } from '../orders';
import { normalizeOrderStatus, type OrderStatus, type StatusEmailKind } from '#shared/orders/lifecycle.ts';
import type { StaffUser } from '#shared/staff/session.ts';
import { can, permissionRefusal } from '#shared/staff/permissions.ts';

type Order = typeof orders.$inferSelect;

export type SetOrderStatusOptions = {
  /** The order as the save has it so far, locked in `tx`. */
  order: Order;
  actor: StaffUser;
  status: OrderStatus;
  /** What the customer is told, for a status that asks for a reason; null to keep the one stored. */
  reason: string | null;
  services: { env: Pick<Env, 'SUPPORT_EMAIL' | 'SIGNING_LINK_DAYS'>; cipher: FieldCipher };
  ipAddress: string | null;
  /** `PUBLIC_URL` or the request's origin, for the links in the e-mails. */
  origin: string;
  now: Date;
};

/**
 * Staff's status and reason, as the order page saves them: a new status goes through the lifecycle
 * (`changeOrderStatus`, with its effects), a new reason for the status the order stays in is the
 * lifecycle's too (`changeStatusReason`), and either needs `orders:change-status`. An unchanged legacy
 * status is stored as the status it reads as. Answers the customer's e-mails queued and their kind.
 */
export async function setOrderStatus(tx: Pick<Db, 'select' | 'insert' | 'update'>, options: SetOrderStatusOptions): Promise<{ emailIds: number[]; emailKind: StatusEmailKind | null }> {
  const { order, actor, status, reason, services, ipAddress, origin, now } = options;
  const { env, cipher } = services;
  if (normalizeOrderStatus(order.status) === status) {
    await storeStatusAsRead(tx, order);
    if (reason === null) return { emailIds: [], emailKind: null };
    return changeStatusReason(tx, { orderId: order.id, reason, actor, env, origin, ipAddress, now });
  }
  if (!can(actor, 'orders:change-status', order)) throw new AppError('permission_denied', permissionRefusal('orders:change-status'));
  return changeOrderStatus(tx, { orderId: order.id, to: status, by: 'staff', actor, reason, signing: { cipher, env }, ipAddress, env, origin, now });
}
