import { eq, sql } from 'drizzle-orm';
import { orderCounters, storedValuesOf, type Db } from '../db';
import { counterFilter, counterGroups, statusesOfCounter, statusesOfFilter, type CounterGroup } from '#shared/orders/lifecycle.ts';
import { can } from '#shared/staff/permissions.ts';
import type { StaffUser } from '#shared/staff/session.ts';
import type { OrderCounters, OrderListQuery } from '#shared/fulfilment/orders.ts';

// The order list's counts come from the maintained counters (order_counters), never from counting
// the orders themselves.

type CounterRow = { status: string; priority: string; orders: number };

/** The viewer's rows of the maintained counters, by status and priority: a few dozen at most. */
export async function readCounters(db: Db, viewer: StaffUser): Promise<CounterRow[]> {
  const rows = await db
    .select({ status: orderCounters.status, priority: orderCounters.priority, orders: sql<number>`sum(${orderCounters.orders})::int` })
    .from(orderCounters)
    .where(can(viewer, 'orders:read-all') ? undefined : eq(orderCounters.assignee, viewer.id))
    .groupBy(orderCounters.status, orderCounters.priority);
  return rows.map((row) => ({ ...row, orders: Number(row.orders) }));
}

function sumOf(rows: CounterRow[], keep: (row: CounterRow) => boolean = () => true): number {
  return rows.reduce((sum, row) => (keep(row) ? sum + row.orders : sum), 0);
}

/** The dashboard's counters, from the lifecycle's counter groups, which add up to the total. */
export function countersOf(rows: CounterRow[]): OrderCounters {
  const groups = (Object.keys(counterGroups) as CounterGroup[]).map((group) => {
    const stored = new Set(statusesOfCounter(group).flatMap(storedValuesOf));
    return { group, label: counterGroups[group].label, filter: counterFilter(group), count: sumOf(rows, (row) => stored.has(row.status)) };
  });
  return { total: sumOf(rows), groups };
}

/** How many orders the status and priority filters keep, from the counters. */
export function filteredTotal(rows: CounterRow[], query: OrderListQuery): number {
  const statuses = statusesOfFilter(query.status)?.flatMap(storedValuesOf) ?? null;
  return sumOf(rows, (row) => (statuses === null || statuses.includes(row.status)) && (query.priority === 'all' || row.priority === query.priority));
}
