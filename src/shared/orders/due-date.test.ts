import { describe, expect, it } from 'vitest';
import { dueDateIndicator } from './due-date';

const now = new Date('2026-11-18T12:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * 60 * 60 * 1000);

describe('dueDateIndicator', () => {
  it.each([
    ['two days ago', inHours(-48), 'Overdue', 'red'],
    ['25 hours ago', inHours(-25), 'Overdue', 'red'],
    ['an hour ago', inHours(-1), 'Due today', 'orange'],
    ['now', inHours(0), 'Due today', 'orange'],
    ['in 5 hours', inHours(5), 'Due today', 'orange'],
    ['in exactly one day', inHours(24), 'Due today', 'orange'],
    ['in 25 hours', inHours(25), '2d left', 'yellow'],
    ['in three days', inHours(72), '3d left', 'yellow'],
    ['in 73 hours', inHours(73), '4d left', 'green'],
    ['in ten days', inHours(240), '10d left', 'green'],
  ])('due %s: %s (%s)', (_when, dueDate, label, tone) => {
    expect(dueDateIndicator(dueDate, now)).toMatchObject({ label, tone });
  });
});
