import { and, eq } from 'drizzle-orm';
import { refunds, type Db } from '../db';
import { AppError } from '../errors';
import { companyNameOf } from '../orders';
import { normalizeOrderStatus } from '../../shared/orders/lifecycle';
import { cancellationMessages, hasRefundableBalance, isDisputeOpen, type CancellationView } from '../../shared/refunds/refunds';
import type { OrderRow } from './order-payments';

// When an order may still be cancelled online, and what the cancellation page shows of it.

/** The only status from which the customer may cancel: staff have not started on the order. */
const cancellableStatus = 'reviewing_form_data';

/** Why the order can no longer be cancelled online, or null while it can. */
export function whyCancellationClosed(order: OrderRow, expiresAt: Date, now: Date): 'expired' | 'in_progress' | null {
  if (now.getTime() >= expiresAt.getTime()) return 'expired';
  if (normalizeOrderStatus(order.status) !== cancellableStatus || isDisputeOpen(order.disputeStatus) || !hasRefundableBalance(order.paymentStatus)) return 'in_progress';
  return null;
}

export async function refundedCentsOf(db: Pick<Db, 'select'>, orderId: number): Promise<number> {
  const rows = await db.select({ amountCents: refunds.amountCents }).from(refunds).where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'succeeded')));
  return rows.reduce((sum, row) => sum + row.amountCents, 0);
}

export function cancellationViewOf(order: OrderRow, expiresAt: Date, now: Date, supportEmail: string, refundedCents: number): CancellationView {
  const base = { trackingNumber: order.applicationId, companyName: companyNameOf(order.formData) };
  if (normalizeOrderStatus(order.status) === 'cancelled') return { state: 'cancelled', ...base, refundedCents, supportEmail };
  const why = whyCancellationClosed(order, expiresAt, now);
  if (why) return { state: 'closed', why, ...base, supportEmail };
  return { state: 'cancellable', ...base, amountCents: order.amount, deadline: expiresAt.toISOString() };
}

/** An unknown, spent or already-used link: the page says only that it cannot be used (410). */
export const linkUnavailable = () => new AppError('cancellation_link_unavailable', cancellationMessages.linkUnavailable);
