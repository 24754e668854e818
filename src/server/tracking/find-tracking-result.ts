import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentStatuses } from '../../shared/refunds/refunds';
import { orders, refunds, type Db } from '../db';
import { customerStatusFor, trackingStageFor } from '../../shared/orders/lifecycle';
import { signatureActionNeeded } from '../../shared/signing/signing';
import type { TrackingResult } from '../../shared/tracking/tracking';

export type FindTrackingResultOptions = { db: Db; trackingNumber: string };

/**
 * What the customer may know about a paid order: its customer-facing status and stage, the day it was
 * placed and what was refunded; null when no paid order carries the number (a checkout never paid for
 * is not an order). One statement: the order by its unique number, its succeeded refunds summed.
 */
export async function findTrackingResult({ db, trackingNumber }: FindTrackingResultOptions): Promise<TrackingResult | null> {
  const [order] = await db
    .select({
      status: orders.status,
      createDate: orders.createDate,
      refundedCents: sql<number>`(select coalesce(sum(${refunds.amountCents}), 0)::int from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.state} = 'succeeded')`,
      lastRefundAt: sql<string | null>`(select max(${refunds.updatedAt}) from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.state} = 'succeeded')`,
    })
    .from(orders)
    .where(and(eq(orders.applicationId, trackingNumber), inArray(orders.paymentStatus, [...paymentStatuses])))
    .limit(1);
  if (!order) return null;
  const stage = trackingStageFor(order.status);
  const result: TrackingResult = { status: customerStatusFor(order.status), stage, createDate: order.createDate.toISOString() };
  if (stage === 'awaiting_signature') result.actionNeeded = signatureActionNeeded;
  const refundedCents = Number(order.refundedCents);
  if (refundedCents > 0 && order.lastRefundAt) result.refund = { amountCents: refundedCents, refundedAt: new Date(order.lastRefundAt).toISOString() };
  return result;
}
