import type { z } from 'zod';
import { fieldErrors } from '#shared/field-errors.ts';
import { unstorableTextMessage, unstorableTextPaths } from '#shared/storable-text.ts';
import { AppError } from '../errors';

/** The message of a refused input, above its messages by field. */
export const correctFieldsMessage = 'Please correct the highlighted fields.';

/** The paths of the strings in `input` that cannot be stored, each with the storable-text rule's message. */
export function unstorableTextErrors(input: unknown): Record<string, string[]> {
  return Object.fromEntries(unstorableTextPaths(input).map((path) => [path.join('.'), [unstorableTextMessage]]));
}

/**
 * The input parsed with the shared schema, or a 400 with the messages the browser shows by field.
 * Every route reads its input here, so every string it is sent, known to its schema or not, meets the
 * storable-text rule (decision 055): a NUL byte or a lone surrogate is refused at its field, never
 * passed on to the database.
 */
export function parseWith<Schema extends z.ZodType>(schema: Schema, input: unknown, message = correctFieldsMessage): z.infer<Schema> {
  const unstorable = unstorableTextErrors(input);
  const parsed = schema.safeParse(input);
  if (!parsed.success || Object.keys(unstorable).length) {
    const errors = fieldErrors(parsed.error);
    for (const [path, messages] of Object.entries(unstorable)) {
      // A path may be any key a client sent (`toString`, `__proto__`): only the object's own entries count.
      const known = Object.hasOwn(errors, path) ? (errors[path] ?? []) : [];
      Object.defineProperty(errors, path, { value: [...new Set([...known, ...messages])], enumerable: true, writable: true, configurable: true });
    }
    throw new AppError('validation_failed', message, errors);
  }
  return parsed.data;
}

/**
 * Refuses an input read by other means than a schema (a provider's signed event) when a string in it
 * cannot be stored: the same rule and answer as `parseWith`.
 */
export function refuseUnstorableInput(input: unknown, message: string): void {
  const unstorable = unstorableTextErrors(input);
  if (Object.keys(unstorable).length) throw new AppError('validation_failed', message, unstorable);
}

/** `refuseUnstorableInput` for a JSON body kept raw (a signed webhook's); a body that is not JSON is left to its reader. */
export function refuseUnstorableJson(rawBody: string, message: string): void {
  let input: unknown;
  try {
    input = JSON.parse(rawBody);
  } catch {
    return;
  }
  refuseUnstorableInput(input, message);
}
