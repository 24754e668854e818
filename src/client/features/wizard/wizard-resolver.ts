import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { refuseUnstorableText } from '../../../shared/storable-text';

/**
 * A wizard page's resolver: its shared zod schema, with radio groups nobody answered read as ''.
 * react-hook-form reads an unanswered radio group as null (for example when a keyboard user tabs
 * past an optional question); the schemas and the saved application call "unanswered" ''. Text the
 * server could not store (a NUL, half of an emoji) gets its message on the page, as at checkout.
 */
export function wizardResolver<T extends FieldValues>(schema: z.ZodType<T, T>): Resolver<T> {
  const resolver = zodResolver(refuseUnstorableText(schema)) as unknown as Resolver<T>;
  return (values, context, options) =>
    resolver(
      Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === null ? '' : value])) as T,
      context,
      options,
    );
}
