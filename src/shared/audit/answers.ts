import { z } from 'zod';
import type { AuditResponse } from './audit';

// The audit trail's answer as a schema, for the API document (decision 044).

export const auditResponseSchema = z.strictObject({
  rows: z.array(
    z.strictObject({
      id: z.number().int(),
      at: z.string(),
      action: z.string(),
      actionLabel: z.string(),
      actor: z.strictObject({ id: z.string().nullable(), email: z.string(), name: z.string().nullable() }).nullable(),
      order: z.strictObject({ id: z.number().int(), number: z.string().nullable() }).nullable(),
      target: z.string().nullable(),
      detail: z.record(z.string(), z.unknown()).nullable(),
      ipAddress: z.string().nullable(),
    }),
  ),
  next: z.string().nullable(),
  members: z.array(z.strictObject({ id: z.string(), name: z.string(), email: z.string() })),
}) satisfies z.ZodType<AuditResponse>;
