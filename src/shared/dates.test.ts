import { describe, expect, it } from 'vitest';
import { addBusinessDays } from './dates';

const at = (iso: string) => new Date(iso);

describe('addBusinessDays', () => {
  it('adds weekdays and keeps the time of day', () => {
    // 2025-03-04 is a Tuesday.
    expect(addBusinessDays(at('2025-03-04T15:30:00.000Z'), 1)).toEqual(at('2025-03-05T15:30:00.000Z'));
    expect(addBusinessDays(at('2025-03-04T15:30:00.000Z'), 3)).toEqual(at('2025-03-07T15:30:00.000Z'));
    expect(addBusinessDays(at('2025-03-04T15:30:00.000Z'), 0)).toEqual(at('2025-03-04T15:30:00.000Z'));
  });

  it('skips Saturday and Sunday', () => {
    // Friday + 1 is Monday; Thursday + 2 is Monday; Friday + 6 is the Monday after next.
    expect(addBusinessDays(at('2025-03-07T09:00:00.000Z'), 1)).toEqual(at('2025-03-10T09:00:00.000Z'));
    expect(addBusinessDays(at('2025-03-06T09:00:00.000Z'), 2)).toEqual(at('2025-03-10T09:00:00.000Z'));
    expect(addBusinessDays(at('2025-03-07T09:00:00.000Z'), 6)).toEqual(at('2025-03-17T09:00:00.000Z'));
  });

  it('counts a weekend start from Monday', () => {
    expect(addBusinessDays(at('2025-03-08T12:00:00.000Z'), 1)).toEqual(at('2025-03-11T12:00:00.000Z'));
    expect(addBusinessDays(at('2025-03-09T23:59:00.000Z'), 1)).toEqual(at('2025-03-11T23:59:00.000Z'));
    expect(addBusinessDays(at('2025-03-09T23:59:00.000Z'), 0)).toEqual(at('2025-03-10T23:59:00.000Z'));
  });

  it('decides the weekday in UTC, whatever the time zone', () => {
    // Friday 23:30 UTC is already Saturday in Tokyo and Sunday 23:00 UTC is Monday there: UTC decides.
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      expect(at('2025-03-07T23:30:00.000Z').getDay()).toBe(6);
      expect(addBusinessDays(at('2025-03-07T23:30:00.000Z'), 1)).toEqual(at('2025-03-10T23:30:00.000Z'));
      expect(addBusinessDays(at('2025-03-09T23:00:00.000Z'), 1)).toEqual(at('2025-03-11T23:00:00.000Z'));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('does not count federal holidays', () => {
    // 2025-07-04 (Independence Day) is a Friday and still counts as a business day.
    expect(addBusinessDays(at('2025-07-03T10:00:00.000Z'), 1)).toEqual(at('2025-07-04T10:00:00.000Z'));
  });

  it('leaves its argument alone and refuses negative or fractional days', () => {
    const start = at('2025-03-07T09:00:00.000Z');
    addBusinessDays(start, 1);
    expect(start).toEqual(at('2025-03-07T09:00:00.000Z'));
    expect(() => addBusinessDays(start, -1)).toThrow(RangeError);
    expect(() => addBusinessDays(start, 1.5)).toThrow(RangeError);
  });
});
