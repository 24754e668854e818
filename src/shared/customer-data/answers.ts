import { z } from 'zod';
import { orderStatuses } from '../orders/lifecycle';
import type { CustomerDataDeletion, CustomerDataSummary } from './customer-data';

// The customer data routes' answers as schemas, for the API document (decision 044).

export const customerDataSummarySchema = z.strictObject({
  email: z.string(),
  orders: z.array(z.strictObject({ id: z.number().int(), number: z.string(), status: z.enum(orderStatuses), createDate: z.string(), open: z.boolean(), erasedAt: z.string().nullable() })),
  unpaidCheckouts: z.number().int(),
  counts: z.record(z.string(), z.number()),
  deletable: z.boolean(),
  blockedReason: z.string().nullable(),
}) satisfies z.ZodType<CustomerDataSummary>;

export const customerDataDeletionSchema = z.strictObject({
  orders: z.number().int(),
  checkouts: z.number().int(),
  emails: z.number().int(),
  signingRequests: z.number().int(),
  documentLinks: z.number().int(),
  comments: z.number().int(),
  mailFiles: z.number().int(),
}) satisfies z.ZodType<CustomerDataDeletion>;
