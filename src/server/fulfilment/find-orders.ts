import { isDisputeOpen } from '#shared/refunds/refunds.ts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { orders, user, type Db, statusAsReadSql } from '../db';
import { normalizeOrderPriority, normalizeOrderStatus, statusesOfFilter, type OrderStatus } from '#shared/orders/lifecycle.ts';
import { can } from '#shared/staff/permissions.ts';
import type { StaffUser } from '#shared/staff/session.ts';
import { ordersPageSize, searchCountLimit, type OrderListItem, type OrderListQuery, type OrderListResponse } from '#shared/fulfilment/orders.ts';
import { baseLocale, isLocale } from '#shared/i18n/locales.ts';
import { countersOf, filteredTotal, readCounters } from './order-list-counters';
import { orderTextContains } from './order-search';

export type FindOrdersOptions = { db: Db; viewer: StaffUser; query: OrderListQuery };

/** Every order for who may see them all; otherwise only those assigned to the viewer. */
function visibleTo(viewer: StaffUser): SQL | undefined {
  return can(viewer, 'orders:read-all') ? undefined : eq(orders.assignedTo, viewer.id);
}

// The expression migration 0010 indexes, over the unqualified column as the index holds it (the
// list's queries read `orders` under its own name, so the column is the same). Its values are
// literals, not parameters: the planner matches an expression index only on the same expression.
const statusAsRead = sql.raw(statusAsReadSql);

/** One status as an equality that an index in the list's order serves. */
function statusIs(status: OrderStatus): SQL {
  return sql`${statusAsRead} = ${sql.raw(`'${status}'`)}`;
}

/** The status filter as a condition (a search checks it on the rows it found). */
function statusCondition(statuses: OrderStatus[] | null): SQL | undefined {
  if (statuses === null) return undefined;
  if (statuses.length === 1) return statusIs(statuses[0]!);
  return sql`${statusAsRead} in (${sql.raw(statuses.map((status) => `'${status}'`).join(', '))})`;
}

// The indexes hold create_date and id as DESC NULLS LAST; plain DESC means NULLS FIRST in PostgreSQL
// and would not match them (both columns are NOT NULL, so the two orders are the same rows).
const newestFirst = [sql`${orders.createDate} desc nulls last`, sql`${orders.id} desc nulls last`];
const oldestFirst = [sql`${orders.createDate} asc nulls first`, sql`${orders.id} asc nulls first`];

/** Orders older (`after`) or newer (`before`) than the order `id`, in the list's order: the keyset. */
function beyond(direction: 'after' | 'before', id: number): SQL {
  const edge = sql`(select edge.create_date, edge.id from ${orders} as edge where edge.id = ${id})`;
  // A row comparison over the indexes' last two columns is an index condition, so the scan starts at the edge.
  return direction === 'after' ? sql`(${orders.createDate}, ${orders.id}) < ${edge}` : sql`(${orders.createDate}, ${orders.id}) > ${edge}`;
}

const listColumns = {
  id: orders.id,
  applicationId: orders.applicationId,
  companyName: sql<string | null>`${orders.formData}->'company'->>'companyName'`,
  billingEmail: orders.billingEmail,
  locale: orders.locale,
  amount: orders.amount,
  currency: orders.currency,
  paymentStatus: orders.paymentStatus,
  status: orders.status,
  priority: orders.priority,
  dueDate: orders.dueDate,
  createDate: orders.createDate,
  disputeStatus: orders.disputeStatus,
  assigneeId: user.id,
  assigneeName: user.name,
};

type ListRow = {
  id: number;
  applicationId: string;
  companyName: string | null;
  billingEmail: string;
  locale: string;
  amount: number;
  currency: string;
  paymentStatus: string;
  status: string;
  priority: string;
  dueDate: Date | null;
  createDate: Date;
  disputeStatus: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
};

type Paging = { direction: 'first' | 'after' | 'before'; cursor?: number; offset: number };

function pagingOf(query: OrderListQuery): Paging {
  if (query.after !== undefined) return { direction: 'after', cursor: query.after, offset: 0 };
  if (query.before !== undefined) return { direction: 'before', cursor: query.before, offset: 0 };
  // An address with a page number and no key (typed or saved) skips to it.
  return { direction: 'first', offset: (query.page - 1) * ordersPageSize };
}

/** The list's filters: what applies to every row, and the statuses kept (null: all). */
type ListFilters = { where: SQL | undefined; statuses: OrderStatus[] | null };

/**
 * One more row than a page, in the list's order (reversed for a previous page, then put back), from
 * the index that holds the filter's rows in that order; the extra row says whether there is more.
 * A filter of several statuses (a counter's link) reads a page from each status's index and merges
 * them: no index holds a list of statuses, so a new status needs no new index.
 */
