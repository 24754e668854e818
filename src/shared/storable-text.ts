import { z } from 'zod';

// What a text field may hold to be stored at all: PostgreSQL refuses a NUL byte in text, and a lone
// UTF-16 surrogate (half of an emoji, left by a broken copy and paste or a hostile client) cannot be
// written as UTF-8. Such text is refused with a message, by the browser and the server alike, instead
// of failing in the database.

export const unstorableTextMessage = 'Remove the invisible or broken characters from this text (a NUL byte or half of an emoji)';

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` can be stored as text: no NUL byte and no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\0') && !loneSurrogate.test(value);
}

/** The paths of every string in `value` (objects and arrays walked) that cannot be stored. */
export function unstorableTextPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return isStorableText(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => unstorableTextPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    // Keys are written too (JSON columns): a bad key is reported where it is.
    return Object.entries(value).flatMap(([key, item]) => [
      ...(isStorableText(key) ? [] : [[...path, key]]),
      ...unstorableTextPaths(item, [...path, key]),
    ]);
  }
  return [];
}

/**
 * `schema`, refusing any string in what it parses that cannot be stored, with the message at that
 * string's field. Composed around a request's whole schema, so no free-text field is forgotten.
 */
export function refuseUnstorableText<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((value, context) => {
    for (const path of unstorableTextPaths(value)) context.addIssue({ code: 'custom', message: unstorableTextMessage, path });
  }) as T;
}

/** Marks and controls that change the order text is shown in (the Arabic letter mark, the left-to-right and right-to-left marks, embeddings, overrides and isolates). */
const directionalControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Characters of no width: the zero-width space, non-joiner and joiner, the word joiner, the byte-order mark. */
const zeroWidthCharacters = /[\u200B-\u200D\u2060\uFEFF]/g;

export const hiddenCharactersMessage = 'Remove the hidden characters from this text (a text-direction mark or a zero-width space)';

/** Whether `value` holds a directional control or a zero-width character. */
export function hasHiddenCharacters(value: string): boolean {
  zeroWidthCharacters.lastIndex = 0;
  return directionalControls.test(value) || zeroWidthCharacters.test(value);
}

/**
 * Text printed on the IRS form (decision 055): a character the reader cannot see, or one that turns
 * the text around, would be on the form without the customer having seen it. Refused with a message.
 */
export function printedText<T extends z.ZodType<string>>(schema: T): T {
  return schema.refine((value) => !hasHiddenCharacters(value), hiddenCharactersMessage) as unknown as T;
}

/**
 * Text people write for people (a staff member's name, a comment, a note, a reason), decision 055:
 * zero-width characters, which paste brings along and no one sees, are removed before `schema` reads
 * it; a directional control, which would show the text in another order than it is stored, is refused.
 */
export function writtenText<T extends z.ZodType<string, string>>(schema: T): z.ZodType<z.output<T>, z.input<T>> {
  // Anything but a string goes to `schema` as it came, for its own message; the form's value stays a string.
  return z
    .preprocess((value) => (typeof value === 'string' ? value.replace(zeroWidthCharacters, '') : value), schema)
    .refine((value) => !directionalControls.test(value), hiddenCharactersMessage) as unknown as z.ZodType<z.output<T>, z.input<T>>;
}
