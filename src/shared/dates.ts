// Business-day arithmetic for due dates (DESIGN 7: the 24-hour delivery guarantee counts business
// days). Days are counted in UTC so every server agrees whatever its time zone. Only Saturdays and
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
