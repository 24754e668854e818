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
