import type { LucideIcon } from 'lucide-react';
import { CircleCheck, Clock, Inbox, Layers } from 'lucide-react';
import { Card } from '../../components/ui/card';
import type { OrderCounters } from '../../../shared/staff/orders';

const counters: { key: keyof OrderCounters; label: string; icon: LucideIcon; iconClass: string }[] = [
  { key: 'total', label: 'Total', icon: Layers, iconClass: 'bg-slate-100 text-slate-700' },
  { key: 'newSubmissions', label: 'New Submissions', icon: Inbox, iconClass: 'bg-blue-50 text-blue-700' },
  { key: 'inProgress', label: 'In Progress', icon: Clock, iconClass: 'bg-amber-50 text-amber-700' },
  { key: 'completed', label: 'Completed', icon: CircleCheck, iconClass: 'bg-green-50 text-green-700' },
];

const countFormat = new Intl.NumberFormat('en-US');

/** The dashboard counters (spec 02 section 4), over every order the user may see. */
export function OrdersListCounters({ values }: { values: OrderCounters | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4" aria-busy={values === undefined}>
      {counters.map(({ key, label, icon: Icon, iconClass }) => (
        <Card key={key} className="flex flex-col-reverse justify-end p-4">
          <dt className="flex items-center gap-2 text-sm text-slate-600">
            <span className={`flex size-6 shrink-0 items-center justify-center rounded-md ${iconClass}`}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
            {label}
          </dt>
          <dd className="mb-1 text-2xl font-bold text-slate-900 tabular-nums">{values ? countFormat.format(values[key]) : '–'}</dd>
        </Card>
      ))}
    </dl>
  );
}
