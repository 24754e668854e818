import { eq } from 'drizzle-orm';
import { orders, orderStatusHistory, type Db } from '../db';
import type { Env } from '../env';
import { AppError } from '../errors';
import { recordAudit } from '../audit';
import { findTransition, normalizeOrderStatus, orderStatusLabels, type OrderStatus, type StatusChangeCause } from '../../shared/orders/lifecycle';
import { can } from '../../shared/staff/permissions';
import { systemChangerOfCause, type SystemChanger } from '../../shared/orders/status-changers';
import { staffMessages } from '../../shared/staff/staff-messages';
import { queueCancelledEmail, queueOnHoldEmail } from './queue-status-email';
import { queueEinEmail } from './queue-ein-email';

type Order = typeof orders.$inferSelect;
type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/** A staff member making a change: their role is checked against the change's permission. */
export type StaffActor = { id: string; email: string; role: string | null };

export type OrderStatusChange = {
  /** The order, read with its row locked (`FOR UPDATE`) in `tx`. */
  order: Order;
  to: OrderStatus;
  by: StatusChangeCause;
  /** The staff member making the change; null for the customer or the system. */
  actor: StaffActor | null;
  /** The customer made it (signing, or the cancellation link): the history says "Customer". */
  byCustomer?: boolean;
  /** Whom the history credits when not the actor: the staff member whose refund the provider's event completed. */
  changedBy?: string | null;
  /**
   * The part of the service making a change no staff member and not the customer made, as the history
   * names it; without it, the one of the change's cause (`systemChangerOfCause`).
   */
  system?: SystemChanger;
  ipAddress: string | null;
  /** More for the audit row, beside `from` and `to` (what caused it: a refund, a dispute). */
  detail?: Record<string, unknown>;
  /** What the customer is told while the order is on hold (entering `on_hold`). */
  holdReason?: string | null;
  /** For a change that completes the order with the IRS's letter on it: the letter's page (`/ein-letter/<token>`), which the EIN e-mail links to. */
  einLetterPath?: string;
  /** For a change that asks the customer to sign: queues the signing request's e-mail and answers its outbox row. */
  signatureRequestEmail?: (order: Order) => Promise<number>;
  env: Pick<Env, 'SUPPORT_EMAIL'>;
  /** `PUBLIC_URL` or the request's origin, for the links in the e-mails. */
  origin: string;
  now?: Date;
};

/**
 * Stores a legacy status value (spec 02 section 4) as the status it reads as, when a save touches the
 * order without changing its status: the status is the same, so there is no history or e-mail.
 */
export async function storeStatusAsRead(tx: Pick<Db, 'update'>, order: Order): Promise<void> {
  const status = normalizeOrderStatus(order.status);
  if (status !== order.status) await tx.update(orders).set({ status }).where(eq(orders.id, order.id));
}

/**
 * The one way an order's status changes (src/shared/orders/lifecycle.ts): the change must be in the
 * transition table for its cause, and a staff member making it must hold its permission for this
 * order. In `tx`, with the order locked by the caller, it writes the status (stamping `completed_at`,
 * keeping the hold's reason only while on hold), the history row, the audit row and the customer's
 * e-mail the change sends. Answers the order as saved and the outbox rows queued, which the caller
 * delivers after the commit.
 */
export async function changeOrderStatus(tx: Tx, change: OrderStatusChange): Promise<{ order: Order; emailIds: number[] }> {
  const { order: current, to, by, actor, ipAddress, env, origin } = change;
  const now = change.now ?? new Date();
  const from = normalizeOrderStatus(current.status);
  const transition = findTransition(from, to, by);
  if (!transition) throw new AppError('conflict', staffMessages.statusChangeNotAllowed(orderStatusLabels[from], orderStatusLabels[to]));
  if (transition.permission && actor && !can(actor, transition.permission, current)) throw new AppError('permission_denied', staffMessages.permissionDenied);
  if (by === 'staff' && !actor) throw new Error(`A staff change of order ${current.id} needs the staff member making it`);

  const [order] = await tx
    .update(orders)
    .set({
      status: to,
      holdReason: to === 'on_hold' ? (change.holdReason ?? current.holdReason) : null,
      completedAt: to === 'completed' ? (current.completedAt ?? now) : current.completedAt,
      updatedAt: now,
    })
    .where(eq(orders.id, current.id))
    .returning();
  if (!order) throw new Error(`Order ${current.id} vanished while locked`);
  // Who made it: a staff member, the customer, or else the part of the service that did, always named.
  const changedBy = actor?.id ?? change.changedBy ?? null;
  const byCustomer = change.byCustomer ?? false;
  const changedBySystem = changedBy === null && !byCustomer ? (change.system ?? systemChangerOfCause[by]) : null;
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: from,
    toStatus: to,
    changedBy,
    changedByCustomer: byCustomer,
    changedBySystem,
    changedAt: now,
  });
  await recordAudit(tx, {
    actor: actor ? { id: actor.id, email: actor.email } : null,
    action: transition.audit,
    target: `order:${order.id}`,
    // A change without a staff member says in the trail who made it, as the history does.
    detail: { from, to, ...(byCustomer ? { madeBy: 'customer' } : changedBySystem ? { madeBy: changedBySystem } : {}), ...change.detail },
    ipAddress,
  });

  const emailIds: number[] = [];
  switch (transition.customerEmail) {
    case 'signature_request':
      if (!change.signatureRequestEmail) throw new Error('A change that asks the customer to sign needs the signing request’s e-mail');
      emailIds.push(await change.signatureRequestEmail(order));
      break;
    case 'on_hold':
      emailIds.push(await queueOnHoldEmail(tx, { order, env, origin }));
      break;
    case 'cancelled':
      emailIds.push(await queueCancelledEmail(tx, { order, env, origin }));
      break;
    case 'ein':
      if (order.ein !== null && order.einEmailedAt === null) {
        emailIds.push(await queueEinEmail(tx, order, { env, origin, now, letterPath: change.einLetterPath }));
        return { order: { ...order, einEmailedAt: now }, emailIds };
      }
      break;
    case null:
      break;
  }
  return { order, emailIds };
}
