// Order statuses (spec 02 section 4): the nine internal ones staff work with, the legacy values
// mapped on load, and the customer-facing status the tracking page shows.

/** From a new order to the IRS submission, in the order of a filing (DESIGN 11). */
const inProcessStatuses = [
  'reviewing_form_data',
  'checking_company_registration',
  'preparing_ss4_form',
  'awaiting_user_signature',
  'ss4_signed_awaiting_irs',
  'submitted_to_irs',
] as const;

export const orderStatuses = [...inProcessStatuses, 'completed', 'on_hold', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  reviewing_form_data: 'Reviewing Form Data',
  checking_company_registration: 'Checking Company Registration',
  preparing_ss4_form: 'Preparing SS4 Form',
  awaiting_user_signature: 'Awaiting User Signature',
  ss4_signed_awaiting_irs: 'SS4 Signed Awaiting IRS',
  submitted_to_irs: 'Submitted to IRS',
  completed: 'Completed',
  on_hold: 'On Hold',
  cancelled: 'Cancelled',
};

/** The status every newly paid order starts in. */
export const initialOrderStatus: OrderStatus = 'reviewing_form_data';

/**
 * The groups of statuses every rule is written in, by name. In process: being worked, from a new
 * order to the IRS submission (the dashboard's "In Progress"). Closed: no more work (no active order
 * for its assignee, no due-date badge). Open: everything not closed. Customer-visible: entering it
 * changes what the customer is told, so they hear of it.
 */
export const orderStatusGroups = {
  inProcess: inProcessStatuses,
  closed: ['completed', 'cancelled'],
  open: [...inProcessStatuses, 'on_hold'],
  customerVisible: ['awaiting_user_signature', 'on_hold', 'completed', 'cancelled'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderStatusGroup = keyof typeof orderStatusGroups;

/** Whether `status` is in `group`. */
export function isInStatusGroup(group: OrderStatusGroup, status: OrderStatus): boolean {
  return (orderStatusGroups[group] as readonly OrderStatus[]).includes(status);
}

/** Values stored before the nine statuses, and what each reads as (spec 02 section 4). */
export const legacyOrderStatuses: Readonly<Record<string, OrderStatus>> = {
  submitted: 'reviewing_form_data',
  assigned: 'reviewing_form_data',
  in_progress: 'reviewing_form_data',
  irs_submitted: 'submitted_to_irs',
};

/** A stored status as one of the nine; legacy values are mapped, anything unknown is reviewed again. */
export function normalizeOrderStatus(value: string): OrderStatus {
  if ((orderStatuses as readonly string[]).includes(value)) return value as OrderStatus;
  return Object.hasOwn(legacyOrderStatuses, value) ? legacyOrderStatuses[value]! : 'reviewing_form_data';
}

export const orderPriorities = ['standard', 'express', 'rush'] as const;
export type OrderPriority = (typeof orderPriorities)[number];
export const orderPriorityLabels: Record<OrderPriority, string> = { standard: 'Standard', express: 'Express', rush: 'Rush' };

/** A stored priority as one of the three; anything else (never written by this server) as standard. */
export function normalizeOrderPriority(value: string): OrderPriority {
  return (orderPriorities as readonly string[]).includes(value) ? (value as OrderPriority) : 'standard';
}

export const customerStatuses = ['submitted', 'in_process', 'completed', 'cancelled'] as const;
export type CustomerStatus = (typeof customerStatuses)[number];

/** What the customer sees for each internal status (spec 02 section 4); `submitted` has none. */
const customerStatusOf: Record<OrderStatus, CustomerStatus> = {
  reviewing_form_data: 'in_process',
  checking_company_registration: 'in_process',
  preparing_ss4_form: 'in_process',
  awaiting_user_signature: 'in_process',
  ss4_signed_awaiting_irs: 'in_process',
  submitted_to_irs: 'in_process',
  on_hold: 'in_process',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** What the customer sees for a stored status. */
export function customerStatusFor(status: string): CustomerStatus {
  return customerStatusOf[normalizeOrderStatus(status)];
}

export type CustomerStatusDetails = {
  label: string;
  progress: number;
  badge: 'default' | 'secondary' | 'destructive';
};

/** The badge and the progress line of each customer-facing status; the words are the stage's (tracking.ts). */
export const customerStatusDetails: Record<CustomerStatus, CustomerStatusDetails> = {
  submitted: { label: 'Submitted', progress: 10, badge: 'secondary' },
  in_process: { label: 'In Process', progress: 50, badge: 'default' },
  completed: { label: 'Completed', progress: 100, badge: 'default' },
  cancelled: { label: 'Cancelled', progress: 0, badge: 'destructive' },
};

/**
 * Where the order stands, in the customer's words: finer than the customer-facing status, so that
 * tracking can say what is true of each internal status without naming it (the internal names are
 * staff's). Several internal statuses may share a stage.
 */
export const trackingStages = ['reviewing', 'preparing', 'awaiting_signature', 'filing', 'with_irs', 'on_hold', 'completed', 'cancelled'] as const;
export type TrackingStage = (typeof trackingStages)[number];

const trackingStageOf: Record<OrderStatus, TrackingStage> = {
  reviewing_form_data: 'reviewing',
  checking_company_registration: 'reviewing',
  preparing_ss4_form: 'preparing',
  awaiting_user_signature: 'awaiting_signature',
  ss4_signed_awaiting_irs: 'filing',
  submitted_to_irs: 'with_irs',
  on_hold: 'on_hold',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** The tracking stage of a stored status (legacy values mapped first). */
export function trackingStageFor(status: string): TrackingStage {
  return trackingStageOf[normalizeOrderStatus(status)];
}
