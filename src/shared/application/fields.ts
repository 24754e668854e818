import { z } from 'zod';

// Building blocks shared by the wizard pages' schemas. Each takes the page's own message, so the
// words stay in that page's messages object.

/** The message of a text longer than its limit (spec 01, section 5). */
export const tooLong = (max: number) => `Must be ${max} characters or fewer`;

/** Empty or only spaces: what a required text field does not accept. */
export const isBlank = (value: string) => value.trim() === '';

/** A real calendar date written YYYY-MM-DD (what a native date input gives). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Text that may be left empty, at most `max` characters. */
export const optionalText = (max: number) => z.string().max(max, tooLong(max));

/** Required text: not only spaces, at most `max` characters. */
export const requiredText = (message: string, max: number) => optionalText(max).refine((value) => !isBlank(value), message);
