import type { OrderFiling } from '../filing/filing';
import { einPattern } from '../ein';
import { z } from 'zod';
import type { Ss4Designee } from '../ss4/ss4-mapping';
import type { SigningState } from '../signing/signing';
import type { OrderPayments } from '../refunds/refunds';
import type { SystemChanger } from '../orders/status-changers';
import { asksForReason, orderPriorities, orderStatuses, statusEmailLabels, statusFilters, type CounterGroup, type OrderPriority, type OrderStatus } from '../orders/lifecycle';
import type { StaffRole } from '../staff/roles';
import { staffMessages } from '../staff/staff-messages';
import { ssnFields } from '../application/contact';
import { isStorableText, refuseUnstorableText, unstorableTextMessage, writtenText } from '../storable-text';
import { locales, type Locale } from '../i18n/locales';

/** Orders per page of `/manage/orders`. */
export const ordersPageSize = 25;


/** A search counts its matches up to this many; beyond it the list says "1,000+". */
export const searchCountLimit = 1000;

const cursorSchema = z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined);

/**
 * The list's filters, as the page keeps them in its address and `GET /api/manage/orders` reads them.
 * Anything unrecognisable falls back to its default rather than failing, as a hand-edited address may.
 * Paging is by key: `after` (the next page, older orders) or `before` (the previous page) names the
 * order at the edge of the page seen; `page` is the page's number for its label, and is used to skip
 * rows only by an address without either.
 */
