import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './field-errors';

describe('field errors', () => {
  const schema = z.strictObject({
    name: z.string().min(2, 'Too short').regex(/^[a-z]+$/, 'Letters only'),
    counts: z.strictObject({ other: z.string().min(1, 'Enter a count') }),
  });

  it('gathers every message under its dotted field path', () => {
    expect(fieldErrors(schema.safeParse({ name: '1', counts: { other: '' } }).error)).toEqual({
      name: ['Too short', 'Letters only'],
      'counts.other': ['Enter a count'],
    });
  });

  it('is empty when the parse succeeded', () => {
    expect(fieldErrors(schema.safeParse({ name: 'acme', counts: { other: '2' } }).error)).toEqual({});
  });
});
