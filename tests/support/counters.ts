import type { OrderCounters } from '#shared/fulfilment/orders.ts';
import { counterFilter, counterGroups, type CounterGroup } from '#shared/orders/lifecycle.ts';

/** The staff list's counters as the order API gives them, from each group's count (0 where not given). */
export function countersOf(counts: Partial<Record<CounterGroup, number>>): OrderCounters {
  const groups = (Object.keys(counterGroups) as CounterGroup[]).map((group) => ({ group, label: counterGroups[group].label, filter: counterFilter(group), count: counts[group] ?? 0 }));
  return { total: groups.reduce((sum, group) => sum + group.count, 0), groups };
}
