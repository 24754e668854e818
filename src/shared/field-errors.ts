import type { z } from 'zod';

/**
 * A failed parse's messages by field path ("counts.other"): the shape a form shows under its fields
 * and the API answers in `error.fields`. No error, no messages.
 */
export function fieldErrors(error: z.ZodError | undefined): Record<string, string[]> {
  const byPath: Record<string, string[]> = {};
  for (const issue of error?.issues ?? []) {
    const path = issue.path.join('.');
    // A path may name any key a client sent (`toString`, `__proto__`): only the object's own entries count.
    if (Object.hasOwn(byPath, path)) byPath[path]!.push(issue.message);
    else Object.defineProperty(byPath, path, { value: [issue.message], enumerable: true, writable: true, configurable: true });
  }
  return byPath;
}
