import { asc, eq } from 'drizzle-orm';
import { refunds, user, type Db, type orders } from '../db';
import { hasRefundableBalance, isDisputeOpen, type OrderPayments, type RefundEntry, type RefundSource, type RefundState } from '#shared/refunds/refunds.ts';

export type OrderRow = typeof orders.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** Refunds that count against the payment: made, or asked and not yet answered. */
export const countedRefundStates: RefundState[] = ['pending', 'succeeded'];

/** Paid, refunded, pending and what may still be refunded, from the order and its refund rows. */
export function summarisePayments(order: Pick<OrderRow, 'amount' | 'paymentStatus' | 'disputeId' | 'disputeStatus' | 'disputedAt'>, rows: Pick<RefundRow, 'amountCents' | 'state'>[]) {
  const sum = (state: string) => rows.filter((row) => row.state === state).reduce((total, row) => total + row.amountCents, 0);
  const refundedCents = sum('succeeded');
  const pendingCents = sum('pending');
  const paid = hasRefundableBalance(order.paymentStatus);
  const disputed = isDisputeOpen(order.disputeStatus);
  return {
    paidCents: order.amount,
    refundedCents,
    pendingCents,
    netCents: order.amount - refundedCents,
    refundableCents: paid && !disputed ? Math.max(0, order.amount - refundedCents - pendingCents) : 0,
    dispute: order.disputeId
      ? { id: order.disputeId, status: order.disputeStatus ?? 'needs_response', open: disputed, openedAt: order.disputedAt?.toISOString() ?? null }
      : null,
  };
}

/** The Payment Information card: the figures and every refund, oldest first, with who asked. */
export async function findOrderPayments(db: Db, order: OrderRow): Promise<OrderPayments> {
  const rows = await db
    .select({ refund: refunds, requesterName: user.name })
    .from(refunds)
    .leftJoin(user, eq(user.id, refunds.requestedBy))
    .where(eq(refunds.orderId, order.id))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const entries: RefundEntry[] = rows.map(({ refund, requesterName }) => ({
    id: refund.id,
    amountCents: refund.amountCents,
    reason: refund.reason,
    note: refund.note,
    state: refund.state as RefundState,
    source: refund.source as RefundSource,
    providerRefundId: refund.providerRefundId,
    failureMessage: refund.failureMessage,
    requestedBy: refund.requestedBy && requesterName !== null ? { id: refund.requestedBy, name: requesterName } : null,
    createdAt: refund.createdAt.toISOString(),
  }));
  return { ...summarisePayments(order, rows.map(({ refund }) => refund)), refunds: entries };
}
