import { inProcessStatuses, normalizeOrderStatus, orderPriorities, type OrderPriority, type OrderStatus } from '../../../shared/orders/statuses';

// Orders made before the nine statuses keep their old values in the database; `normalizeOrderStatus`
// says what each means. Filters and counters work on stored values, so they need the reverse: every
// stored value that reads as a given status. Only the names are listed here; what they map to is
// the shared rule's answer.
const legacyStatusValues = ['submitted', 'assigned', 'in_progress', 'irs_submitted'] as const;

/** The stored values that read as `status` (itself and the legacy values mapped to it). */
export function storedValuesOf(status: OrderStatus): string[] {
  return [status, ...legacyStatusValues.filter((value) => normalizeOrderStatus(value) === status)];
}

/** Stored values of the dashboard's 'In Progress': the six in-process statuses and their legacy values. */
export const inProcessStoredValues: readonly string[] = inProcessStatuses.flatMap(storedValuesOf);

/** Statuses an order no longer needs work in; every other one counts as an active order. */
export const finishedStatuses: readonly OrderStatus[] = ['completed', 'cancelled'];

/** A stored priority as one of the three; anything else (never written by this server) as standard. */
export function normalizeOrderPriority(value: string): OrderPriority {
  return (orderPriorities as readonly string[]).includes(value) ? (value as OrderPriority) : 'standard';
}
