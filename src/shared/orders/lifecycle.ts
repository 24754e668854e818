import type { LabelledAuditAction } from '../audit/audit';
import type { Permission } from '../staff/permissions';
import type { StatusChangeCause } from './status-changers';
import type { CustomerStatus, TrackingStage } from './customer-statuses';

// An order's lifecycle (spec 02 section 4, DESIGN 11), in one place: its statuses and what each means
// to staff and to the customer, and the changes allowed between them with what each change does. The
// server applies every change through one function (`changeOrderStatus`, src/server/orders); the staff
// screens read the same tables to offer only the changes allowed, and to draw the list's counters.
// A new status is one row of `orderStatusTable` (and of `orderTransitions` when it is entered in a
// way of its own); a new customer e-mail is one of `statusEmailKinds` (with its label), whose effect the type
// checker asks for in the server's map (src/server/orders/status-effects.ts). What the customer sees of
// an order (its status and stage) is in customer-statuses.ts, which the customer's pages read alone.
export { customerStatusDetails, customerStatuses, trackingStages, type CustomerStatus, type CustomerStatusDetails, type TrackingStage } from './customer-statuses';

/**
 * The staff list's counters, in the order they are shown: disjoint, so they add up to the total.
 * A counter of several statuses is filtered by its own `filter` value in the list's address.
 */
export const counterGroups = {
  new: { label: 'New Submissions' },
  in_progress: { label: 'In Progress', filter: 'in-progress', filterLabel: 'In Progress (any stage after review)' },
  overdue: { label: 'Overdue at IRS' },
  completed: { label: 'Completed' },
  on_hold: { label: 'On Hold' },
  cancelled: { label: 'Cancelled' },
} as const satisfies Record<string, { label: string; filter?: string; filterLabel?: string }>;
export type CounterGroup = keyof typeof counterGroups;

type StatusFacts = {
  /** What staff read. */
  label: string;
  /** Its counter on the staff list. */
  counter: CounterGroup;
  /** What tracking tells the customer while the order is in it. */
  stage: TrackingStage;
  customerStatus: CustomerStatus;
  /** No more work is done: nothing moves the order out of it but what `orderTransitions` lists. */
  final?: true;
  /** Entered only by the filing leg (no answer from the IRS in time), never chosen by staff. */
  filingOnly?: true;
  /**
   * Staff say why, in words the customer reads (its e-mail quotes them, the order page shows them):
   * required when staff move the order here, kept only while the order stays here.
   */
  asksForReason?: true;
};

/** Every status, in the order of a filing (DESIGN 11), then the ones outside it. */
export const orderStatusTable = {
  reviewing_form_data: { label: 'Reviewing Form Data', counter: 'new', stage: 'reviewing', customerStatus: 'in_process' },
  checking_company_registration: { label: 'Checking Company Registration', counter: 'in_progress', stage: 'reviewing', customerStatus: 'in_process' },
  preparing_ss4_form: { label: 'Preparing SS4 Form', counter: 'in_progress', stage: 'preparing', customerStatus: 'in_process' },
  awaiting_user_signature: { label: 'Awaiting User Signature', counter: 'in_progress', stage: 'awaiting_signature', customerStatus: 'in_process' },
  ss4_signed_awaiting_irs: { label: 'SS4 Signed Awaiting IRS', counter: 'in_progress', stage: 'filing', customerStatus: 'in_process' },
  submitted_to_irs: { label: 'Submitted to IRS', counter: 'in_progress', stage: 'with_irs', customerStatus: 'in_process' },
  irs_overdue: { label: 'Overdue at IRS', counter: 'overdue', stage: 'with_irs', customerStatus: 'in_process', filingOnly: true },
  completed: { label: 'Completed', counter: 'completed', stage: 'completed', customerStatus: 'completed', final: true },
  on_hold: { label: 'On Hold', counter: 'on_hold', stage: 'on_hold', customerStatus: 'in_process', asksForReason: true },
  cancelled: { label: 'Cancelled', counter: 'cancelled', stage: 'cancelled', customerStatus: 'cancelled', final: true },
} as const satisfies Record<string, StatusFacts>;

export type OrderStatus = keyof typeof orderStatusTable;
const statusFacts = (status: OrderStatus): StatusFacts => orderStatusTable[status];

