import { type LucideIcon, Ban, CircleCheck, Clock, Inbox, Layers, PauseCircle } from 'lucide-react';
import { Link } from 'react-router';
import { inProgressFilter, type OrderCounters, type OrderStatusFilter } from '../../../shared/fulfilment/orders';

type CounterLink = { key: keyof OrderCounters; label: string; status: OrderStatusFilter; icon: LucideIcon; iconClass: string };

// The five groups add up to the total; each counter shows the orders it counts.
const counters: CounterLink[] = [
  { key: 'total', label: 'Total', status: 'all', icon: Layers, iconClass: 'bg-slate-100 text-slate-700' },
  { key: 'newSubmissions', label: 'New Submissions', status: 'reviewing_form_data', icon: Inbox, iconClass: 'bg-blue-50 text-blue-700' },
  { key: 'inProgress', label: 'In Progress', status: inProgressFilter, icon: Clock, iconClass: 'bg-amber-50 text-amber-700' },
  { key: 'completed', label: 'Completed', status: 'completed', icon: CircleCheck, iconClass: 'bg-green-50 text-green-700' },
  { key: 'onHold', label: 'On Hold', status: 'on_hold', icon: PauseCircle, iconClass: 'bg-orange-50 text-orange-700' },
  { key: 'cancelled', label: 'Cancelled', status: 'cancelled', icon: Ban, iconClass: 'bg-slate-100 text-slate-700' },
];

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
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:gap-4" aria-busy={values === undefined}>
      {counters.map(({ key, label, status: filter, icon: Icon, iconClass }) => {
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
                {values ? countFormat.format(values[key]) : '–'}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
