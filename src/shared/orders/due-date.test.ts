import { describe, expect, it } from 'vitest';
import { dueDateIndicator } from './due-date';
import { formatBusinessDate } from '../dates';

// 2026-11-18 12:00 UTC is Wednesday, November 18, 7:00 AM in New York.
const now = new Date('2026-11-18T12:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * 60 * 60 * 1000);

describe('dueDateIndicator', () => {
  it.each([
    ['two days ago', inHours(-48), 'Overdue', 'red'],
    ['25 hours ago, yesterday', inHours(-25), 'Overdue', 'red'],
    ['an hour ago, today', inHours(-1), 'Due today', 'orange'],
    ['now', inHours(0), 'Due today', 'orange'],
    ['in 5 hours, today', inHours(5), 'Due today', 'orange'],
    ['in one day, tomorrow', inHours(24), 'Due tomorrow', 'orange'],
    ['in 25 hours, tomorrow', inHours(25), 'Due tomorrow', 'orange'],
    ['in two days', inHours(48), '2d left', 'yellow'],
    ['in three days', inHours(72), '3d left', 'yellow'],
    ['in 73 hours, still the third day', inHours(73), '3d left', 'yellow'],
    ['in four days', inHours(96), '4d left', 'green'],
    ['in ten days', inHours(240), '10d left', 'green'],
  ])('due %s: %s (%s)', (_when, dueDate, label, tone) => {
    expect(dueDateIndicator(dueDate, now)).toMatchObject({ label, tone });
  });

  it('counts days in Eastern time, as the date beside it is shown: an order paid in the evening is due tomorrow, not today', () => {
    // Wednesday 10 PM in New York is already Thursday in UTC.
    const paidAt = new Date('2026-11-19T03:00:00Z');
    const dueDate = new Date('2026-11-20T03:00:00Z');
    expect(formatBusinessDate(paidAt)).toBe('November 18, 2026');
    expect(formatBusinessDate(dueDate)).toBe('November 19, 2026');
    expect(dueDateIndicator(dueDate, paidAt)).toMatchObject({ label: 'Due tomorrow', daysLeft: 1 });
    // The next morning, the same date is today's.
    expect(dueDateIndicator(dueDate, new Date('2026-11-19T14:00:00Z'))).toMatchObject({ label: 'Due today', daysLeft: 0 });
  });
});
