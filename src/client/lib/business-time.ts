import { businessTimeZone } from '#shared/dates.ts';

// Every moment the staff screens show with its time of day (a fax sent, a signature, a status change, an
// e-mail, a comment, a session's last activity) is written here, in the business's time zone, Eastern
// (decision 033), with its abbreviation, whatever the browser's zone. The audit trail alone keeps UTC,
// named too (decision 019).

const easternDateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: businessTimeZone,
  timeZoneName: 'short',
});

const easternShortDateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: businessTimeZone,
  timeZoneName: 'short',
});

function format(formatter: Intl.DateTimeFormat, isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : formatter.format(date);
}

/** "November 21, 2026 at 2:05 PM EST"; text that is no date as it is. */
export function formatEasternDateTime(isoDate: string): string {
  return format(easternDateTime, isoDate);
}

/** "Nov 21, 2026, 2:05 PM EST", where space is short (a comment, a session); text that is no date as it is. */
export function formatEasternShortDateTime(isoDate: string): string {
  return format(easternShortDateTime, isoDate);
}
