import { and, eq, inArray } from 'drizzle-orm';
import { filings, refunds, type Db } from '../db';
import { AppError } from '../errors';
import { companyNameOf } from '../orders';
import { normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import { activeFilingStatuses } from '#shared/filing/filing.ts';
import { cancellationMessages, whyNotCancellable, type CancellationRefusal, type CancellationView } from '#shared/refunds/refunds.ts';
import type { OrderRow } from './order-payments';

// When an order may still be cancelled online (the shared rule, `whyNotCancellable`), and what the
// cancellation page shows of it.

type Reader = Pick<Db, 'select'>;

/** Whether a filing of the order is queued, being sent or sent: the application is being submitted. */
export async function hasFilingUnderWay(db: Reader, orderId: number): Promise<boolean> {
  const [filing] = await db
    .select({ id: filings.id })
    .from(filings)
    .where(and(eq(filings.orderId, orderId), inArray(filings.status, [...activeFilingStatuses])))
    .limit(1);
  return filing !== undefined;
}

/** Why the order can no longer be cancelled online, or null while it can. */
export async function whyCancellationClosed(db: Reader, order: OrderRow, expiresAt: Date, now: Date): Promise<CancellationRefusal | null> {
  return whyNotCancellable({
    status: normalizeOrderStatus(order.status),
    paymentStatus: order.paymentStatus,
    disputeStatus: order.disputeStatus,
    filingUnderWay: await hasFilingUnderWay(db, order.id),
    deadline: expiresAt,
    now,
  });
}

export async function refundedCentsOf(db: Reader, orderId: number): Promise<number> {
  const rows = await db.select({ amountCents: refunds.amountCents }).from(refunds).where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'succeeded')));
  return rows.reduce((sum, row) => sum + row.amountCents, 0);
}

export async function cancellationViewOf(db: Reader, order: OrderRow, expiresAt: Date, now: Date, supportEmail: string): Promise<CancellationView> {
  const base = { trackingNumber: order.applicationId, companyName: companyNameOf(order.formData) };
  if (normalizeOrderStatus(order.status) === 'cancelled') return { state: 'cancelled', ...base, refundedCents: await refundedCentsOf(db, order.id), supportEmail };
  const why = await whyCancellationClosed(db, order, expiresAt, now);
  if (why) return { state: 'closed', why, ...base, supportEmail };
  return { state: 'cancellable', ...base, amountCents: order.amount, deadline: expiresAt.toISOString() };
}

/** An unknown, spent or already-used link: the page says only that it cannot be used (410). */
export const linkUnavailable = () => new AppError('cancellation_link_unavailable', cancellationMessages.linkUnavailable);

/** The refusal of a cancellation the rule does not allow, in the page's words (409). */
export const cancellationRefused = (why: CancellationRefusal) => new AppError('cancellation_window_closed', cancellationMessages.refusals[why]);
