import { einPattern } from '../ein';
import { z } from 'zod';
import type { Ss4Designee } from '../ss4/ss4-mapping';
import type { SigningState } from '../signing';
import { orderPriorities, orderStatuses, type OrderPriority, type OrderStatus } from '../orders/statuses';
import type { StaffRole } from './session';
import { staffMessages } from './staff-messages';

/** Orders per page of `/manage/orders`. */
export const ordersPageSize = 25;


/**
 * The list's filters, as the page keeps them in its address and `GET /api/manage/orders` reads them.
 * Anything unrecognisable falls back to its default rather than failing, as a hand-edited address may.
 */
export const orderListQuerySchema = z.object({
  status: z.enum(['all', ...orderStatuses]).catch('all').default('all'),
  priority: z.enum(['all', ...orderPriorities]).catch('all').default('all'),
  search: z.string().trim().max(254).catch('').default(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export type OrderCounters = {
  total: number;
  /** Status `reviewing_form_data`. */
  newSubmissions: number;
  /** The six in-process statuses. */
  inProgress: number;
  completed: number;
};

export type OrderListItem = {
  id: number;
  applicationId: string;
  companyName: string | null;
  billingEmail: string;
  amountCents: number;
  currency: string;
  paymentStatus: string;
  status: OrderStatus;
  priority: OrderPriority;
  assignee: { id: string; name: string } | null;
  dueDate: string | null;
  createDate: string;
};

export type OrderListResponse = {
  orders: OrderListItem[];
  /** Orders matching the filters (for paging). */
  total: number;
  page: number;
  pageSize: number;
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
};

export type OrderDetail = {
  id: number;
  applicationId: string;
  billingEmail: string;
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
  notes: string;
  createDate: string;
  updatedAt: string;
  /** The application as the wizard saved it, with the SSN masked (`***-**-6789`). */
  formData: Record<string, unknown>;
  /** Oldest first. */
  statusHistory: StatusHistoryEntry[];
  /** The service's third-party designee the filled SS-4 names (configuration); null when none. */
  ss4Designee?: Ss4Designee | null;
  /** The latest request for the customer's signature of the SS-4. */
  signing?: SigningState;
};

export type OrderDetailResponse = {
  order: OrderDetail;
  /** After a save: whether the EIN e-mail went out now, was not due, or failed (the save still holds). */
  einEmail?: 'sent' | 'not_due' | 'failed';
};

/** `PATCH /api/manage/orders/:id`: the Order Management card's fields; completing needs the EIN. */
export const orderUpdateSchema = z
  .object({
    status: z.enum(orderStatuses),
    priority: z.enum(orderPriorities),
    assignedTo: z.string().min(1).max(100).nullable(),
    notes: z.string().max(10_000, staffMessages.notesTooLong),
    ein: z
      .string()
      .trim()
      .max(20, staffMessages.einFormat)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .refine((value) => value === null || einPattern.test(value), staffMessages.einFormat),
  })
  .strict()
  .superRefine((update, context) => {
    if (update.status === 'completed' && !update.ein) {
      context.addIssue({ code: 'custom', path: ['ein'], message: staffMessages.einRequired });
    }
  });
export type OrderUpdateInput = z.input<typeof orderUpdateSchema>;
export type OrderUpdate = z.output<typeof orderUpdateSchema>;

/** `POST /api/manage/orders/:id/ssn` (audited): the SSN in full, `123-45-6789`. */
export type RevealSsnResponse = { ssn: string | null };

/** Someone orders can be assigned to (`GET /api/manage/staff`), ordered by name. */
export type AssignableStaff = { id: string; name: string; email: string; role: StaffRole; suspended: boolean };
export type StaffListResponse = { staff: AssignableStaff[] };
