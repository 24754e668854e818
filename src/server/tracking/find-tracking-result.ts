import DataLoader from 'dataloader';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentStatuses } from '#shared/refunds/refunds.ts';
import { filings, orders, refunds, type Db } from '../db';
import { customerStatusFor, trackingStageFor, type TrackingStage } from '#shared/orders/lifecycle.ts';
import { signatureActionNeeded } from '#shared/signing/signing.ts';
import type { TrackingResult } from '#shared/tracking/tracking.ts';
import { verificationQuestionOf } from '#shared/ssn-last-four.ts';

/** The stages whose next steps name what the order's links ask (the SSN's last four, the ITIN's, or a code). */
const stagesNamingTheQuestion = new Set<TrackingStage>(['awaiting_signature', 'completed']);

/** Lookups answered by one query at most; more wait for the next. */
const lookupsPerQuery = 500;

/**
 * What the customer may know about each paid order the tracking numbers name, in one query: its
 * customer-facing status and stage, the day it was placed, what was refunded and, once it is with the
 * IRS, whether it went by fax or online; null for a number
 * no paid order carries (a checkout never paid for is not an order).
 */
export async function findTrackingResults(db: Db, trackingNumbers: readonly string[]): Promise<(TrackingResult | null)[]> {
  const rows = await db
    .select({
      trackingNumber: orders.applicationId,
      status: orders.status,
      createDate: orders.createDate,
      refundedCents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int`,
      lastRefundAt: sql<string | Date | null>`max(${refunds.updatedAt})`,
      // How the application reached the IRS: the method of its latest filing that got there.
      filedBy: sql<string | null>`(select ${filings.method} from ${filings} where ${filings.orderId} = ${orders.id} and ${filings.status} in ('delivered', 'filed', 'answered') order by ${filings.id} desc limit 1)`,
      rpTaxIdType: sql<string | null>`${orders.formData} -> 'contact' ->> 'rpTaxIdType'`,
    })
    .from(orders)
    .leftJoin(refunds, and(eq(refunds.orderId, orders.id), eq(refunds.state, 'succeeded')))
    .where(and(inArray(orders.applicationId, [...new Set(trackingNumbers)]), inArray(orders.paymentStatus, [...paymentStatuses])))
    .groupBy(orders.id);
  const found = new Map(rows.map((row) => [row.trackingNumber, row]));
  return trackingNumbers.map((trackingNumber) => {
    const order = found.get(trackingNumber);
    if (!order) return null;
    const stage = trackingStageFor(order.status);
    const result: TrackingResult = { status: customerStatusFor(order.status), stage, createDate: order.createDate.toISOString() };
    if (stage === 'awaiting_signature') result.actionNeeded = signatureActionNeeded;
    if (stage === 'with_irs' && (order.filedBy === 'fax' || order.filedBy === 'online')) result.filedBy = order.filedBy;
    if (stagesNamingTheQuestion.has(stage)) result.question = verificationQuestionOf({ rpTaxIdType: order.rpTaxIdType ?? undefined });
    const refundedCents = Number(order.refundedCents);
    if (refundedCents > 0 && order.lastRefundAt) result.refund = { amountCents: refundedCents, refundedAt: new Date(order.lastRefundAt).toISOString() };
    return result;
  });
}

/**
 * The tracking lookup the route uses: the lookups of every request that arrives in one turn of the
 * event loop are answered by one query (decision 047), which starts after the last of them arrived,
 * so none is answered from before it was asked.
 */
export function createTrackingLookup(db: Db): (trackingNumber: string) => Promise<TrackingResult | null> {
  const loader = new DataLoader<string, TrackingResult | null>((numbers) => findTrackingResults(db, numbers), { cache: false, maxBatchSize: lookupsPerQuery, batchScheduleFn: setImmediate });
  return (trackingNumber) => loader.load(trackingNumber);
}
