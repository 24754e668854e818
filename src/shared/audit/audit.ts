import { z } from 'zod';
import { isSystemChanger, systemChangerLabels } from '../orders/status-changers';

// The audit trail screen (`/manage/audit`) and its API: the readable label of every action, the
// filters as the address and `GET /api/manage/audit` read them, and the rows they answer with.

/**
 * Every action the audit log writes, with the words the screen and the CSV export show for it. A
 * new action gets its label here (a server test checks that every written action has one).
 */
export const auditActionLabels = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_in_throttled: 'Sign-in throttled',
  sign_out: 'Signed out',
  access_denied: 'Access denied',
  two_factor_enrolled: 'Two-factor enrolled',
  two_factor_failed: 'Failed two-factor code',
  two_factor_reset: 'Two-factor reset',
  recovery_code_used: 'Recovery code used',
  recovery_codes_regenerated: 'Recovery codes regenerated',
  password_changed: 'Changed own password',
  password_change_required: 'Asked to choose a stronger password',
  session_revoked: 'Session revoked',
  alert_emails_changed: 'Alert e-mails turned on or off',
  account_unlocked: 'Account unlocked',
  ssn_revealed: 'SSN revealed',
  ss4_downloaded: 'SS-4 downloaded',
  signature_requested: 'Signature requested',
  ss4_signed: 'SS-4 signed by the customer',
  signature_voided: 'Signature voided, customer asked to sign again',
  signed_ss4_downloaded: 'Signed SS-4 downloaded',
  customer_document_downloaded: 'Document downloaded by the customer',
  order_status_changed: 'Order status changed',
  order_assignment_changed: 'Order reassigned',
  order_auto_assigned: 'Order auto-assigned',
  refund_created: 'Refund issued',
  refund_failed: 'Refund failed',
  refund_recorded: 'Refund recorded from the payment provider',
  order_cancelled_by_customer: 'Order cancelled by the customer',
  dispute_opened: 'Payment disputed',
  dispute_updated: 'Dispute updated',
  user_created: 'User created',
  user_updated: 'User updated',
  user_password_reset: 'User password reset',
  user_suspended: 'User suspended',
  user_reactivated: 'User reactivated',
  user_deleted: 'User deleted',
  data_purged: 'Expired personal data purged',
  customer_data_exported: 'Customer data exported',
  customer_data_deleted: 'Customer data deleted',
  filing_created: 'SS-4 filing started',
  filing_held: 'Filing held (one EIN a day)',
  fax_failed: 'Fax to the IRS failed',
  fax_media_fetched: 'Fax document fetched by the provider',
  fax_received: 'Fax received',
  fax_matched: 'Fax matched to an order',
  fax_viewed: 'Received fax viewed',
  fax_dismissed: 'Received fax set aside',
  ein_recorded: 'EIN recorded from the IRS',
  irs_letter_uploaded: 'IRS letter uploaded',
  irs_letter_downloaded: 'IRS letter downloaded',
  ein_letter_link_sent: 'New EIN letter link sent to the customer',
  filing_overdue: 'No answer from the IRS in time',
} as const satisfies Record<string, string>;
export type LabelledAuditAction = keyof typeof auditActionLabels;

/** The actions in the filter's order: alphabetical by label. */
export const labelledAuditActions = (Object.keys(auditActionLabels) as LabelledAuditAction[]).sort((a, b) =>
  auditActionLabels[a].localeCompare(auditActionLabels[b], 'en-US'),
);

/** The label of `action`; an action this build has no label for shows as its own name. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(auditActionLabels, action) ? auditActionLabels[action as LabelledAuditAction] : action;
}

/** Rows per page of the screen. */
export const auditPageSize = 50;

export const auditMessages = {
  invalidDate: 'Dates must be written as YYYY-MM-DD.',
  dateRangeReversed: 'The "From" date must be on or before the "To" date.',
  invalidCursor: 'This page link is no longer valid; start again from the first page.',
  invalidMember: 'Choose a member from the list.',
  invalidAction: 'Choose an action from the list.',
  invalidOrder: 'Order numbers are at most 64 characters.',
} as const;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, auditMessages.invalidDate)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, auditMessages.invalidDate);

/** An empty address parameter is no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * The filters and the page. Dates are whole days in UTC, both ends included. `after` is the keyset
 * cursor of the last row of the previous page (opaque to the browser).
 */
export const auditQuerySchema = z
  .object({
    member: optional(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, auditMessages.invalidMember)),
    action: optional(z.string().regex(/^[a-z0-9_]{1,64}$/, auditMessages.invalidAction)),
    from: optional(isoDay),
    to: optional(isoDay),
    order: optional(z.string().trim().min(1).max(64, auditMessages.invalidOrder)),
    after: optional(z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, auditMessages.invalidCursor)),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: auditMessages.dateRangeReversed, path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The filters alone (what the CSV export takes). */
export type AuditFilters = Omit<AuditQuery, 'after'>;
export const auditFilterKeys = ['member', 'action', 'from', 'to', 'order'] as const satisfies readonly (keyof AuditFilters)[];

/** The query as address parameters, leaving out what is not set. */
export function auditSearchParams(query: AuditQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of [...auditFilterKeys, 'after'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  return params;
}

export type AuditRow = {
  id: number;
  at: string;
  action: string;
  actionLabel: string;
  /** null for the system or an anonymous caller. */
  actor: { id: string | null; email: string; name: string | null } | null;
  /** The order the row is about, when it is about one (null once the order is gone). */
  order: { id: number; number: string | null } | null;
  /** What else the row names: an account (`user:…`) or the e-mail a failed sign-in used. */
  target: string | null;
  detail: Record<string, unknown> | null;
  ipAddress: string | null;
};

export type AuditMember = { id: string; name: string; email: string };

export type AuditResponse = {
  rows: AuditRow[];
  /** The cursor of the next page, or null on the last one. */
  next: string | null;
  /** The accounts the member filter offers. */
  members: AuditMember[];
};

/**
 * Who a row without an account is from: a caller who was not signed in, the customer, the part of the
 * service its detail names (`madeBy`, written with each change of an order's status), or the system.
 */
export function auditActorFallback(action: string, detail?: Record<string, unknown> | null): string {
  if (action.startsWith('sign_in') || action === 'access_denied') return 'Not signed in';
  const madeBy = detail?.madeBy;
  if (madeBy === 'customer' || action === 'order_cancelled_by_customer') return 'Customer';
  return typeof madeBy === 'string' && isSystemChanger(madeBy) ? systemChangerLabels[madeBy] : 'System';
}
