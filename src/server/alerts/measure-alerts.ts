import { and, asc, eq, exists, inArray, isNull, lt, max, min, ne, not, sql, type SQL } from 'drizzle-orm';
import { checkouts, emailOutbox, filings, jobHeartbeats, orders, statusAsReadSql, storedValuesOfGroup, type Db } from '../db';
import type { OrderStatus } from '#shared/orders/lifecycle.ts';
import type { AlertSettings } from '../settings';
import { activeFilingStatuses } from '#shared/filing/filing.ts';
import type { AlertKey } from '#shared/alerts/alerts.ts';

/** What a check found of one condition: whether it holds now, and what it names (tracking numbers only). */
export type AlertMeasurement = { key: AlertKey; holds: boolean; trackingNumbers: string[]; measured: number | null };

/** At most this many tracking numbers are named by one alert; its count says how many there are. */
export const maxNamedOrders = 50;

const minutesSince = (at: Date, now: Date) => Math.floor((now.getTime() - at.getTime()) / 60_000);

/** Orders whose fax filing was given up and not filed again since, while the order is still open. */
async function measureFaxGivenUp(db: Db): Promise<AlertMeasurement> {
  // From the faxes given up (a partial index of their own), not from every order.
  const failedFax = db
    .select({ orderId: filings.orderId })
    .from(filings)
    .where(and(eq(filings.method, 'fax'), eq(filings.status, 'failed')));
  const filedAgain = db
    .select({ one: sql`1` })
    .from(filings)
    .where(and(eq(filings.orderId, orders.id), inArray(filings.status, [...activeFilingStatuses])));
  const givenUp = and(inArray(orders.id, failedFax), not(exists(filedAgain)), not(inArray(orders.status, storedValuesOfGroup('closed'))));
  return namedOrders('fax_given_up', db, givenUp, (count) => count > 0);
}

/** A condition on orders: how many match, and the first ones' tracking numbers when it holds. */
async function namedOrders(key: AlertKey, db: Db, where: SQL | undefined, holdsFor: (count: number) => boolean): Promise<AlertMeasurement> {
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(orders).where(where);
  const count = counted?.count ?? 0;
  const holds = holdsFor(count);
  const rows = holds ? await db.select({ trackingNumber: orders.applicationId }).from(orders).where(where).orderBy(asc(orders.id)).limit(maxNamedOrders) : [];
  return { key, holds, trackingNumbers: rows.map((row) => row.trackingNumber), measured: count };
}

/** The oldest e-mail still waiting to be sent, in minutes. */
async function measureEmailStuck(db: Db, settings: AlertSettings, now: Date): Promise<AlertMeasurement> {
  const [row] = await db.select({ oldest: min(emailOutbox.createdAt) }).from(emailOutbox).where(eq(emailOutbox.status, 'queued'));
  const minutes = row?.oldest ? minutesSince(row.oldest, now) : 0;
  return { key: 'email_stuck', holds: minutes >= settings.alert_email_stuck_minutes, trackingNumbers: [], measured: minutes };
}

/** Orders "Overdue at IRS", against the threshold: by the status as staff read it, which the staff list's index serves. */
function measureIrsOverdue(db: Db, settings: AlertSettings): Promise<AlertMeasurement> {
  return namedOrders('irs_overdue', db, sql`${sql.raw(statusAsReadSql)} = ${'irs_overdue' satisfies OrderStatus}`, (count) => count >= settings.alert_irs_overdue_orders);
}

/** Checkouts the provider said were paid, still without their order past the threshold. */
async function measurePaymentUnreconciled(db: Db, settings: AlertSettings, now: Date): Promise<AlertMeasurement> {
  const waiting = and(
    ne(checkouts.status, 'paid'),
    isNull(checkouts.purgedAt),
    lt(checkouts.paymentSucceededAt, new Date(now.getTime() - settings.alert_payment_unreconciled_minutes * 60_000)),
    not(exists(db.select({ one: sql`1` }).from(orders).where(eq(orders.checkoutId, checkouts.id)))),
  );
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(checkouts).where(waiting);
  const count = counted?.count ?? 0;
  const rows = count > 0 ? await db.select({ trackingNumber: checkouts.trackingNumber }).from(checkouts).where(waiting).orderBy(asc(checkouts.paymentSucceededAt)).limit(maxNamedOrders) : [];
  return { key: 'payment_unreconciled', holds: count > 0, trackingNumbers: rows.map((row) => row.trackingNumber), measured: count };
}

/**
 * Minutes since any background job last completed. Before the first completion ever recorded (a new
 * database whose jobs have not run yet) there is nothing to compare, and the condition does not hold.
 */
export async function measureJobsStopped(db: Db, settings: AlertSettings, now = new Date()): Promise<AlertMeasurement> {
  const [row] = await db.select({ last: max(jobHeartbeats.completedAt) }).from(jobHeartbeats);
  const minutes = row?.last ? Math.max(0, minutesSince(row.last, now)) : 0;
  return { key: 'jobs_stopped', holds: minutes >= settings.alert_jobs_stopped_minutes, trackingNumbers: [], measured: minutes };
}

/** Every condition the periodic check watches (the jobs-stopped one has a timer of its own). */
export async function measureAlerts(db: Db, settings: AlertSettings, now = new Date()): Promise<AlertMeasurement[]> {
  return [await measureFaxGivenUp(db), await measureEmailStuck(db, settings, now), await measureIrsOverdue(db, settings), await measurePaymentUnreconciled(db, settings, now)];
}
