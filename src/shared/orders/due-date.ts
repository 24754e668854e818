import { businessDaysBetween } from '../dates';

// The due-date indicator of the staff screens (spec 02 section 4): thresholds 0, 1 and 3 days. Days
// are the business's calendar days (Eastern, decision 033), the days the due date is shown in, so the
// badge and the date beside it always agree.

export type DueDateTone = 'red' | 'orange' | 'yellow' | 'green';

export type DueDateIndicator = { label: string; tone: DueDateTone; daysLeft: number };

/** Calendar days from today to the due date's day, in the business's time zone: 0 today, 1 tomorrow, -1 yesterday. */
export function daysLeft(dueDate: Date, now: Date): number {
  return businessDaysBetween(now, dueDate);
}

export function dueDateIndicator(dueDate: Date, now: Date = new Date()): DueDateIndicator {
  const days = daysLeft(dueDate, now);
  if (days < 0) return { label: 'Overdue', tone: 'red', daysLeft: days };
  if (days === 0) return { label: 'Due today', tone: 'orange', daysLeft: days };
  if (days === 1) return { label: 'Due tomorrow', tone: 'orange', daysLeft: days };
  return { label: `${days}d left`, tone: days <= 3 ? 'yellow' : 'green', daysLeft: days };
}
