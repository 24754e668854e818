import { z } from 'zod';
import { cancellationRefusals, type CancellationView, type OrderPayments, type RefundEntry, type RefundResponse } from './refunds';

// The refund and cancellation routes' answers as schemas, for the API document (decision 044).

const memberSchema = z.strictObject({ id: z.string(), name: z.string() });

export const refundEntrySchema = z.strictObject({
  id: z.number().int(),
  amountCents: z.number().int(),
  reason: z.string(),
  note: z.string(),
  state: z.enum(['pending', 'succeeded', 'failed']),
  source: z.enum(['staff', 'customer', 'provider']),
  providerRefundId: z.string().nullable(),
  failureMessage: z.string().nullable(),
  requestedBy: memberSchema.nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<RefundEntry>;

export const orderPaymentsSchema = z
  .strictObject({
    paidCents: z.number().int(),
    refundedCents: z.number().int(),
    pendingCents: z.number().int(),
    netCents: z.number().int(),
    refundableCents: z.number().int(),
    refunds: z.array(refundEntrySchema),
    dispute: z.strictObject({ id: z.string(), status: z.string(), open: z.boolean(), openedAt: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'OrderPayments' }) satisfies z.ZodType<OrderPayments>;

export const refundResponseSchema = z.strictObject({ refund: refundEntrySchema, payments: orderPaymentsSchema }) satisfies z.ZodType<RefundResponse>;

export const cancellationViewSchema = z.union([
  z.strictObject({ state: z.literal('cancellable'), trackingNumber: z.string(), companyName: z.string().nullable(), amountCents: z.number().int(), deadline: z.string() }),
  z.strictObject({ state: z.literal('cancelled'), trackingNumber: z.string(), companyName: z.string().nullable(), refundedCents: z.number().int(), supportEmail: z.string() }),
  z.strictObject({ state: z.literal('closed'), why: z.enum(cancellationRefusals), trackingNumber: z.string(), companyName: z.string().nullable(), supportEmail: z.string() }),
]) satisfies z.ZodType<CancellationView>;

export const cancellationTokenParamsSchema = z.strictObject({ token: z.string() });