// The two lists below are marked pure so that a page reading neither leaves the staff's labels out of its script.
export const orderStatuses = /* @__PURE__ */ Object.keys(orderStatusTable) as [OrderStatus, ...OrderStatus[]];

export const orderStatusLabels = /* @__PURE__ */ Object.fromEntries(orderStatuses.map((status) => [status, statusFacts(status).label])) as Record<OrderStatus, string>;

/** Whether staff write the customer a reason for putting an order in `status` (kept only while it is there). */
export function asksForReason(status: OrderStatus): boolean {
  return statusFacts(status).asksForReason === true;
}

/** The status every newly paid order starts in. */
export const initialOrderStatus: OrderStatus = 'reviewing_form_data';

/** The statuses of a counter, in the table's order. */
export function statusesOfCounter(group: CounterGroup): OrderStatus[] {
  return orderStatuses.filter((status) => statusFacts(status).counter === group);
}

/** The value a counter's link puts in the list's status filter: its one status, or its own filter name. */
export function counterFilter(group: CounterGroup): string {
  const facts: { label: string; filter?: string } = counterGroups[group];
  return facts.filter ?? statusesOfCounter(group)[0]!;
}

/** The counters of several statuses, as the list's status filter offers them. */
export const groupFilters: { filter: string; label: string }[] = Object.values(counterGroups).flatMap((group) =>
  'filter' in group ? [{ filter: group.filter, label: group.filterLabel }] : [],
);

/** What the staff list's status filter may hold: everything, one status, or a counter of several. */
export const statusFilters = ['all', ...groupFilters.map((group) => group.filter), ...orderStatuses] as [string, ...string[]];

/** The statuses a status filter value covers (null: all). */
export function statusesOfFilter(filter: string): OrderStatus[] | null {
  if (filter === 'all') return null;
  const group = (Object.keys(counterGroups) as CounterGroup[]).find((key) => counterFilter(key) === filter && statusesOfCounter(key).length > 1);
  if (group) return statusesOfCounter(group);
  return (orderStatuses as readonly string[]).includes(filter) ? [filter as OrderStatus] : [];
}

const closedStatuses = orderStatuses.filter((status) => statusFacts(status).final);
const openStatuses = orderStatuses.filter((status) => !statusFacts(status).final);
const inProcessStatuses = orderStatuses.filter((status) => ['new', 'in_progress', 'overdue'].includes(statusFacts(status).counter));

/**
 * The groups of statuses every rule is written in, by name. In process: being worked, from a new
 * order to the IRS submission (the dashboard's "New Submissions" and "In Progress"). Closed: no more
 * work (no active order for its assignee, no due-date badge). Open: everything not closed.
 */
