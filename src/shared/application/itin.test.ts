import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isItin } from './contact';

// The ITIN check against the IRS's own description of the number: nine digits, the first a 9, the
// fourth and fifth (the group) in 50-65, 70-88, 90-92 or 94-99. Written here from the ranges, not
// from the code under test, and tried on every group and on random numbers with a fixed seed.

const issuedGroups = new Set<number>();
for (const [from, to] of [
  [50, 65],
  [70, 88],
  [90, 92],
  [94, 99],
] as const)
  for (let group = from; group <= to; group += 1) issuedGroups.add(group);

const itinOf = (area: string, group: number, serial: string) => `9${area}${String(group).padStart(2, '0')}${serial}`;

describe('isItin', () => {
  it('takes every issued group and refuses every other, whatever the other digits', () => {
    for (let group = 0; group <= 99; group += 1) {
      expect(isItin(itinOf('12', group, '3456')), `group ${group}`).toBe(issuedGroups.has(group));
      expect(isItin(itinOf('00', group, '0000')), `group ${group}`).toBe(issuedGroups.has(group));
    }
    // The edges, named.
    for (const group of [49, 66, 69, 89, 93]) expect(isItin(itinOf('00', group, '0000'))).toBe(false);
    for (const group of [50, 65, 70, 88, 90, 92, 94, 99]) expect(isItin(itinOf('00', group, '0000'))).toBe(true);
  });

  it('agrees with the ranges on random nine-digit strings (fixed seed)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (digits) => {
        const expected = digits.startsWith('9') && issuedGroups.has(Number(digits.slice(3, 5)));
        expect(isItin(digits)).toBe(expected);
      }),
      { seed: 27, numRuns: 5000 },
    );
  });

  it('takes valid ITINs built at random, and refuses each once a digit of its shape is broken (fixed seed)', () => {
    const group = fc.constantFrom(...issuedGroups);
    const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
    fc.assert(
      fc.property(digits(2), group, digits(4), fc.integer({ min: 0, max: 8 }), (area, issued, serial, notNine) => {
        const valid = itinOf(area, issued, serial);
        expect(isItin(valid)).toBe(true);
        expect(isItin(`${notNine}${valid.slice(1)}`)).toBe(false);
        expect(isItin(valid.slice(0, 8))).toBe(false);
        expect(isItin(`${valid}0`)).toBe(false);
        expect(isItin(`${valid.slice(0, 3)}-${valid.slice(3, 5)}-${valid.slice(5)}`)).toBe(false);
      }),
      { seed: 9, numRuns: 3000 },
    );
  });

  it('refuses text that is not nine digits', () => {
    for (const value of ['', '9', '9127O1234', ' 912701234', '912701234 ', '٩١٢٧٠١٢٣٤', '+912701234']) expect(isItin(value)).toBe(false);
  });
});
