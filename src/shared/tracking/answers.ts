import { z } from 'zod';
import { customerStatuses, trackingStages } from '../orders/customer-statuses';
import type { TrackingResult } from './tracking';
import { verificationQuestions } from '../ssn-last-four';

// The tracking routes' answers as schemas, for the API document (decision 044).

export const trackingResultSchema = z
  .strictObject({
    status: z.enum(customerStatuses),
    stage: z.enum(trackingStages),
    createDate: z.string(),
    actionNeeded: z.string().optional(),
    question: z.enum(verificationQuestions).optional(),
    refund: z.strictObject({ amountCents: z.number().int(), refundedAt: z.string() }).optional(),
    filedBy: z.enum(['fax', 'online']).optional(),
  })
  .meta({ examples: [{ status: 'in_process', stage: 'awaiting_signature', createDate: '2026-11-20', actionNeeded: 'Sign your SS-4 online.' }] }) satisfies z.ZodType<TrackingResult>;

export const trackingNumberParamsSchema = z.strictObject({
  number: z.string().meta({ description: 'The 12 characters of the tracking number, without dashes or spaces (the page takes them grouped; the API does not).', examples: ['HFE12W87EQ23'] }),
});
