// How the order screen writes dates (spec 02: en-US, long US dates for staff, short-month comment times).

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const longDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
const shortDateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

function format(formatter: Intl.DateTimeFormat, isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : formatter.format(date);
}

/** "November 21, 2026". */
export function formatLongDate(isoDate: string): string {
  return format(longDate, isoDate);
}

/** "November 21, 2026 at 2:05 PM". */
export function formatLongDateTime(isoDate: string): string {
  return format(longDateTime, isoDate);
}

/** "Nov 21, 2026, 2:05 PM": when a comment was written. */
export function formatShortDateTime(isoDate: string): string {
  return format(shortDateTime, isoDate);
}

export { formatCalendarDate } from '../../../shared/dates';
