// The due-date indicator of the staff order list (spec 02 section 4): thresholds 0, 1 and 3 days.

export type DueDateTone = 'red' | 'orange' | 'yellow' | 'green';

export type DueDateIndicator = { label: string; tone: DueDateTone; daysLeft: number };

const dayMs = 24 * 60 * 60 * 1000;

/** Whole days until the due date, rounded up: due in 5 hours is 1 day left, 5 hours ago is 0. */
export function daysLeft(dueDate: Date, now: Date): number {
  return Math.ceil((dueDate.getTime() - now.getTime()) / dayMs);
}

export function dueDateIndicator(dueDate: Date, now: Date = new Date()): DueDateIndicator {
  const days = daysLeft(dueDate, now);
  if (days < 0) return { label: 'Overdue', tone: 'red', daysLeft: days };
  if (days <= 1) return { label: 'Due today', tone: 'orange', daysLeft: days };
  return { label: `${days}d left`, tone: days <= 3 ? 'yellow' : 'green', daysLeft: days };
}
