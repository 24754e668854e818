import { z } from 'zod';

// The question a customer answers before a link shows anything of their order: the last four digits
// of the responsible party's SSN. The signing page and the customer document page ask it alike, and
// a link locks after five wrong answers.

/** Wrong answers before a link locks. */
export const maxSsnAnswerAttempts = 5;

export const ssnLastFourMessages = {
  format: 'Enter the last four digits of the SSN: four numbers.',
  wrong: (left: number) => `Those digits do not match our records. ${left === 1 ? '1 try is left' : `${left} tries are left`} before this link locks.`,
} as const;

export const ssnLastFourSchema = z
  .object({ ssnLast4: z.string().trim().regex(/^\d{4}$/, ssnLastFourMessages.format) })
  .strict();
export type SsnLastFourInput = z.input<typeof ssnLastFourSchema>;
