import { formatEasternDateTime, formatEasternShortDateTime } from '#client/lib/business-time.ts';

// How the order screen writes dates (spec 02: en-US, long US dates for staff, short-month comment times).
// Times of day go through the panel's one formatter, in Eastern time with its zone named (decision 033).

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function format(formatter: Intl.DateTimeFormat, isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : formatter.format(date);
}

/** "November 21, 2026". */
export function formatLongDate(isoDate: string): string {
  return format(longDate, isoDate);
}

/** "November 21, 2026 at 2:05 PM EST". */
export const formatLongDateTime = formatEasternDateTime;

/** "Nov 21, 2026, 2:05 PM EST": when a comment was written. */
export const formatShortDateTime = formatEasternShortDateTime;

export { formatCalendarDate } from '#shared/dates.ts';
