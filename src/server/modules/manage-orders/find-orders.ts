import { and, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders, user } from '../../db/schema';
import { normalizeOrderPriority, normalizeOrderStatus } from '../../../shared/orders/statuses';
import { can } from '../../../shared/staff/permissions';
import type { StaffUser } from '../../../shared/staff/session';
import { ordersPageSize, type OrderCounters, type OrderListItem, type OrderListQuery, type OrderListResponse } from '../../../shared/staff/orders';
import { storedValuesOf, storedValuesOfGroup } from '../../orders/stored-statuses';

export type FindOrdersOptions = { db: Db; viewer: StaffUser; query: OrderListQuery };

/** Every order for who may see them all; otherwise only those assigned to the viewer. */
function visibleTo(viewer: StaffUser): SQL | undefined {
  return can(viewer, 'orders:read-all') ? undefined : eq(orders.assignedTo, viewer.id);
}

function storedStatusIn(values: readonly string[]): SQL {
  // `=` for a single value lets the (status, create_date) index hand rows over in the list's order.
  return values.length === 1 ? eq(orders.status, values[0]!) : inArray(orders.status, [...values]);
}

/** `%text%` for ILIKE, with ILIKE's own characters (and its escape character) taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

// The indexes hold create_date and id as DESC NULLS LAST; plain DESC means NULLS FIRST in PostgreSQL
// and would not match them (both columns are NOT NULL, so the two orders are the same rows).
const newestFirst = (table: { createDate: AnyColumn; id: AnyColumn }) => [
  sql`${table.createDate} desc nulls last`,
  sql`${table.id} desc nulls last`,
];

/** The dashboard's counters over everything the viewer may see, whatever the filters: one pass. */
async function countOrders(db: Db, visible: SQL | undefined): Promise<OrderCounters> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      newSubmissions: sql<number>`(count(*) filter (where ${storedStatusIn(storedValuesOf('reviewing_form_data'))}))::int`,
      inProgress: sql<number>`(count(*) filter (where ${storedStatusIn(storedValuesOfGroup('inProcess'))}))::int`,
      completed: sql<number>`(count(*) filter (where ${storedStatusIn(storedValuesOf('completed'))}))::int`,
    })
    .from(orders)
    .where(visible);
  return {
    total: Number(row?.total ?? 0),
    newSubmissions: Number(row?.newSubmissions ?? 0),
    inProgress: Number(row?.inProgress ?? 0),
    completed: Number(row?.completed ?? 0),
  };
}

const listColumns = {
  id: orders.id,
  applicationId: orders.applicationId,
  companyName: sql<string | null>`${orders.formData}->'company'->>'companyName'`,
  billingEmail: orders.billingEmail,
  amount: orders.amount,
  currency: orders.currency,
  paymentStatus: orders.paymentStatus,
  status: orders.status,
  priority: orders.priority,
  dueDate: orders.dueDate,
  createDate: orders.createDate,
  assigneeId: user.id,
  assigneeName: user.name,
};

type ListRow = {
  id: number;
  applicationId: string;
  companyName: string | null;
  billingEmail: string;
  amount: number;
  currency: string;
  paymentStatus: string;
  status: string;
  priority: string;
  dueDate: Date | null;
  createDate: Date;
  assigneeId: string | null;
  assigneeName: string | null;
};

/** A page of orders matching `where`, straight from the index that has them in order. */
async function indexedPage(db: Db, where: SQL | undefined, offset: number): Promise<ListRow[]> {
  return db
    .select(listColumns)
    .from(orders)
    .leftJoin(user, eq(user.id, orders.assignedTo))
    .where(where)
    .orderBy(...newestFirst(orders))
    .limit(ordersPageSize)
    .offset(offset);
}

/**
 * A page of a text search and the number of matches from one pass. The trigram indexes find the
 * matching rows (a scan does for searches under three characters), but the planner cannot tell how
 * many will match: asked for them in date order, it may walk the date index and fetch every row at
 * random. So the matching ids are collected first (a CTE used twice is computed once), then counted
 * and sorted, and only the page's 25 orders are read.
 */
async function searchedPage(db: Db, where: SQL | undefined, offset: number): Promise<{ rows: ListRow[]; total: number | null }> {
  const matched = db.$with('matched').as(db.select({ id: orders.id, createDate: orders.createDate }).from(orders).where(where));
  const page = db.$with('page').as(
    db.select({ id: matched.id, createDate: matched.createDate }).from(matched).orderBy(...newestFirst(matched)).limit(ordersPageSize).offset(offset),
  );
  const rows = await db
    .with(matched, page)
    .select({ ...listColumns, total: sql<number>`(select count(*) from ${matched})::int` })
    .from(page)
    .innerJoin(orders, eq(orders.id, page.id))
    .leftJoin(user, eq(user.id, orders.assignedTo))
    .orderBy(...newestFirst(page));
  // A page past the last match has no row to carry the count.
  return { rows, total: rows.length > 0 ? Number(rows[0]!.total) : null };
}

async function countMatching(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(orders).where(where);
  return Number(row?.count ?? 0);
}

/**
 * One page of `/manage/orders`, newest first, 25 at a time, with the counters; a fixed handful of
 * queries whatever the page (the assignee's name is joined, not fetched per row).
 */
export async function findOrders({ db, viewer, query }: FindOrdersOptions): Promise<OrderListResponse> {
  const visible = visibleTo(viewer);
  const statusFilter = query.status === 'all' ? undefined : storedStatusIn(storedValuesOf(query.status));
  const priorityFilter = query.priority === 'all' ? undefined : eq(orders.priority, query.priority);
  // ILIKE '%…%' is what the trigram indexes on both columns serve.
  const pattern = containsPattern(query.search);
  const searchFilter = query.search === '' ? undefined : or(ilike(orders.applicationId, pattern), ilike(orders.billingEmail, pattern));
  const where = and(visible, statusFilter, priorityFilter, searchFilter);
  const offset = (query.page - 1) * ordersPageSize;

  let rows: ListRow[];
  let total: number | null;
  let counters: OrderCounters;
  if (searchFilter) {
    let searched;
    [searched, counters] = await Promise.all([searchedPage(db, where, offset), countOrders(db, visible)]);
    rows = searched.rows;
    total = searched.total ?? (offset === 0 ? 0 : await countMatching(db, where));
  } else {
    const filtered = statusFilter !== undefined || priorityFilter !== undefined;
    [rows, counters, total] = await Promise.all([
      indexedPage(db, where, offset),
      countOrders(db, visible),
      // Without filters the matching orders are exactly those the counters count.
      filtered ? countMatching(db, where) : null,
    ]);
    total ??= counters.total;
  }

  const items: OrderListItem[] = rows.map((row) => ({
    id: row.id,
    applicationId: row.applicationId,
    companyName: row.companyName || null,
    billingEmail: row.billingEmail,
    amountCents: row.amount,
    currency: row.currency,
    paymentStatus: row.paymentStatus,
    status: normalizeOrderStatus(row.status),
    priority: normalizeOrderPriority(row.priority),
    assignee: row.assigneeId && row.assigneeName !== null ? { id: row.assigneeId, name: row.assigneeName } : null,
    dueDate: row.dueDate?.toISOString() ?? null,
    createDate: row.createDate.toISOString(),
  }));
  return { orders: items, total, page: query.page, pageSize: ordersPageSize, counters };
}
