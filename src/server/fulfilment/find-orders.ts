import { isDisputeOpen } from '../../shared/refunds/refunds';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { orderCounters, orders, user, type Db, statusAsReadSql, storedValuesOf } from '../db';
import {
  counterFilter,
  counterGroups,
  normalizeOrderPriority,
  normalizeOrderStatus,
  statusesOfCounter,
  statusesOfFilter,
  type CounterGroup,
  type OrderStatus,
} from '../../shared/orders/lifecycle';
import { can } from '../../shared/staff/permissions';
import type { StaffUser } from '../../shared/staff/session';
import { ordersPageSize, searchCountLimit, type OrderCounters, type OrderListItem, type OrderListQuery, type OrderListResponse } from '../../shared/fulfilment/orders';

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

/** `%text%` for ILIKE, with ILIKE's own characters (and its escape character) taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
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

/**
 * The e-mail contains `text`. A whole address (or one with part of its domain) is looked up in the
 * trigram index by what comes before and including the `@`, and the rest is checked on those rows
 * only: a domain is shared by a great many orders (every `gmail.com` customer), and its trigrams
 * would make the index read an entry for each of them. The second condition is written over
 * `billing_email || ''` so that it is a check on the rows found, not a second index condition.
 */
function emailContains(text: string): SQL {
  const at = text.indexOf('@');
  if (at < 1 || at === text.length - 1) return ilike(orders.billingEmail, containsPattern(text));
  return sql`(${ilike(orders.billingEmail, containsPattern(text.slice(0, at + 1)))} and (${orders.billingEmail} || '') ilike ${containsPattern(text)})`;
}

// Words that a great share of business names hold: legal endings, joining words, and the generic
// words of names and trades. Compared in lower case, without dots.
const commonNameWords = new Set([
  'llc', 'pllc', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'llp', 'lp', 'pc', 'pa',
  'the', 'of', 'and', 'for', 'a',
  'family', 'trust', 'estate', 'foundation', 'association', 'church', 'ministries', 'group', 'holdings', 'partners', 'partnership',
  'associates', 'services', 'solutions', 'enterprises', 'consulting', 'management', 'properties', 'investments', 'capital',
  'ventures', 'industries', 'international', 'global', 'systems', 'technologies', 'technology', 'tech', 'media', 'marketing',
  'design', 'studio', 'construction', 'realty', 'real', 'logistics', 'transport', 'trucking', 'cleaning', 'landscaping',
  'plumbing', 'electric', 'roofing', 'repair', 'auto', 'dental', 'fitness', 'catering', 'bakery', 'coffee', 'roasters',
  'software', 'apparel', 'brewing', 'farms', 'farm', 'tutoring', 'pet', 'care', 'woodworks', 'home', 'health', 'insurance',
  'financial', 'legal', 'law', 'medical', 'restaurant', 'cafe', 'salon', 'shop', 'store', 'market', 'supply',
]);

/**
 * The stretches of `text` between its common words, those of three characters or more (a trigram
 * index can look up nothing shorter). Each is a part of `text`, so a name that contains `text`
 * contains each of them.
 */
export function distinctiveParts(text: string): string[] {
  const parts: string[] = [];
  let start: number | null = null;
  let end = 0;
  const close = () => {
    if (start !== null && end - start >= 3) parts.push(text.slice(start, end));
    start = null;
  };
  for (const word of text.matchAll(/[^\s,]+/g)) {
    if (commonNameWords.has(word[0].toLowerCase().replaceAll('.', ''))) {
      close();
    } else {
      start ??= word.index;
      end = word.index + word[0].length;
    }
  }
  close();
  return parts;
}

/**
 * The company name contains `text`. As with an e-mail's domain, the common words of names ("LLC",
 * "Holdings", "Consulting") are each in a great share of the names, and every trigram of them makes
 * the index read further at volume: the index is asked for the stretches of `text` between them
 * (when any of three characters or more is left), and the whole text is checked on the rows found.
 */
function companyNameContains(text: string): SQL {
  const companyName = sql`(${orders.formData} -> 'company' ->> 'companyName')`;
  const parts = distinctiveParts(text);
  if (parts.length === 0 || (parts.length === 1 && parts[0] === text)) return sql`${companyName} ilike ${containsPattern(text)}`;
  const lookups = parts.map((part) => sql`${companyName} ilike ${containsPattern(part)}`);
  return sql`(${sql.join(lookups, sql` and `)} and (${companyName} || '') ilike ${containsPattern(text)})`;
}

type CounterRow = { status: string; priority: string; orders: number };

/** The viewer's rows of the maintained counters, by status and priority: a few dozen at most. */
async function readCounters(db: Db, viewer: StaffUser): Promise<CounterRow[]> {
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
function countersOf(rows: CounterRow[]): OrderCounters {
  const groups = (Object.keys(counterGroups) as CounterGroup[]).map((group) => {
    const stored = new Set(statusesOfCounter(group).flatMap(storedValuesOf));
    return { group, label: counterGroups[group].label, filter: counterFilter(group), count: sumOf(rows, (row) => stored.has(row.status)) };
  });
  return { total: sumOf(rows), groups };
}

/** How many orders the status and priority filters keep, from the counters. */
function filteredTotal(rows: CounterRow[], query: OrderListQuery): number {
  const statuses = statusesOfFilter(query.status)?.flatMap(storedValuesOf) ?? null;
  return sumOf(rows, (row) => (statuses === null || statuses.includes(row.status)) && (query.priority === 'all' || row.priority === query.priority));
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
  disputeStatus: orders.disputeStatus,
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
  const pages = await Promise.all(
    branches.map((where) =>
      db
        .select(listColumns)
        .from(orders)
        .leftJoin(user, eq(user.id, orders.assignedTo))
        .where(and(where, keyset))
        .orderBy(...(ascending ? oldestFirst : newestFirst))
        .limit(ordersPageSize + 1),
    ),
  );
  if (pages.length === 1) return pages[0]!;
  const order = ascending ? 1 : -1;
  return pages
    .flat()
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
 * list's order, found by key; a search counts at most `searchCountLimit` + 1 matches. None of it
 * reads the whole table.
 */
export async function findOrders({ db, viewer, query }: FindOrdersOptions): Promise<OrderListResponse> {
  const visible = visibleTo(viewer);
  const priorityFilter = query.priority === 'all' ? undefined : eq(orders.priority, query.priority);
  const pattern = containsPattern(query.search);
  // ILIKE '%…%' is what the trigram indexes on the three columns serve.
  const searchFilter =
    query.search === ''
      ? undefined
      : or(ilike(orders.applicationId, pattern), emailContains(query.search), companyNameContains(query.search));
  const statuses = statusesOfFilter(query.status);
  const paging = pagingOf(query);

  const [page, counterRows] = await Promise.all([
    searchFilter
      ? readSearch(db, { text: searchFilter, filters: and(visible, statusCondition(statuses), priorityFilter) }, paging)
      : readPage(db, { where: and(visible, priorityFilter), statuses }, paging).then((rows) => ({ rows, matches: null })),
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
