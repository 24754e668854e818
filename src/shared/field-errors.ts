import type { z } from 'zod';

/**
 * A failed parse's messages by field path ("counts.other"): the shape a form shows under its fields
 * and the API answers in `error.fields`. No error, no messages.
 */
export function fieldErrors(error: z.ZodError | undefined): Record<string, string[]> {
  const byPath: Record<string, string[]> = {};
  for (const issue of error?.issues ?? []) {
    (byPath[issue.path.join('.')] ??= []).push(issue.message);
  }
  return byPath;
}
