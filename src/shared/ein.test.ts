import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { einPattern, isValidEin, isValidEinPrefix, normalizeEin, validEinPrefixes } from './ein';

// The prefixes are written out here from the IRS's list by campus, not derived from the module's ranges.
const neverAssigned = ['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97'];

describe('EIN prefixes', () => {
  it('holds every prefix the IRS assigns and none it does not', () => {
    const campuses = {
      andover: ['10', '12'],
      atlanta: ['60', '67'],
      austin: ['50', '53'],
      brookhaven: ['01', '02', '03', '04', '05', '06', '11', '13', '14', '16', '21', '22', '23', '25', '34', '51', '52', '54', '55', '56', '57', '58', '59', '65'],
      cincinnati: ['30', '32', '35', '36', '37', '38', '61'],
      fresno: ['15', '24'],
      kansasCity: ['40', '44'],
      memphis: ['94', '95'],
      ogden: ['80', '90'],
      philadelphia: ['33', '39', '41', '42', '43', '46', '48', '62', '63', '64', '66', '68', '71', '72', '73', '74', '75', '76', '77', '85', '86', '87', '88', '91', '92', '93', '98', '99'],
      internet: ['20', '26', '27', '45', '46', '47', '81', '82', '83', '84', '85', '86', '87', '88', '92', '93', '99'],
      sba: ['31'],
    };
    const assigned = new Set(Object.values(campuses).flat());
    expect([...validEinPrefixes].sort()).toEqual([...assigned].sort());
    expect(validEinPrefixes.size).toBe(83);
    for (const prefix of assigned) expect(isValidEinPrefix(prefix), prefix).toBe(true);
    for (const prefix of neverAssigned) expect(isValidEinPrefix(prefix), prefix).toBe(false);
    expect(assigned.size + neverAssigned.length).toBe(100);
  });

  it.each(['', '1', '123', '1a', ' 1', '01 '])('refuses %j as a prefix', (prefix) => {
    expect(isValidEinPrefix(prefix)).toBe(false);
  });
});

describe('isValidEin and normalizeEin', () => {
  it.each([
    ['12-3456789', '12-3456789'],
    ['123456789', '12-3456789'],
    ['01-0000000', '01-0000000'],
    ['99-9999999', '99-9999999'],
    ['983456789', '98-3456789'],
    ['31-0000001', '31-0000001'],
  ])('accepts %s as %s', (text, normalized) => {
    expect(isValidEin(text)).toBe(true);
    expect(normalizeEin(text)).toBe(normalized);
  });

  it.each([
    ['00-1234567', 'prefix never assigned'],
    ['07-1234567', 'prefix never assigned'],
    ['89-1234567', 'prefix never assigned'],
    ['961234567', 'prefix never assigned, no dash'],
    ['12-345678', '8 digits'],
    ['12-34567890', '10 digits'],
    ['1234567890', '10 digits, no dash'],
    ['123-456789', 'dash in the wrong place'],
    ['12--3456789', 'two dashes'],
    ['12 3456789', 'a space for the dash'],
    [' 12-3456789', 'leading space'],
    ['12-3456789\n', 'trailing newline'],
    ['12-345678O', 'a letter O'],
    ['12–3456789', 'an en dash'],
    ['１２-3456789', 'full-width digits'],
    ['', 'empty'],
  ])('refuses %j (%s)', (text) => {
    expect(isValidEin(text)).toBe(false);
    expect(normalizeEin(text)).toBeNull();
  });

  it('round-trips every normalized EIN, with or without its dash (fixed-seed property)', () => {
    const digits = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
    fc.assert(
      fc.property(digits(2), digits(7), fc.boolean(), (prefix, serial, dashed) => {
        const text = dashed ? `${prefix}-${serial}` : `${prefix}${serial}`;
        const normalized = normalizeEin(text);
        if (!isValidEinPrefix(prefix)) return normalized === null && !isValidEin(text);
        return (
          normalized === `${prefix}-${serial}` &&
          einPattern.test(normalized) &&
          normalizeEin(normalized) === normalized &&
          normalizeEin(normalized.replace('-', '')) === normalized &&
          isValidEin(text)
        );
      }),
      { seed: 42, numRuns: 5000 },
    );
  });
});
