import { type LucideIcon, AlarmClock, Ban, CircleCheck, Clock, Inbox, Layers, PauseCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { CounterGroup } from '#shared/orders/lifecycle.ts';
import type { OrderCounters, OrderStatusFilter } from '#shared/fulfilment/orders.ts';

type CounterLook = { icon: LucideIcon; iconClass: string };

// How each counter looks; which counters there are, their labels and their links come with the list
// (the lifecycle's counter groups), so a new group shows with the plain look until it is given one.
const looks: Partial<Record<CounterGroup, CounterLook>> = {
  new: { icon: Inbox, iconClass: 'bg-blue-50 text-blue-700' },
  in_progress: { icon: Clock, iconClass: 'bg-amber-50 text-amber-700' },
  overdue: { icon: AlarmClock, iconClass: 'bg-red-50 text-red-700' },
  completed: { icon: CircleCheck, iconClass: 'bg-green-50 text-green-700' },
  on_hold: { icon: PauseCircle, iconClass: 'bg-orange-50 text-orange-700' },
  cancelled: { icon: Ban, iconClass: 'bg-slate-100 text-slate-700' },
};
const plainLook: CounterLook = { icon: Layers, iconClass: 'bg-slate-100 text-slate-700' };

const countFormat = new Intl.NumberFormat('en-US');

type OrdersListCountersProps = {
  values: OrderCounters | undefined;
  /** The list's status filter: its counter is marked as the current one. */
  status: OrderStatusFilter;
  /** The address of the list filtered to a status (the other filters kept). */
  hrefOf: (status: OrderStatusFilter) => string;
};

/** The dashboard counters (spec 02 section 4), over every order the user may see; each filters the list. */
export function OrdersListCounters({ values, status, hrefOf }: OrdersListCountersProps) {
  const counters = [
    { key: 'total', label: 'Total', filter: 'all', count: values?.total, look: plainLook },
    ...(values?.groups ?? []).map((group) => ({ key: group.group, label: group.label, filter: group.filter, count: group.count, look: looks[group.group] ?? plainLook })),
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:gap-4 xl:grid-cols-7" aria-busy={values === undefined}>
      {counters.map(({ key, label, filter, count, look: { icon: Icon, iconClass } }) => {
        const current = filter === status;
        return (
          <li key={key}>
            <Link
              to={hrefOf(filter)}
              aria-current={current ? 'true' : undefined}
              className={`flex h-full flex-col-reverse justify-end rounded-xl border bg-white p-4 shadow-sm hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                current ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'
              }`}
            >
              <span className="flex items-center gap-2 text-sm text-slate-600">
                <span className={`flex size-6 shrink-0 items-center justify-center rounded-md ${iconClass}`}>
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                {label}
              </span>
              <span className="mb-1 text-2xl font-bold text-slate-900 tabular-nums" data-counter={key}>
                {count === undefined ? '–' : countFormat.format(count)}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
