import { legacyOrderStatuses, normalizeOrderStatus, orderStatusGroups, type OrderStatus, type OrderStatusGroup } from '#shared/orders/lifecycle.ts';

// Orders made before the nine statuses keep their old values in the database; `normalizeOrderStatus`
// says what each means. Filters and counters work on stored values, so they need the reverse: every
// stored value that reads as a given status.

/** The stored values that read as `status` (itself and the legacy values mapped to it). */
export function storedValuesOf(status: OrderStatus): string[] {
  return [status, ...Object.keys(legacyOrderStatuses).filter((value) => normalizeOrderStatus(value) === status)];
}

/** The stored values that read as a status of `group`. */
export function storedValuesOfGroup(group: OrderStatusGroup): string[] {
  return orderStatusGroups[group].flatMap(storedValuesOf);
}

/**
 * The stored status as staff read it, in SQL (legacy values mapped), over the unqualified `status`
 * column. Migration 0010 indexes exactly this text: PostgreSQL uses an expression index only for the
 * same expression, so queries build it here and a test compares it with the migration. It names only
 * the legacy values, which never change: a new status reads as itself.
 */
export const statusAsReadSql = `(CASE "status" ${Object.entries(legacyOrderStatuses)
  .map(([stored, read]) => `WHEN '${stored}' THEN '${read}'`)
  .join(' ')} ELSE "status" END)`;
