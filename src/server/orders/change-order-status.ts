import { eq } from 'drizzle-orm';
import { orders, orderStatusHistory, type Db } from '../db';
import type { Env } from '../env';
import { AppError } from '../errors';
import { recordAudit } from '../audit';
import { asksForReason, findTransition, normalizeOrderStatus, orderStatusLabels, orderTransitions, type OrderStatus, type StatusChangeCause, type StatusEmailKind } from '#shared/orders/lifecycle.ts';
import { can, permissionRefusal } from '#shared/staff/permissions.ts';
import { systemChangerOfCause, type SystemChanger } from '#shared/orders/status-changers.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { applyStatusEffect, type SigningRequestInput, type StaffActor } from './status-effects';

type Order = typeof orders.$inferSelect;
type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

export type OrderStatusChange = {
  /** The order: `changeOrderStatus` reads it with its row locked (`FOR UPDATE`) in the transaction it is given. */
  orderId: number;
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
  /** What the customer is told, entering a status that asks for a reason (`asksForReason`); without it, the one stored stays. */
  reason?: string | null;
  /** For a change that completes the order with the IRS's letter on it: the letter's page (`/ein-letter/<token>`), which the EIN e-mail links to. */
  einLetterPath?: string;
  /** For a change that asks the customer to sign: what its signing request is made with. */
  signing?: SigningRequestInput;
  env: Pick<Env, 'SUPPORT_EMAIL'>;
  /** `PUBLIC_URL` or the request's origin, for the links in the e-mails. */
  origin: string;
  now?: Date;
};

/** Reads the order with its row locked in `tx` (again, harmlessly, when the caller holds the lock). */
async function lockOrder(tx: Pick<Db, 'select'>, orderId: number): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('not_found', staffMessages.orderNotFound);
  return order;
}

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
 * order. In `tx`, with the order's row locked here (so two changes of one order wait for each other,
 * and the second sees the first's status), it writes the status (stamping `completed_at`, keeping a
 * reason only in a status that asks for one), the history row, the audit row and the effect of the
 * customer's e-mail the change sends (`statusEffects`: the e-mail, or the signing request with its
 * e-mail). Answers the order as saved, the outbox rows queued (which the caller delivers after the
 * commit) and the kind of e-mail they are.
 */
export async function changeOrderStatus(tx: Tx, change: OrderStatusChange): Promise<{ order: Order; emailIds: number[]; emailKind: StatusEmailKind | null }> {
  const { to, by, actor, ipAddress, env, origin } = change;
  const now = change.now ?? new Date();
  const current = await lockOrder(tx, change.orderId);
  const from = normalizeOrderStatus(current.status);
  const transition = findTransition(from, to, by);
  if (!transition) throw new AppError('conflict', staffMessages.statusChangeNotAllowed(orderStatusLabels[from], orderStatusLabels[to]));
  if (transition.permission && actor && !can(actor, transition.permission, current)) throw new AppError('permission_denied', staffMessages.permissionDenied);
  if (by === 'staff' && !actor) throw new Error(`A staff change of order ${current.id} needs the staff member making it`);

  const [order] = await tx
    .update(orders)
    .set({
      status: to,
      holdReason: asksForReason(to) ? (change.reason ?? current.holdReason) : null,
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

  if (transition.customerEmail === null) return { order, emailIds: [], emailKind: null };
  const effect = await applyStatusEffect(tx, transition.customerEmail, { order, actor, ipAddress, env, origin, now, einLetterPath: change.einLetterPath, signing: change.signing });
  return { order: effect.order ?? order, emailIds: effect.emailId === null ? [] : [effect.emailId], emailKind: transition.customerEmail };
}

export type StatusReasonChange = {
  orderId: number;
  /** What the customer is told now. */
  reason: string;
  actor: StaffActor;
  env: Pick<Env, 'SUPPORT_EMAIL'>;
  origin: string;
  ipAddress: string | null;
  now?: Date;
};

/** The customer's e-mail staff moving an order into `status` send: the one a new reason sends again. */
function staffEmailInto(status: OrderStatus): StatusEmailKind | null {
  return orderTransitions.find((transition) => transition.by === 'staff' && transition.to === status)?.customerEmail ?? null;
}

/**
 * A new reason for the status the order stays in, when that status asks for one (an order on hold):
 * staff may write it as they may change the status, and the customer is e-mailed again, as when the
 * order entered it. In `tx`, with the order's row locked here. Answers the outbox rows queued, none
 * when the order is in a status without a reason or the reason is the same.
 */
export async function changeStatusReason(tx: Tx, change: StatusReasonChange): Promise<{ emailIds: number[]; emailKind: StatusEmailKind | null }> {
  const { actor, reason, env, origin, ipAddress } = change;
  const current = await lockOrder(tx, change.orderId);
  const status = normalizeOrderStatus(current.status);
  if (!asksForReason(status) || reason === current.holdReason) return { emailIds: [], emailKind: null };
  if (!can(actor, 'orders:change-status', current)) throw new AppError('permission_denied', permissionRefusal('orders:change-status'));
  const [order] = await tx.update(orders).set({ holdReason: reason }).where(eq(orders.id, current.id)).returning();
  if (!order) throw new Error(`Order ${current.id} vanished while locked`);
  const kind = staffEmailInto(status);
  if (kind === null) return { emailIds: [], emailKind: null };
  const effect = await applyStatusEffect(tx, kind, { order, actor, ipAddress, env, origin, now: change.now ?? new Date() });
  return { emailIds: effect.emailId === null ? [] : [effect.emailId], emailKind: kind };
}
