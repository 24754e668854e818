import { z } from 'zod';
import { m } from '#shared/i18n/messages.ts';
import { printedText } from '../storable-text';

// Building blocks shared by the wizard pages' schemas. Each takes the page's own message, so the
// words stay in that page's messages object.
//
// Every word here is read when it is shown or a value is checked, never when a module loads: the
// browser speaks the page's language and the server the request's, with the same objects.

/** A message read at the moment it is needed, in the current language. */
export type Message = () => string;

/**
 * An option of a choice question, never one string for three uses: the stored value (what later
 * steps, staff and the filed form read), the label shown in the customer's language, and the text
 * Form SS-4 prints (always English, the IRS's words), with an optional hint.
 */
export type Option<V extends string = string> = { readonly value: V; readonly label: string; readonly formText: string; readonly hint?: string };

/** An option whose label (and hint) are messages, read each time the option is shown. */
export function option<const V extends string>(texts: { value: V; label: Message; formText: string; hint: Message }): Option<V> & { readonly hint: string };
export function option<const V extends string>(texts: { value: V; label: Message; formText: string }): Option<V>;
export function option<const V extends string>({ value, label, formText, hint }: { value: V; label: Message; formText: string; hint?: Message }): Option<V> {
  const chosen = {
    value,
    formText,
    get label() {
      return label();
    },
  };
  return hint ? Object.defineProperty(chosen, 'hint', { get: () => hint(), enumerable: true }) : chosen;
}

/** Message functions as text: each reads as its message in the current language; other values as they are. */
export type Spoken<T> = { readonly [K in keyof T]: T[K] extends Message ? string : T[K] };

/**
 * An object of texts (a page's messages or labels) whose every message function becomes a property
 * that speaks the current language each time it is read, so `companyMessages.state` is text.
 */
export function spoken<const T extends object>(texts: T): Spoken<T> {
  const result = {};
  for (const [key, text] of Object.entries(texts))
    Object.defineProperty(result, key, typeof text === 'function' ? { get: () => (text as Message)(), enumerable: true } : { value: text, enumerable: true });
  return result as Spoken<T>;
}

/** The message of a text longer than its limit (spec 01, section 5). */
export const tooLong =
  (max: number): Message =>
  () =>
    m.application_too_long({ max });

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
export const optionalText = (max: number, tooLongMessage: Message = tooLong(max)) => printedText(z.string().max(max, { error: tooLongMessage }));

/** Required text: not only spaces, at most `max` characters. */
export const requiredText = (message: Message, max: number) => optionalText(max).refine((value) => !isBlank(value), { error: message });

/** The stored values of a list of options, in order. */
export const valuesOf = <const V extends string>(options: readonly Option<V>[]): V[] => options.map((option) => option.value);

/**
 * One of the values, or '' while unanswered (a radio group or select nobody has chosen in yet);
 * anything else gets the question's message. Whether '' is acceptable is decided by the caller.
 */
export function choice<const V extends string>(values: readonly V[], message: Message) {
  return z.enum(['', ...values], { error: message });
}

/** A choice that must be answered: '' gets the message too. */
export function requiredChoice<const V extends string>(values: readonly V[], message: Message) {
  // Typed boolean so TypeScript does not narrow '' out of the form's value type.
  return choice(values, message).refine((value): boolean => value !== '', { error: message });
}

/** Values of yes/no answers, kept as strings as the controls carry them. */
export const yesNoValues = ['true', 'false'] as const;
export type YesNo = (typeof yesNoValues)[number];

/** A yes/no answer held as 'true'/'false', or '' while unanswered. */
export const yesNo = (message: Message) => choice(yesNoValues, message);

/** A yes/no answer that must be given. */
export const requiredYesNo = (message: Message) => requiredChoice(yesNoValues, message);
