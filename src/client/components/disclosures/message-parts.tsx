import { Fragment, type ReactNode } from 'react';
import { getLocale } from '#shared/i18n/messages.ts';
import { localeTags } from '#shared/i18n/locales.ts';

// A sentence with a link inside is one message whose placeholder stands for the link, so each
// language puts the link where its grammar needs it: the message is spoken with every placeholder
// marked, then each mark becomes its element.

const mark = '\u0000';

/**
 * The message `message` with each placeholder replaced by its element of `parts` (a link, an
 * e-mail address): an array for a JSX child, whose strings and elements the FAQ's structured data
 * can read as text.
 */
export function withParts<Inputs extends Record<string, unknown>>(
  message: (inputs: Inputs) => string,
  parts: { [Name in keyof Inputs]: ReactNode },
): ReactNode[] {
  const marked = Object.fromEntries(Object.keys(parts).map((name) => [name, `${mark}${name}${mark}`])) as unknown as Inputs;
  return message(marked)
    .split(mark)
    .map((piece, index) => (index % 2 === 1 ? <Fragment key={index}>{parts[piece as keyof Inputs]}</Fragment> : piece));
}

/** The `Intl` tag of the language the messages speak, for the numbers and dates beside them. */
export function messagesTag(): string {
  return localeTags[getLocale()];
}

/** An amount in cents as US dollars, written the way the messages' language writes it: `$149.00`. */
export function formatPrice(cents: number): string {
  return new Intl.NumberFormat(messagesTag(), { style: 'currency', currency: 'USD' }).format(cents / 100);
}
