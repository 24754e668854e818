import { describe, expect, it } from 'vitest';
import { addBusinessDays, formatBusinessDate, formatCalendarDate, formatLongDate, startOfBusinessDay, startOfNextBusinessDay } from './dates';
import { formatUsd } from './money';
import { speak } from '#tests/support/locale.ts';

const at = (iso: string) => new Date(iso);

describe('addBusinessDays', () => {
  it('adds weekdays and keeps the time of day', () => {
    // 2025-03-04 is a Tuesday.
    expect(addBusinessDays(at('2025-03-04T15:30:00.000Z'), 1)).toEqual(at('2025-03-05T15:30:00.000Z'));
    expect(addBusinessDays(at('2025-03-04T15:30:00.000Z'), 3)).toEqual(at('2025-03-07T15:30:00.000Z'));
    expect(addBusinessDays(at('2025-03-04T15:30:00.000Z'), 0)).toEqual(at('2025-03-04T15:30:00.000Z'));
  });

  it('skips Saturday and Sunday', () => {
    // 2025-02-07 is a Friday. Friday + 1 is Monday; Thursday + 2 is Monday; Friday + 6 is the Monday after next.
    expect(addBusinessDays(at('2025-02-07T15:00:00.000Z'), 1)).toEqual(at('2025-02-10T15:00:00.000Z'));
    expect(addBusinessDays(at('2025-02-06T15:00:00.000Z'), 2)).toEqual(at('2025-02-10T15:00:00.000Z'));
    expect(addBusinessDays(at('2025-02-07T15:00:00.000Z'), 6)).toEqual(at('2025-02-17T15:00:00.000Z'));
  });

  it('counts a weekend start from Monday', () => {
    expect(addBusinessDays(at('2025-02-08T17:00:00.000Z'), 1)).toEqual(at('2025-02-11T17:00:00.000Z'));
    // Sunday, 11:59 PM in New York.
    expect(addBusinessDays(at('2025-02-10T04:59:00.000Z'), 1)).toEqual(at('2025-02-12T04:59:00.000Z'));
    expect(addBusinessDays(at('2025-02-10T04:59:00.000Z'), 0)).toEqual(at('2025-02-11T04:59:00.000Z'));
  });

  it('decides the weekday in Eastern time, whatever the time zone of the process', () => {
    // Friday, January 10, 11:30 PM in New York is Saturday in UTC and in Tokyo: Friday is a business
    // day, so + 1 is Monday, 11:30 PM in New York.
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      expect(at('2025-01-11T04:30:00.000Z').getDay()).toBe(6);
      expect(addBusinessDays(at('2025-01-11T04:30:00.000Z'), 1)).toEqual(at('2025-01-14T04:30:00.000Z'));
      // Sunday 8 PM in New York (Monday in UTC) is still the weekend: counted from Monday, + 1 is Tuesday.
      expect(addBusinessDays(at('2025-01-13T01:00:00.000Z'), 1)).toEqual(at('2025-01-15T01:00:00.000Z'));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('keeps the time of day in Eastern time across a change of the clocks', () => {
    // Saturday, March 8, 2025, 11:30 PM EST; the clocks spring forward early on Sunday. Counted from
    // Monday 11:30 PM EDT (an hour less after UTC), + 1 is Tuesday, 11:30 PM EDT.
    expect(addBusinessDays(at('2025-03-09T04:30:00.000Z'), 1)).toEqual(at('2025-03-12T03:30:00.000Z'));
    // Friday, October 31, 2025, 11:30 PM EDT; the clocks fall back on Sunday: + 1 is Monday, 11:30 PM EST.
    expect(addBusinessDays(at('2025-11-01T03:30:00.000Z'), 1)).toEqual(at('2025-11-04T04:30:00.000Z'));
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

describe('business days in Eastern time', () => {
  it('start at midnight in New York, in winter and in summer', () => {
    expect(startOfBusinessDay('2025-01-15')).toEqual(at('2025-01-15T05:00:00.000Z'));
    expect(startOfBusinessDay('2025-07-15')).toEqual(at('2025-07-15T04:00:00.000Z'));
    // The day the clocks spring forward still starts at midnight EST.
    expect(startOfBusinessDay('2025-03-09')).toEqual(at('2025-03-09T05:00:00.000Z'));
  });

  it('the next one after a Friday evening is Monday', () => {
    // Friday, July 18, 2025, 9 PM in New York (Saturday 01:00 UTC).
    expect(startOfNextBusinessDay(at('2025-07-19T01:00:00.000Z'))).toEqual(at('2025-07-21T04:00:00.000Z'));
    // Tuesday morning: Wednesday.
    expect(startOfNextBusinessDay(at('2025-07-15T13:00:00.000Z'))).toEqual(at('2025-07-16T04:00:00.000Z'));
  });
});

describe('dates and amounts as the reader reads them', () => {
  it('writes long dates in US English by default, as before', () => {
    expect(formatCalendarDate('2024-03-15')).toBe('March 15, 2024');
    expect(formatBusinessDate(at('2026-11-19T03:00:00.000Z'))).toBe('November 18, 2026');
    expect(formatLongDate(at('2025-03-05T15:00:00.000Z'), 'en', 'UTC')).toBe('March 5, 2025');
    expect(formatCalendarDate('not a date')).toBe('not a date');
    expect(formatUsd(14900)).toBe('$149.00');
  });

  it('writes them in Spanish when the page speaks Spanish, the amounts still in dollars', () => {
    speak('es');
    expect(formatCalendarDate('2024-03-15')).toBe('15 de marzo de 2024');
    // The business day is the Eastern one: 3 AM UTC on the 19th is still the 18th in New York.
    expect(formatBusinessDate(at('2026-11-19T03:00:00.000Z'))).toBe('18 de noviembre de 2026');
    expect(formatLongDate(at('2025-03-05T15:00:00.000Z'), undefined, 'UTC')).toBe('5 de marzo de 2025');
    expect(formatUsd(14900)).toBe('$149.00');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
  });

  it('takes a language given outright over the current one', () => {
    speak('es');
    expect(formatCalendarDate('2024-03-15', 'en')).toBe('March 15, 2024');
    expect(formatLongDate(at('2025-03-05T15:00:00.000Z'), 'en', 'UTC')).toBe('March 5, 2025');
  });
});
