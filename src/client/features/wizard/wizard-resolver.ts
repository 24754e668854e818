import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { refuseUnstorableText } from '#shared/storable-text.ts';

type WizardResolverOptions<T> = {
  /**
   * The answers as the page stores them: a page whose hidden questions are unregistered, but whose
   * schema wants them as '' (step 2's address parts of the other country, step 3's other taxpayer
   * number), puts them back here, before the check and in what is submitted.
   */
  asAsked?: (values: T) => T;
  /** Waits for what the check needs first: step 3 loads the rules for phone numbers abroad. */
  prepare?: (values: T) => Promise<unknown> | undefined;
};

/**
 * A wizard page's resolver: its shared zod schema, with radio groups nobody answered read as ''.
 * react-hook-form reads an unanswered radio group as null (for example when a keyboard user tabs
 * past an optional question); the schemas and the saved application call "unanswered" ''. Text the
 * server could not store (a NUL, half of an emoji) gets its message on the page, as at checkout.
 */
export function wizardResolver<T extends FieldValues>(schema: z.ZodType<T, T>, { asAsked, prepare }: WizardResolverOptions<T> = {}): Resolver<T> {
  const resolver = zodResolver(refuseUnstorableText(schema)) as unknown as Resolver<T>;
  return (values, context, options) => {
    const answers = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === null ? '' : value])) as T;
    const complete = asAsked ? asAsked(answers) : answers;
    const ready = prepare?.(complete);
    return ready ? ready.then(() => resolver(complete, context, options)) : resolver(complete, context, options);
  };
}
