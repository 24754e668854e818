import type { CustomerStatus } from '#shared/orders/customer-statuses.ts';
import { m } from '#shared/i18n/messages.ts';

/** Each customer status as the customer reads it, in the page's language. */
export const customerStatusLabels: Record<CustomerStatus, () => string> = {
  submitted: m.tracking_status_submitted,
  in_process: m.tracking_status_in_process,
  completed: m.tracking_status_completed,
  cancelled: m.tracking_status_cancelled,
};
