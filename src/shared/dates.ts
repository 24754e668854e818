// Business-day arithmetic for due dates (the delivery promise, src/shared/delivery-promise.ts, counts
// business days). Days are counted in UTC so every server agrees whatever its time zone. Only Saturdays and
// Sundays are skipped: US federal holidays are not, so an order paid the day before a holiday is
// due on the holiday.

const dayMs = 24 * 60 * 60 * 1000;

function isWeekend(date: Date): boolean {
  const day = date.getUTCDay();
  return day === 0 || day === 6;
}

/**
 * `date` moved forward by `days` business days (Monday to Friday, UTC), keeping its time of day.
 * A start on a weekend counts from the next Monday's same time: Saturday + 1 is Tuesday.
 */
export function addBusinessDays(date: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number, 0 or more');
  let result = new Date(date.getTime());
  while (isWeekend(result)) result = new Date(result.getTime() + dayMs);
  let left = days;
  while (left > 0) {
    result = new Date(result.getTime() + dayMs);
    if (!isWeekend(result)) left -= 1;
  }
  return result;
}

// A calendar day from the application ("2024-03-15") is no moment in time: read and written in UTC so
// a browser west of Greenwich does not show the day before.
const longCalendarDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A YYYY-MM-DD answer as a long US date ("March 15, 2024"); other text as it is. */
export function formatCalendarDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : longCalendarDate.format(date);
}
