import type { z } from 'zod';

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