export const orderListQuerySchema = z.object({
  /** `all`, a status, or a counter of several statuses by its filter name (`in-progress`). */
  status: z.enum(statusFilters).catch('all').default('all'),
  priority: z.enum(['all', ...orderPriorities]).catch('all').default('all'),
  /** `all`, or the language the customer applied in. */
  language: z.enum(['all', ...locales]).catch('all').default('all'),
  search: z.string().trim().max(254).catch('').default(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  after: cursorSchema,
  before: cursorSchema,
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export type OrderStatusFilter = OrderListQuery['status'];
export type OrderLanguageFilter = OrderListQuery['language'];

/**
 * `GET /api/manage/orders` as the server reads it: the page's query, except that a search the
 * database could not hold (a NUL byte, half of an emoji) is refused with a message rather than
 * dropped, so nobody is shown every order for a search they did not mean.
 */
export const orderListRequestSchema = orderListQuerySchema.extend({
  search: z
    .unknown()
    .refine((value) => typeof value !== 'string' || isStorableText(value), unstorableTextMessage)
    .pipe(z.string().trim().max(254).catch(''))
    .default(''),
});

/** One of the list's counters (`counterGroups` in src/shared/orders/lifecycle.ts): its orders, and the status filter its link sets. */
export type OrderCounter = { group: CounterGroup; label: string; filter: string; count: number };

/** Over every order the user may see; the groups, in the order they are shown, add up to the total. */
export type OrderCounters = { total: number; groups: OrderCounter[] };

export type OrderListItem = {
  id: number;
  applicationId: string;
  companyName: string | null;
  billingEmail: string;
  /** The language the customer applied in. */
  locale: Locale;
  amountCents: number;
  currency: string;
  paymentStatus: string;
  status: OrderStatus;
  priority: OrderPriority;
  assignee: { id: string; name: string } | null;
  dueDate: string | null;
  createDate: string;
  /** The payment has an open dispute (chargeback): the list shows it in red. */
  disputed: boolean;
};

export type OrderListResponse = {
  orders: OrderListItem[];
  /** Orders matching the filters (for paging); for a search, at most `searchCountLimit`. */
  total: number;
  /** A search matched more than `searchCountLimit` orders: `total` is the limit ("1,000+"). */
  totalIsLowerBound: boolean;
  page: number;
  pageSize: number;
  /** The `after` of the next page, or null on the last page. */
  nextCursor: number | null;
  /** The `before` of the previous page, or null on the first page. */
  previousCursor: number | null;
  /** Over every order the user may see, whatever the filters. */
  counters: OrderCounters;
};

export type StatusHistoryEntry = {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  changedAt: string;
  /** null for the system or a deleted account. */
  changedBy: { id: string; name: string } | null;
  /** The customer made the change (signing the SS-4): shown as "Customer". */
  changedByCustomer?: boolean;
  /** The part of the service that made the change on its own, named by the history (status-changers.ts). */
  changedBySystem?: SystemChanger;
};

export type OrderDetail = {
  id: number;
  applicationId: string;
  billingEmail: string;
  /** The language the customer applied in: their e-mails and pages speak it. */
  locale: Locale;
  amountCents: number;
  currency: string;
  paymentStatus: string;
  paymentMethod: string | null;
  status: OrderStatus;
  priority: OrderPriority;
  assignee: { id: string; name: string; email: string } | null;
  assignedAt: string | null;
  completedAt: string | null;
  dueDate: string | null;
  ein: string | null;
  /** The EIN's last four digits once the order's personal data was erased (the EIN itself is gone). */
  einLastFour: string | null;
  /** When the order's personal data was erased (retention window or the customer's request); null while held. */
  personalDataErasedAt: string | null;
  notes: string;
  /** What the customer was told when the order was put in a status that asks for a reason (on hold); null in any other. */
  holdReason: string | null;
  createDate: string;
  updatedAt: string;
  /** Raised by every change of the order: a save names the one it was made on. */
  version: number;
  /** The application as the wizard saved it, with the SSN masked (`***-**-6789`). */
  formData: Record<string, unknown>;
  /** Oldest first. */
  statusHistory: StatusHistoryEntry[];
  /** The service's third-party designee the filled SS-4 names (configuration); null when none. */
  ss4Designee?: Ss4Designee | null;
  /** The latest request for the customer's signature of the SS-4. */
  signing?: SigningState;
  /** Paid, refunded and net, the refunds, and the payment's dispute. */
  payments: OrderPayments;
  /** Its filings with the IRS, where a fax goes, an answer waiting to be confirmed, the IRS's letters. */
  filing?: OrderFiling;
  /** Other orders for the same company and responsible party, paid within 30 days of this one (decision 041). */
  possibleDuplicates?: PossibleDuplicate[];
};

/** An order whose application has the same company name and responsible party's SSN as another's. */
export type PossibleDuplicate = { id: number; applicationId: string; createDate: string; paymentStatus: string };

/**
 * Every kind of e-mail the service sends, with the words the order page's E-mails card shows for it.
 * A new kind gets its label here: the server's outbox takes only these kinds.
 */
export const emailKindLabels = {
  // The e-mails a change of status sends, labelled with the lifecycle's transitions.
  ...statusEmailLabels,
  order_confirmation: 'Order confirmation',
  assignment: 'Assignment notice',
  signature_reminder: 'Signing reminder',
  signed_notice: 'Signed notice',
  signed_copy: 'Signed SS-4 copy',
  ein_letter_link: 'EIN letter link',
  verification_code: 'Verification code',
  refund_confirmation: 'Refund confirmation',
  cancellation_confirmation: 'Cancellation and refund confirmation',
  dispute_alert: 'Dispute alert',
  account_attack: 'Sign-in attempts alert',
  irs_overdue: 'No answer from the IRS',
  alert_started: 'Service alert',
  alert_ended: 'Service alert resolved',
} as const satisfies Record<string, string>;
export type EmailKind = keyof typeof emailKindLabels;

/** The label of an e-mail's kind; a kind this build does not know shows as its own name. */
export function emailKindLabel(kind: string): string {
  return Object.hasOwn(emailKindLabels, kind) ? emailKindLabels[kind as EmailKind] : kind;
}

/** One e-mail about the order, as the outbox holds it (`GET /api/manage/orders/:id`). */
export type OrderEmail = {
  id: number;
  /** `order_confirmation`, `ein`, `assignment`, … */
  kind: string;
  to: string;
  subject: string;
  /** `queued` until sent, or `failed` once every attempt has failed. */
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  /** When it is tried next, while queued. */
  nextAttemptAt: string | null;
  sentAt: string | null;
  createdAt: string;
};

export type OrderDetailResponse = {
  order: OrderDetail;
  /** The order's e-mails, oldest first. */
  emails?: OrderEmail[];
  /**
   * After a save: whether the EIN e-mail went out now, was not due, or could not be sent now (`failed`:
   * the save still holds and the outbox tries it again).
   */
  einEmail?: 'sent' | 'not_due' | 'failed';
};

/** The longest reason for a hold staff may write for the customer. */
export const holdReasonMaxLength = 2000;

/**
 * `PATCH /api/manage/orders/:id`: the Order Management card's fields; completing needs the EIN,
 * putting on hold the reason the customer is told.
 */
export const orderUpdateSchema = refuseUnstorableText(
  z
    .object({
      /** The order's `version` the page showed: a save made on an older one is refused (409 `order_changed`). */
      version: z.number().int().min(1).max(2_147_483_647),
      status: z.enum(orderStatuses),
      priority: z.enum(orderPriorities),
      assignedTo: z.string().min(1).max(100).nullable(),
      notes: writtenText(z.string().max(10_000, staffMessages.notesTooLong)),
      ein: z
        .string()
        .trim()
        .max(20, staffMessages.einFormat)
        .transform((value) => (value === '' ? null : value))
        .nullable()
        .refine((value) => value === null || einPattern.test(value), staffMessages.einFormat),
      /** What the customer reads while the order is in a status that asks for a reason (on hold; e-mailed to them); ignored otherwise. */
      holdReason: z
        .string()
        .trim()
        .max(holdReasonMaxLength, staffMessages.holdReasonTooLong)
        .transform((value) => (value === '' ? null : value))
        .nullable()
        .optional()
        .transform((value) => value ?? null),
    })
    .strict()
    .superRefine((update, context) => {
      if (update.status === 'completed' && !update.ein) {
        context.addIssue({ code: 'custom', path: ['ein'], message: staffMessages.einRequired });
      }
      if (asksForReason(update.status) && !update.holdReason) {
        context.addIssue({ code: 'custom', path: ['holdReason'], message: staffMessages.holdReasonRequired });
      }
    }),
);
export type OrderUpdateInput = z.input<typeof orderUpdateSchema>;
export type OrderUpdate = z.output<typeof orderUpdateSchema>;

/**
 * `POST /api/manage/orders/:id/ssn` (audited): which SSN to reveal, the responsible party's when the
 * body names none (or there is no body).
 */
export const revealSsnRequestSchema = z.strictObject({ field: z.enum(ssnFields, { error: staffMessages.ssnField }).default('rpSSN') });
export type RevealSsnRequest = z.input<typeof revealSsnRequestSchema>;

/** The answer: that SSN in full, `123-45-6789`, or null when the order has none readable. */
/**
 * Which taxpayer number a Reveal shows, as staff read it: the responsible party's SSN or ITIN, or
 * "None (foreign)" for one with neither (a decedent's or grantor's number is always an SSN).
 */
export const revealedNumberKinds = { ssn: 'SSN', itin: 'ITIN', none: 'None (foreign)' } as const;
export type RevealedNumberKind = keyof typeof revealedNumberKinds;

export type RevealSsnResponse = { ssn: string | null; kind: RevealedNumberKind };

/**
 * `POST /api/manage/orders/:id/ein-letter-link`: a new link to the IRS's letter was e-mailed to the
 * customer now, or (`emailed: false`) is queued and the outbox tries it again.
 */
export type EinLetterLinkResponse = { emailed: boolean };

/**
 * Someone orders can be assigned to (`GET /api/manage/staff`), ordered by name. The e-mail is given
 * only to those who manage users: a fulfiller sees names.
 */
export type AssignableStaff = { id: string; name: string; email?: string; role: StaffRole; suspended: boolean };
export type StaffListResponse = { staff: AssignableStaff[] };
