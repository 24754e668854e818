import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeFilingReference, parseFilingReference } from './filing-reference';

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const written = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{6}$/;

/** The one check character that makes these ten characters a reference, found by trying all 32. */
function completed(ten: string): string[] {
  return [...alphabet].map((check) => `${ten.slice(0, 5)}-${ten.slice(5)}${check}`).filter((candidate) => parseFilingReference(candidate) !== null);
}

const tenCharacters = fc.string({ unit: fc.constantFrom(...alphabet), minLength: 10, maxLength: 10 });
const reference = tenCharacters.map((ten) => completed(ten)[0]!);

describe('makeFilingReference', () => {
  it('makes random references in their written form that parse back to themselves', () => {
    const made = Array.from({ length: 2000 }, () => makeFilingReference());
    for (const value of made) {
      expect(value).toMatch(written);
      expect(parseFilingReference(value)).toBe(value);
    }
    expect(new Set(made).size).toBe(made.length);
    // Every character of the alphabet turns up in each random position (2,000 draws of 32 values).
    for (let position = 0; position < 11; position += 1) {
      if (position === 5) continue;
      expect(new Set(made.map((value) => value[position])).size).toBe(32);
    }
  });
});

describe('parseFilingReference', () => {
  it('gives ten characters exactly one check character (fixed-seed property)', () => {
    fc.assert(
      fc.property(tenCharacters, (ten) => completed(ten).length === 1),
      { seed: 7, numRuns: 3000 },
    );
  });

  it('reads a reference back as written, in lower case, without its dash, and with O, I and L for 0 and 1 (fixed-seed property)', () => {
    fc.assert(
      fc.property(reference, (value) => {
        const lookAlikes = value.replace(/0/g, 'O').replace(/1/g, (_, offset: number) => (offset % 2 ? 'I' : 'l'));
        return (
          parseFilingReference(value) === value &&
          parseFilingReference(value.toLowerCase()) === value &&
          parseFilingReference(value.replace('-', '')) === value &&
          parseFilingReference(` ${value} `) === value &&
          parseFilingReference(lookAlikes) === value
        );
      }),
      { seed: 11, numRuns: 3000 },
    );
  });

  it('refuses a reference with any one character changed (fixed-seed fuzz)', () => {
    const position = fc.integer({ min: 0, max: 10 }).map((index) => (index < 5 ? index : index + 1));
    fc.assert(
      fc.property(reference, position, fc.constantFrom(...alphabet), (value, at, replacement) => {
        fc.pre(value[at] !== replacement);
        const changed = value.slice(0, at) + replacement + value.slice(at + 1);
        return parseFilingReference(changed) === null;
      }),
      { seed: 23, numRuns: 10_000 },
    );
  });

  it('refuses a reference with two different characters swapped (fixed-seed fuzz)', () => {
    fc.assert(
      fc.property(reference, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), (value, first, second) => {
        const characters = [...value.replace('-', '')];
        fc.pre(characters[first] !== characters[second]);
        [characters[first], characters[second]] = [characters[second]!, characters[first]!];
        return parseFilingReference(characters.join('')) === null;
      }),
      { seed: 29, numRuns: 10_000 },
    );
  });

  it.each([
    ['', 'empty'],
    ['ABCDE-FGHJK', 'ten characters'],
    ['ABCDE-FGHJKMN', 'twelve characters'],
    ['ABCD-EFGHJKM', 'the dash out of place'],
    ['ABCDE--FGHJKM', 'two dashes'],
    ['ABCDE FGHJKM', 'a space for the dash'],
    ['ABCDE-FGHJKU', 'U, which Crockford leaves out'],
    ['ABCDE-FGHJK*', 'a check symbol from outside the alphabet'],
    ['ÀBCDE-FGHJKM', 'an accented letter'],
    ['Ref ABCDE-FGHJKM', 'the label'],
  ])('refuses %j (%s)', (text) => {
    expect(parseFilingReference(text)).toBeNull();
  });
});
