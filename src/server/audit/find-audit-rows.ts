import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { auditLog, orders, user, type Db } from '../db';
import { AppError } from '../errors';
import { auditActionLabel, auditMessages, type AuditFilters, type AuditMember, type AuditRow } from '#shared/audit/audit.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Where a page starts: the exact time (microseconds, as PostgreSQL keeps it; a JavaScript date would
 * lose them and skip or repeat rows written in the same millisecond) and id of the row before it.
 */
type Cursor = { at: string; id: number };

const cursorText = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6})\|(\d{1,10})$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor of `after`; anything that is not one of ours is a 400, never a database error. */
export function decodeCursor(after: string): Cursor {
  const match = cursorText.exec(Buffer.from(after, 'base64url').toString('utf8'));
  const id = match ? Number(match[2]) : Number.NaN;
  if (!match || !Number.isSafeInteger(id) || id > 2_147_483_647 || Number.isNaN(new Date(`${match[1]}Z`).getTime())) {
    throw new AppError('bad_request', auditMessages.invalidCursor);
  }
  return { at: match[1]!, id };
}

/** The filters as one condition; every one of them is served by an index of migration 0009. */
function filtersOf(filters: AuditFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.member) conditions.push(eq(auditLog.actorId, filters.member));
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.from) conditions.push(gte(auditLog.at, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(auditLog.at, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + dayMs)));
  if (filters.order) {
    // The order's rows are those naming it; an unknown number names none (NULL matches nothing).
    const number = filters.order.replace(/\s+/g, '').toUpperCase();
    conditions.push(sql`${auditLog.target} = 'order:' || (select ${orders.id} from ${orders} where ${orders.applicationId} = ${number})::text`);
  }
  return and(...conditions);
}

/** The order a target names, as a join condition: `order:12` is order 12. */
const targetOrderId = sql`case when ${auditLog.target} ~ '^order:[0-9]{1,9}$' then substring(${auditLog.target} from 7)::int end`;

const columns = {
  id: auditLog.id,
  // The exact time, for the cursor.
  cursorAt: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
  at: auditLog.at,
  action: auditLog.action,
  actorId: auditLog.actorId,
  actorEmail: auditLog.actorEmail,
  actorName: user.name,
  target: auditLog.target,
  detail: auditLog.detail,
  ipAddress: auditLog.ipAddress,
  orderId: orders.id,
  orderNumber: orders.applicationId,
  targetOrderId: sql<number | null>`${targetOrderId}`,
};

type Row = {
  id: number;
  cursorAt: string;
  at: Date;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  actorName: string | null;
  target: string | null;
  detail: Record<string, unknown> | null;
  ipAddress: string | null;
  orderId: number | null;
  orderNumber: string | null;
  targetOrderId: number | null;
};

function toAuditRow(row: Row): AuditRow {
  const orderId = row.orderId ?? (row.targetOrderId === null ? null : Number(row.targetOrderId));
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    actor: row.actorId === null && row.actorEmail === null ? null : { id: row.actorId, email: row.actorEmail ?? '', name: row.actorName },
    order: orderId === null ? null : { id: orderId, number: row.orderNumber },
    target: row.target,
    detail: row.detail,
    ipAddress: row.ipAddress,
  };
}

/**
 * Up to `limit` rows matching the filters, newest first, after `cursor`: a keyset page, read from the
 * `(…, at, id)` index that has the rows in this order, so a deep page costs what the first one does.
 * The actor's current name and the order's number are joined, not fetched per row.
 */
export async function findAuditRows(
  db: Db,
  filters: AuditFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<{ rows: AuditRow[]; next: string | null }> {
  const after = cursor ? sql`(${auditLog.at}, ${auditLog.id}) < (${cursor.at}::timestamp at time zone 'UTC', ${cursor.id})` : undefined;
  const found: Row[] = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorId))
    .leftJoin(orders, eq(orders.id, targetOrderId))
    .where(and(filtersOf(filters), after))
    // DESC NULLS LAST, as the indexes hold them (both columns are NOT NULL).
    .orderBy(sql`${auditLog.at} desc nulls last`, sql`${auditLog.id} desc nulls last`)
    .limit(limit + 1);
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return { rows: page.map(toAuditRow), next: found.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null };
}

/** Every matching row, newest first, read a batch at a time (for the CSV export). */
export async function* eachAuditRow(db: Db, filters: AuditFilters, batchSize = 500): AsyncGenerator<AuditRow> {
  let cursor: Cursor | null = null;
  for (;;) {
    const { rows, next } = await findAuditRows(db, filters, cursor, batchSize);
    yield* rows;
    if (!next) return;
    cursor = decodeCursor(next);
  }
}

/** The accounts the member filter offers, by name. */
export async function findAuditMembers(db: Db): Promise<AuditMember[]> {
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .orderBy(asc(sql`lower(${user.name})`), asc(user.email));
}
