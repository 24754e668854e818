import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema';
import { customerStatusFor, normalizeOrderStatus, type TrackingResult } from '../../../shared/orders/statuses';
import { signatureActionNeeded } from '../../../shared/signing';

export type FindTrackingResultOptions = { db: Db; trackingNumber: string };

/**
 * What the customer may know about a paid order: its customer-facing status and the day it was
 * placed; null when no paid order carries the number (a checkout never paid for is not an order).
 */
export async function findTrackingResult({ db, trackingNumber }: FindTrackingResultOptions): Promise<TrackingResult | null> {
  const [order] = await db
    .select({ status: orders.status, createDate: orders.createDate })
    .from(orders)
    .where(and(eq(orders.applicationId, trackingNumber), eq(orders.paymentStatus, 'paid')))
    .limit(1);
  if (!order) return null;
  const result: TrackingResult = { status: customerStatusFor(order.status), createDate: order.createDate.toISOString() };
  if (normalizeOrderStatus(order.status) === 'awaiting_user_signature') result.actionNeeded = signatureActionNeeded;
  return result;
}