async function readPage(db: Db, filters: ListFilters, paging: Paging): Promise<ListRow[]> {
  const branches = filters.statuses !== null && filters.statuses.length > 1 ? filters.statuses.map((status) => and(filters.where, statusIs(status))) : [and(filters.where, statusCondition(filters.statuses))];
  let keyset = paging.cursor === undefined ? undefined : beyond(paging.direction === 'before' ? 'before' : 'after', paging.cursor);
  if (paging.cursor === undefined && paging.offset > 0) {
    // A page by number: its first order is found by skipping index entries only (the inner `orders`
    // hides the outer one, so each branch's condition applies to it), then the page is read from
    // there by key.
    const candidates = branches.map(
      (where) => sql`(select ${orders.createDate} as create_date, ${orders.id} as id from ${orders} where ${where ?? sql`true`} order by ${sql.join(newestFirst, sql`, `)} limit ${paging.offset + 1})`,
    );
    const edge =
      branches.length === 1
        ? sql`select create_date, id from ${candidates[0]} as edge order by create_date desc, id desc offset ${paging.offset} limit 1`
        : sql`select create_date, id from (${sql.join(candidates, sql` union all `)}) as edge order by create_date desc, id desc offset ${paging.offset} limit 1`;
    keyset = sql`(${orders.createDate}, ${orders.id}) <= (${edge})`;
  }
  const ascending = paging.direction === 'before';
  const pages = branches.map((where) =>
    db
      .select(listColumns)
      .from(orders)
      .leftJoin(user, eq(user.id, orders.assignedTo))
      .where(and(where, keyset))
      .orderBy(...(ascending ? oldestFirst : newestFirst))
      .limit(ordersPageSize + 1),
  );
  const [first, second, ...rest] = pages;
  if (!second) return first!;
  // One statement: each status's page from its own index, in parentheses, then merged here.
  const order = ascending ? 1 : -1;
  return (await unionAll(first!, second, ...rest))
    .sort((a, b) => order * (a.createDate.getTime() - b.createDate.getTime() || a.id - b.id))
    .slice(0, ordersPageSize + 1);
}

/** A text search: the condition on the text, and the other filters (who may see, status, priority). */
type Search = { text: SQL; filters: SQL | undefined };

/**
 * The orders whose text matches, as a subquery named `orders` (so the filters' columns read from it),
 * planned on its own (`offset 0` keeps it from being merged into the outer query): the matches come
 * from the trigram indexes, and only they are checked against the other filters. Merged, the planner
 * could start from a fulfiller's index instead and test the text of each of their orders.
 */
function searchedOrders(db: Db, search: Search) {
  return db.select().from(orders).where(search.text).offset(0).as('orders');
}

/**
 * A page of a text search (one more row than a page) and its matches, counted up to one past the
 * limit, from one query. The trigram indexes find the matching rows, but the planner cannot tell how
 * many will match: asked for them in date order, it may walk the date index and fetch every row at
 * random. So the matching keys are collected first (a CTE, computed once), at most one past the
 * limit; when that is all of them, the page is sorted out of them and the count is theirs, and the
 * cost follows the matches, not the table. When there are more (a broad search), `matches` says so
 * and the caller reads the page in the list's order instead (see `findOrders`).
 */
async function readSearchPage(db: Db, search: Search, paging: Paging): Promise<{ rows: ListRow[]; matches: number }> {
  const matched = db.$with('matched').as(
    db
      .select({ id: orders.id, createDate: orders.createDate })
      .from(searchedOrders(db, search))
      .where(search.filters)
      .limit(searchCountLimit + 1),
  );
  const ascending = paging.direction === 'before';
  const keyset =
    paging.cursor === undefined
      ? undefined
      : sql`(${matched.createDate}, ${matched.id}) ${sql.raw(ascending ? '>' : '<')} (select edge.create_date, edge.id from ${orders} as edge where edge.id = ${paging.cursor})`;
  const page = db.$with('page').as(
    db
      .select({ id: matched.id, createDate: matched.createDate })
      .from(matched)
      .where(keyset)
      .orderBy(...(ascending ? [sql`${matched.createDate} asc`, sql`${matched.id} asc`] : [sql`${matched.createDate} desc`, sql`${matched.id} desc`]))
      .limit(ordersPageSize + 1)
      .offset(paging.offset),
  );
  const counted = sql<number>`(select count(*) from ${matched})::int`;
  const rows = await db
    .with(matched, page)
    .select({ ...listColumns, matches: counted })
    .from(page)
    .innerJoin(orders, eq(orders.id, page.id))
    .leftJoin(user, eq(user.id, orders.assignedTo))
    .orderBy(...(ascending ? oldestFirst : newestFirst));
  // No row on the page (nothing matches, or the page is past the end): the count alone.
  const matches = rows[0]?.matches ?? (await countMatchesUpToLimit(db, search));
  return { rows, matches: Number(matches) };
}

