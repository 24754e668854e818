import type { CustomerStatus, CustomerStatusDetails } from '#shared/orders/customer-statuses.ts';
import { customerStatusLabels } from './status-labels';

const badgeClasses: Record<CustomerStatusDetails['badge'], string> = {
  default: 'bg-brand-600 text-white',
  secondary: 'bg-slate-100 text-slate-900',
  destructive: 'bg-red-700 text-white',
};

/** The customer status as a pill, in the spec's badge variant. */
export function StatusBadge({ status, details }: { status: CustomerStatus; details: CustomerStatusDetails }) {
  return (
    <span className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ${badgeClasses[details.badge]}`}>
      {customerStatusLabels[status]()}
    </span>
  );
}
