import { businessTimeZone } from '../../shared/dates';

// Moments the staff screens show with their time of day (a fax sent, received, delivered) are written in
// the business's time zone, Eastern (decision 033), with its abbreviation, whatever the browser's zone.

const easternDateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: businessTimeZone,
  timeZoneName: 'short',
});

/** "November 21, 2026 at 2:05 PM EST"; text that is no date as it is. */
export function formatEasternDateTime(isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : easternDateTime.format(date);
}