export const orderStatusGroups = {
  inProcess: inProcessStatuses,
  closed: closedStatuses,
  open: openStatuses,
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderStatusGroup = keyof typeof orderStatusGroups;

/** Whether `status` is in `group`. */
export function isInStatusGroup(group: OrderStatusGroup, status: OrderStatus): boolean {
  return orderStatusGroups[group].includes(status);
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

/** What the customer sees for a stored status. */
export function customerStatusFor(status: string): CustomerStatus {
  return statusFacts(normalizeOrderStatus(status)).customerStatus;
}

/** The tracking stage of a stored status (legacy values mapped first). */
export function trackingStageFor(status: string): TrackingStage {
  return statusFacts(normalizeOrderStatus(status)).stage;
}

// ---- Changes of status ----

// Who or what moves the order: the causes (`statusChangeCauses`) live with who the history names (status-changers.ts).
export { statusChangeCauses, type StatusChangeCause } from './status-changers';

/**
 * The customer's e-mail a change sends, with its label on the order page's list of e-mails: written by
 * the server (its effect in src/server/orders/status-effects.ts); the signing link's is written by the
 * signing request that the change opens (src/server/signing).
 */
export const statusEmailKinds = ['signature_request', 'on_hold', 'cancelled', 'ein'] as const;
export type StatusEmailKind = (typeof statusEmailKinds)[number];
export const statusEmailLabels: Record<StatusEmailKind, string> = {
  signature_request: 'Signing link',
  on_hold: 'On hold notice',
  cancelled: 'Cancellation notice',
  ein: 'EIN',
};

export type OrderTransition = {
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: StatusChangeCause;
  /** What a staff member making it must be allowed (for the order in hand); null when no staff member makes it. */
  permission: Permission | null;
  /** The customer's e-mail it sends; null for none (a refund's own confirmation tells of its cancellation). */
  customerEmail: StatusEmailKind | null;
  /** The row it writes to the audit trail. */
  audit: LabelledAuditAction;
};

const workedStatuses = inProcessStatuses.filter((status) => status !== 'awaiting_user_signature' && !statusFacts(status).filingOnly);

/**
 * Every change of status the service makes. Completed and cancelled are final: staff cannot move an
 * order out of them (re-opening one would be an audited action of its own), and only a refund of
 * everything paid moves a completed order to cancelled.
 */
export const orderTransitions: readonly OrderTransition[] = [
  // Staff work an open order through the filing; the signing request asks the customer to sign.
  ...workedStatuses.map((to) => ({ from: openStatuses, to, by: 'staff', permission: 'orders:change-status', customerEmail: null, audit: 'order_status_changed' }) as const),
  { from: openStatuses, to: 'awaiting_user_signature', by: 'staff', permission: 'orders:change-status', customerEmail: 'signature_request', audit: 'order_status_changed' },
  // Staff hold an order with a reason the customer is told, complete it with its EIN, or cancel it.
  { from: inProcessStatuses, to: 'on_hold', by: 'staff', permission: 'orders:change-status', customerEmail: 'on_hold', audit: 'order_status_changed' },
  { from: openStatuses, to: 'completed', by: 'staff', permission: 'orders:change-status', customerEmail: 'ein', audit: 'order_status_changed' },
  { from: openStatuses, to: 'cancelled', by: 'staff', permission: 'orders:change-status', customerEmail: 'cancelled', audit: 'order_status_changed' },
  // The customer signs the SS-4 from the link.
  { from: openStatuses, to: 'ss4_signed_awaiting_irs', by: 'signature', permission: null, customerEmail: null, audit: 'order_status_changed' },
  // The filing leg: the SS-4 reached the IRS (its fax delivered, or filed online); no answer within
  // four business days; the EIN read from the IRS's answer recorded without staff (AUTO_CONFIRM_EIN).
  { from: openStatuses, to: 'submitted_to_irs', by: 'filing', permission: null, customerEmail: null, audit: 'order_status_changed' },
  { from: ['submitted_to_irs'], to: 'irs_overdue', by: 'filing', permission: null, customerEmail: null, audit: 'order_status_changed' },
  { from: openStatuses, to: 'completed', by: 'filing', permission: null, customerEmail: 'ein', audit: 'order_status_changed' },
  // Everything paid was refunded (by staff, the customer's cancellation, or the provider's dashboard).
  { from: [...openStatuses, 'completed'], to: 'cancelled', by: 'refund', permission: 'refunds:create', customerEmail: null, audit: 'order_status_changed' },
  // The customer's bank disputes the payment: the order waits for staff.
  { from: inProcessStatuses, to: 'on_hold', by: 'dispute', permission: null, customerEmail: null, audit: 'order_status_changed' },
];

/** The change from `from` to `to` that `by` may make, or null when there is none. */
export function findTransition(from: OrderStatus, to: OrderStatus, by: StatusChangeCause): OrderTransition | null {
  return orderTransitions.find((transition) => transition.by === by && transition.to === to && transition.from.includes(from)) ?? null;
}

/** The statuses staff may move an order in `from` to (none from a final status). */
export function staffTargetsFrom(from: OrderStatus): OrderStatus[] {
  return orderStatuses.filter((to) => to !== from && findTransition(from, to, 'staff') !== null);
}

/** The tracking stage a change shows the customer: its target's. */
export function stageAfter(transition: Pick<OrderTransition, 'to'>): TrackingStage {
  return statusFacts(transition.to).stage;
}

// ---- Priorities ----

export const orderPriorities = ['standard', 'express', 'rush'] as const;
export type OrderPriority = (typeof orderPriorities)[number];
export const orderPriorityLabels: Record<OrderPriority, string> = { standard: 'Standard', express: 'Express', rush: 'Rush' };

/** A stored priority as one of the three; anything else (never written by this server) as standard. */
export function normalizeOrderPriority(value: string): OrderPriority {
  return (orderPriorities as readonly string[]).includes(value) ? (value as OrderPriority) : 'standard';
}
