import { z } from 'zod';
import { verificationQuestions } from '../ssn-last-four';
import type { CustomerDocumentStartResponse, CustomerDocumentVerifiedResponse } from './documents';

// The customer document links' answers as schemas, for the API document (decision 044).

const factsSchema = z.array(z.strictObject({ label: z.string(), value: z.string() }));

export const customerDocumentStartResponseSchema = z.strictObject({
  state: z.enum(['verify', 'verified']),
  expiresAt: z.string(),
  question: z.enum(verificationQuestions),
  facts: factsSchema.optional(),
}) satisfies z.ZodType<CustomerDocumentStartResponse>;

export const customerDocumentVerifiedResponseSchema = z.strictObject({
  state: z.literal('verified'),
  expiresAt: z.string(),
  facts: factsSchema.optional(),
}) satisfies z.ZodType<CustomerDocumentVerifiedResponse>;
