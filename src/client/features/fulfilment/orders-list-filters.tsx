import { useEffect, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Field } from '#client/components/form/field.tsx';
import { Select, TextInput } from '#client/components/form/controls.tsx';
import { groupFilters, orderPriorities, orderPriorityLabels, orderStatuses, orderStatusLabels, type OrderPriority } from '#shared/orders/lifecycle.ts';
import type { OrderLanguageFilter, OrderListQuery, OrderStatusFilter } from '#shared/fulfilment/orders.ts';
import { localeNames, locales } from '#shared/i18n/locales.ts';

/** How long typing pauses before the search runs. */
export const searchDebounceMs = 300;

type OrdersListFiltersProps = {
  query: OrderListQuery;
  onStatusChange: (status: OrderStatusFilter) => void;
  onPriorityChange: (priority: OrderPriority | 'all') => void;
  onLanguageChange: (language: OrderLanguageFilter) => void;
  onSearchChange: (search: string) => void;
};

/** Status, priority, the customer's language and a search that runs as the user pauses typing (or presses Enter). */
export function OrdersListFilters({ query, onStatusChange, onPriorityChange, onLanguageChange, onSearchChange }: OrdersListFiltersProps) {
  const [search, setSearch] = useState({ draft: query.search, inAddress: query.search });
  if (query.search !== search.inAddress) {
    // The address changed: by this field's own search (keep what is typed, spaces and all) or by
    // back/forward or a link (show that search).
    setSearch({ draft: search.draft.trim() === query.search ? search.draft : query.search, inAddress: query.search });
  }

  const typed = search.draft.trim();
  useEffect(() => {
    if (typed === query.search) return;
    const timer = setTimeout(() => onSearchChange(typed), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed, query.search, onSearchChange]);

  function searchNow(event: FormEvent) {
    event.preventDefault();
    if (typed !== query.search) onSearchChange(typed);
  }

  return (
    <form role="search" aria-label="Filter orders" onSubmit={searchNow} className="grid grid-cols-2 gap-x-3 gap-y-1 sm:gap-x-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <Field label="Search" className="col-span-2 lg:col-span-1">
        {(control) => (
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <TextInput
              {...control}
              type="search"
              name="search"
              placeholder="Application ID, company or billing email"
              autoComplete="off"
              spellCheck={false}
              maxLength={254}
              value={search.draft}
              onChange={(event) => setSearch({ ...search, draft: event.target.value })}
              className="pl-9"
            />
          </div>
        )}
      </Field>
      <Field label="Status">
        {(control) => (
          <Select {...control} name="status" value={query.status} onChange={(event) => onStatusChange(event.target.value as OrderStatusFilter)}>
            <option value="all">All</option>
            {groupFilters.map(({ filter, label }) => (
              <option key={filter} value={filter}>
                {label}
              </option>
            ))}
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {orderStatusLabels[status]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Priority">
        {(control) => (
          <Select {...control} name="priority" value={query.priority} onChange={(event) => onPriorityChange(event.target.value as OrderPriority | 'all')}>
            <option value="all">All</option>
            {orderPriorities.map((priority) => (
              <option key={priority} value={priority}>
                {orderPriorityLabels[priority]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Language">
        {(control) => (
          <Select {...control} name="language" value={query.language} onChange={(event) => onLanguageChange(event.target.value as OrderLanguageFilter)}>
            <option value="all">All</option>
            {locales.map((locale) => (
              <option key={locale} value={locale}>
                {localeNames[locale]}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </form>
  );
}
