import { z } from 'zod';
import { counterGroups, orderPriorities, orderStatuses, type CounterGroup } from '../orders/lifecycle';
import { staffRoles } from '../staff/roles';
import { systemChangers } from '../orders/status-changers';
import { orderFilingSchema } from '../filing/answers';
import { orderPaymentsSchema } from '../refunds/answers';
import { signingStateSchema } from '../signing/answers';
import type { EinLetterLinkResponse, OrderDetailResponse, OrderListResponse, RevealSsnResponse, StaffListResponse } from './orders';
import type { CommentResponse, CommentsResponse } from './comments';
import { locales } from '../i18n/locales';

// The orders routes' answers as schemas, for the API document (decision 044).

const counterGroupNames = Object.keys(counterGroups) as [CounterGroup, ...CounterGroup[]];
const memberSchema = z.strictObject({ id: z.string(), name: z.string() });

export const orderListResponseSchema = z.strictObject({
  orders: z.array(
    z.strictObject({
      id: z.number().int(),
      applicationId: z.string(),
      companyName: z.string().nullable(),
      billingEmail: z.string(),
      locale: z.enum(locales),
      amountCents: z.number().int(),
      currency: z.string(),
      paymentStatus: z.string(),
      status: z.enum(orderStatuses),
      priority: z.enum(orderPriorities),
      assignee: memberSchema.nullable(),
      dueDate: z.string().nullable(),
      createDate: z.string(),
      disputed: z.boolean(),
    }),
  ),
  total: z.number().int(),
  totalIsLowerBound: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  nextCursor: z.number().int().nullable(),
  previousCursor: z.number().int().nullable(),
  counters: z.strictObject({
    total: z.number().int(),
    groups: z.array(z.strictObject({ group: z.enum(counterGroupNames), label: z.string(), filter: z.string(), count: z.number().int() })),
  }),
}) satisfies z.ZodType<OrderListResponse>;

export const orderDetailSchema = z
  .strictObject({
    id: z.number().int(),
    applicationId: z.string(),
    billingEmail: z.string(),
    locale: z.enum(locales),
    amountCents: z.number().int(),
    currency: z.string(),
    paymentStatus: z.string(),
    paymentMethod: z.string().nullable(),
    status: z.enum(orderStatuses),
    priority: z.enum(orderPriorities),
    assignee: z.strictObject({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    assignedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    dueDate: z.string().nullable(),
    ein: z.string().nullable(),
    einLastFour: z.string().nullable(),
    personalDataErasedAt: z.string().nullable(),
    notes: z.string(),
    holdReason: z.string().nullable(),
    createDate: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
    formData: z.record(z.string(), z.unknown()).describe('The application as the wizard saved it, each SSN masked (`***-**-6789`).'),
    statusHistory: z.array(
      z.strictObject({
        fromStatus: z.enum(orderStatuses).nullable(),
        toStatus: z.enum(orderStatuses),
        changedAt: z.string(),
        changedBy: memberSchema.nullable(),
        changedByCustomer: z.boolean().optional(),
        changedBySystem: z.enum(systemChangers).optional(),
      }),
    ),
    ss4Designee: z.strictObject({ name: z.string(), address: z.string(), phone: z.string(), fax: z.string().nullable() }).nullable().optional(),
    signing: signingStateSchema.optional(),
    payments: orderPaymentsSchema,
    filing: orderFilingSchema.optional(),
    possibleDuplicates: z
      .array(z.strictObject({ id: z.number().int(), applicationId: z.string(), createDate: z.string(), paymentStatus: z.string() }))
      .optional()
      .describe('Other orders for the same company name and responsible party paid within 30 days of this one (decision 041).'),
  })
  .meta({ id: 'OrderDetail' });

export const orderDetailResponseSchema = z.strictObject({
  order: orderDetailSchema,
  emails: z
    .array(
      z.strictObject({
        id: z.number().int(),
        kind: z.string(),
        to: z.string(),
        subject: z.string(),
        status: z.enum(['queued', 'sent', 'failed']),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        nextAttemptAt: z.string().nullable(),
        sentAt: z.string().nullable(),
        createdAt: z.string(),
      }),
    )
    .optional(),
  einEmail: z.enum(['sent', 'not_due', 'failed']).optional(),
}) satisfies z.ZodType<OrderDetailResponse>;

export const revealSsnResponseSchema = z
  .strictObject({ ssn: z.string().nullable(), kind: z.enum(['ssn', 'itin', 'none']) })
  .meta({ examples: [{ ssn: '123-45-6789', kind: 'ssn' }] }) satisfies z.ZodType<RevealSsnResponse>;

export const einLetterLinkResponseSchema = z.strictObject({ emailed: z.boolean() }) satisfies z.ZodType<EinLetterLinkResponse>;

export const staffListResponseSchema = z.strictObject({
  staff: z.array(z.strictObject({ id: z.string(), name: z.string(), email: z.string().optional(), role: z.enum(staffRoles), suspended: z.boolean() })),
}) satisfies z.ZodType<StaffListResponse>;


const orderCommentSchema = z.strictObject({
  id: z.number().int(),
  orderId: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  author: z.strictObject({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  byCustomer: z.boolean().optional(),
});
export const commentsResponseSchema = z.strictObject({ comments: z.array(orderCommentSchema) }) satisfies z.ZodType<CommentsResponse>;
export const commentResponseSchema = z.strictObject({ comment: orderCommentSchema }) satisfies z.ZodType<CommentResponse>;

/** An order's id in the address. */
export const orderIdParamsSchema = z.strictObject({ id: z.string().meta({ examples: ['1042'] }) });
