import { count, eq, inArray, sql } from 'drizzle-orm';
import { auditLog, emailOutbox, filings, inboundFaxes, orders, statusAsReadSql, type Db } from '../db';

/** The work waiting in the database, as a scrape reads it: every instance reads the same figures. */
export type StoredFigures = {
  emailOutbox: { queued: number; oldestQueuedAgeSeconds: number };
  faxOutbox: { queued: number; held: number };
  /** From the audit trail's `fax_failed` rows: each failed attempt was either retried or the last. */
  faxAttempts: { retried: number; givenUp: number };
  /** Received faxes still being read (`received`) or read without a match (`unmatched`). */
  faxBacks: { received: number; unmatched: number };
  irsOverdueOrders: number;
};

const countsBy = <Key extends string>(rows: { status: string; count: number }[], keys: readonly Key[]): Record<Key, number> =>
  Object.fromEntries(keys.map((key) => [key, rows.find((row) => row.status === key)?.count ?? 0])) as Record<Key, number>;

/**
 * Each figure from an index made for it: the outboxes' partial indexes on their waiting rows, the
 * audit trail's index by action, the fax-backs' index by status, and the orders' index on the status
 * as read, so a scrape costs the same at a million orders as at ten.
 */
export async function readStoredFigures(db: Db): Promise<StoredFigures> {
  const [[email], faxes, [attempts], faxBacks, [overdue]] = await Promise.all([
    db
      .select({ queued: count(), oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${emailOutbox.createdAt})), 0)`.mapWith(Number) })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'queued')),
    db
      .select({ status: filings.status, count: count() })
      .from(filings)
      .where(inArray(filings.status, ['queued', 'held']))
      .groupBy(filings.status),
    db
      .select({
        retried: sql<number>`count(*) filter (where ${auditLog.detail} ->> 'retried' = 'true')`.mapWith(Number),
        givenUp: sql<number>`count(*) filter (where ${auditLog.detail} ->> 'retried' = 'false')`.mapWith(Number),
      })
      .from(auditLog)
      .where(eq(auditLog.action, 'fax_failed')),
    db
      .select({ status: inboundFaxes.status, count: count() })
      .from(inboundFaxes)
      .where(inArray(inboundFaxes.status, ['received', 'unmatched']))
      .groupBy(inboundFaxes.status),
    db
      .select({ count: count() })
      .from(orders)
      .where(sql`${sql.raw(statusAsReadSql)} = 'irs_overdue'`),
  ]);
  return {
    emailOutbox: { queued: email?.queued ?? 0, oldestQueuedAgeSeconds: Math.max(0, email?.oldestAgeSeconds ?? 0) },
    faxOutbox: countsBy(faxes, ['queued', 'held']),
    faxAttempts: { retried: attempts?.retried ?? 0, givenUp: attempts?.givenUp ?? 0 },
    faxBacks: countsBy(faxBacks, ['received', 'unmatched']),
    irsOverdueOrders: overdue?.count ?? 0,
  };
}
