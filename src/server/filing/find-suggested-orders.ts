import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { filings, orders } from '../db';
import { addBusinessDays } from '#shared/dates.ts';
import type { SuggestedOrder } from '#shared/filing/filing.ts';
import type { FilingContext } from './filing-context';
import { companyNameOf } from '../orders';

/** A fax from the IRS answers a filing faxed in the last this many business days. */
export const suggestionBusinessDays = 10;

export type Suggestion = SuggestedOrder & { filingId: number; assignedTo: string | null };

/**
 * The orders a received fax may answer: those faxed to the IRS in the last ten business days and not
 * answered yet, newest first. Staff choose among them when a fax could not be matched with certainty.
 */
export async function findSuggestedOrders(context: Pick<FilingContext, 'db'>, now = new Date()): Promise<Suggestion[]> {
  // Ten business days are at most sixteen calendar days: the query takes those, the rule the rest.
  const since = new Date(now.getTime() - 16 * 24 * 60 * 60 * 1000);
  const rows = await context.db
    .select({
      filingId: filings.id,
      orderId: orders.id,
      applicationId: orders.applicationId,
      formData: orders.formData,
      assignedTo: orders.assignedTo,
      sentAt: filings.sentAt,
    })
    .from(filings)
    .innerJoin(orders, eq(orders.id, filings.orderId))
    .where(and(eq(filings.method, 'fax'), inArray(filings.status, ['sending', 'delivered']), gte(filings.sentAt, since)))
    .orderBy(desc(filings.sentAt))
    .limit(200);
  return rows
    .filter((row) => row.sentAt !== null && addBusinessDays(row.sentAt, suggestionBusinessDays) >= now)
    .map((row) => ({
    filingId: row.filingId,
    orderId: row.orderId,
    applicationId: row.applicationId,
    companyName: companyNameOf(row.formData),
    assignedTo: row.assignedTo,
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}
