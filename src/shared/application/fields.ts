import { z } from 'zod';
import { printedText } from '../storable-text';

// Building blocks shared by the wizard pages' schemas. Each takes the page's own message, so the
// words stay in that page's messages object.

/** An option of a choice question: the stored value, the label shown and an optional hint. */
export type Option<V extends string = string> = { readonly value: V; readonly label: string; readonly hint?: string };

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

/**
 * Text that may be left empty, at most `max` characters (the page may word the limit its own way),
 * with no hidden character: what the customer types is printed on the IRS form (decision 055).
 */
export const optionalText = (max: number, tooLongMessage = tooLong(max)) => printedText(z.string().max(max, tooLongMessage));

/** Required text: not only spaces, at most `max` characters. */
export const requiredText = (message: string, max: number) => optionalText(max).refine((value) => !isBlank(value), message);

/** The stored values of a list of options, in order. */
export const valuesOf = <const V extends string>(options: readonly Option<V>[]): V[] => options.map((option) => option.value);

/**
 * One of the values, or '' while unanswered (a radio group or select nobody has chosen in yet);
 * anything else gets the question's message. Whether '' is acceptable is decided by the caller.
 */
export function choice<const V extends string>(values: readonly V[], message: string) {
  return z.enum(['', ...values], { error: message });
}

/** A choice that must be answered: '' gets the message too. */
export function requiredChoice<const V extends string>(values: readonly V[], message: string) {
  // Typed boolean so TypeScript does not narrow '' out of the form's value type.
  return choice(values, message).refine((value): boolean => value !== '', { error: message });
}

/** Values of yes/no answers, kept as strings as the controls carry them. */
export const yesNoValues = ['true', 'false'] as const;
export type YesNo = (typeof yesNoValues)[number];

/** A yes/no answer held as 'true'/'false', or '' while unanswered. */
export const yesNo = (message: string) => choice(yesNoValues, message);

/** A yes/no answer that must be given. */
export const requiredYesNo = (message: string) => requiredChoice(yesNoValues, message);