/** Matches of a search, counted up to one past the limit: the count stops there whatever the table holds. */
async function countMatchesUpToLimit(db: Db, search: Search): Promise<number> {
  const limited = db.select({ id: orders.id }).from(searchedOrders(db, search)).where(search.filters).limit(searchCountLimit + 1).as('limited');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(limited);
  return Number(row?.count ?? 0);
}

/**
 * Orders the filters keep, counted up to one past the limit. The maintained counters hold statuses
 * and priorities only, so a filter on the language is counted from the orders, and stops there.
 */
async function countOrdersUpToLimit(db: Db, where: SQL | undefined): Promise<number> {
  const limited = db.select({ id: orders.id }).from(orders).where(where).limit(searchCountLimit + 1).as('limited');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(limited);
  return Number(row?.count ?? 0);
}

/**
 * A search's page and its matches (up to one past the limit). Past the limit, the matches collected
 * are not all of them, so the page is read in the list's order, keeping the rows that match: at
 * least one row in a thousand does, so the walk is short, as with any filter.
 */
async function readSearch(db: Db, search: Search, paging: Paging): Promise<{ rows: ListRow[]; matches: number }> {
  const collected = await readSearchPage(db, search, paging);
  if (collected.matches <= searchCountLimit) return collected;
  return { rows: await readPage(db, { where: and(search.filters, search.text), statuses: null }, paging), matches: collected.matches };
}

/**
 * One page of `/manage/orders`, newest first, 25 at a time, with the counters. The counters and the
 * total of a filtered list come from the maintained counters; a page comes from an index in the
 * list's order, found by key; a search, or a filter on the language, counts at most
 * `searchCountLimit` + 1 matches. None of it reads the whole table.
 */
export async function findOrders({ db, viewer, query }: FindOrdersOptions): Promise<OrderListResponse> {
  const visible = visibleTo(viewer);
  const priorityFilter = query.priority === 'all' ? undefined : eq(orders.priority, query.priority);
  const languageFilter = query.language === 'all' ? undefined : eq(orders.locale, query.language);
  const searchFilter = query.search === '' ? undefined : orderTextContains(query.search);
  const statuses = statusesOfFilter(query.status);
  const paging = pagingOf(query);

  const [page, counterRows] = await Promise.all([
    searchFilter
      ? readSearch(db, { text: searchFilter, filters: and(visible, statusCondition(statuses), priorityFilter, languageFilter) }, paging)
      : Promise.all([
          readPage(db, { where: and(visible, priorityFilter, languageFilter), statuses }, paging),
          languageFilter ? countOrdersUpToLimit(db, and(visible, statusCondition(statuses), priorityFilter, languageFilter)) : null,
        ]).then(([rows, matches]) => ({ rows, matches })),
    readCounters(db, viewer),
  ]);
  const { rows: pageRows, matches } = page;

  const more = pageRows.length > ordersPageSize;
  // A previous page was read oldest first, from the edge: its extra row is the newest, and it is turned back.
  const rows = pageRows.slice(0, ordersPageSize);
  if (paging.direction === 'before') rows.reverse();
  // Past the cursor of `after` there is the page it came from; before `before`, the page it came from.
  const hasNewer = paging.direction === 'after' || (paging.direction === 'before' ? more : paging.offset > 0);
  const hasOlder = paging.direction === 'before' || more;

  const items: OrderListItem[] = rows.map((row) => ({
    id: row.id,
    applicationId: row.applicationId,
    companyName: row.companyName || null,
    billingEmail: row.billingEmail,
    locale: isLocale(row.locale) ? row.locale : baseLocale,
    amountCents: row.amount,
    currency: row.currency,
    paymentStatus: row.paymentStatus,
    status: normalizeOrderStatus(row.status),
    priority: normalizeOrderPriority(row.priority),
    assignee: row.assigneeId && row.assigneeName !== null ? { id: row.assigneeId, name: row.assigneeName } : null,
    dueDate: row.dueDate?.toISOString() ?? null,
    createDate: row.createDate.toISOString(),
    disputed: isDisputeOpen(row.disputeStatus),
  }));
  return {
    orders: items,
    total: matches === null ? filteredTotal(counterRows, query) : Math.min(matches, searchCountLimit),
    totalIsLowerBound: matches !== null && matches > searchCountLimit,
    page: query.page,
    pageSize: ordersPageSize,
    nextCursor: hasOlder && items.length > 0 ? items[items.length - 1]!.id : null,
    previousCursor: hasNewer && items.length > 0 ? items[0]!.id : null,
    counters: countersOf(counterRows),
  };
}
