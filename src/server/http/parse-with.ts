import type { z } from 'zod';
import { fieldErrors } from '../../shared/field-errors';
import { AppError } from '../errors';

/** The input parsed with the shared schema, or a 400 with the messages the browser shows by field. */
export function parseWith<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError('validation_failed', 'Please correct the highlighted fields.', fieldErrors(parsed.error));
  return parsed.data;
}
