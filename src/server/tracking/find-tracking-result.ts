import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentStatuses } from '../../shared/refunds/refunds';
import { orders, refunds, type Db } from '../db';
import { customerStatusFor, trackingStageFor } from '../../shared/orders/lifecycle';
import { signatureActionNeeded } from '../../shared/signing/signing';
import type { TrackingResult } from '../../shared/tracking/tracking';

export type FindTrackingResultOptions = { db: Db; trackingNumber: string };

/** The paid order a tracking number names, or null (a checkout never paid for is not an order). */
export async function findPaidOrderByTrackingNumber(db: Db, trackingNumber: string) {
  const [order] = await db
    .select({ id: orders.id, status: orders.status, createDate: orders.createDate })
    .from(orders)
    .where(and(eq(orders.applicationId, trackingNumber), inArray(orders.paymentStatus, [...paymentStatuses])))
    .limit(1);
  return order ?? null;
}

/**
 * What the customer may know about a paid order: its customer-facing status and stage and the day
 * it was placed; null when no paid order carries the number.
 */
export async function findTrackingResult({ db, trackingNumber }: FindTrackingResultOptions): Promise<TrackingResult | null> {
  const order = await findPaidOrderByTrackingNumber(db, trackingNumber);
  if (!order) return null;
  const stage = trackingStageFor(order.status);
  const result: TrackingResult = { status: customerStatusFor(order.status), stage, createDate: order.createDate.toISOString() };
  if (stage === 'awaiting_signature') result.actionNeeded = signatureActionNeeded;
  const [refunded] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int`, lastAt: sql<string | null>`max(${refunds.updatedAt})` })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.state, 'succeeded')));
  if (refunded && refunded.cents > 0 && refunded.lastAt) result.refund = { amountCents: refunded.cents, refundedAt: new Date(refunded.lastAt).toISOString() };
  return result;
}
