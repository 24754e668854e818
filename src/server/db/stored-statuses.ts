import { legacyOrderStatuses, normalizeOrderStatus, orderStatusGroups, type OrderStatus, type OrderStatusGroup } from '../../shared/orders/statuses';

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

/** The counter groups of the staff list: disjoint, so their counts add up to the total. */
export const counterGroups = {
  new: ['reviewing_form_data'],
  in_progress: orderStatusGroups.inProcess.filter((status) => status !== 'reviewing_form_data'),
  completed: ['completed'],
  on_hold: ['on_hold'],
  cancelled: ['cancelled'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type CounterGroup = keyof typeof counterGroups;

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * The stored status as staff read it, in SQL (legacy values mapped), over the unqualified `status`
 * column. Migration 0010 indexes exactly this text: PostgreSQL uses an expression index only for the
 * same expression, so queries build it here and a test compares it with the migration.
 */
export const statusAsReadSql = `(CASE "status" ${Object.entries(legacyOrderStatuses)
  .map(([stored, read]) => `WHEN '${stored}' THEN '${read}'`)
  .join(' ')} ELSE "status" END)`;

/** The counter group of the stored status, in SQL, as migration 0010 indexes it ('new', 'in_progress', or the status). */
export const counterGroupSql = `(CASE WHEN "status" IN (${quoted(counterGroups.new.flatMap(storedValuesOf))}) THEN 'new' WHEN "status" IN (${quoted(
  counterGroups.in_progress.flatMap(storedValuesOf),
)}) THEN 'in_progress' ELSE "status" END)`;
