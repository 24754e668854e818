import { localeTags, type Locale } from './i18n/locales';
import { getLocale } from './i18n/messages';

// Business days and the business's calendar (decision 033). The service works on US Eastern time:
// a business day is a weekday there, "today" on the staff screens is the Eastern day, and a due
// date is shown as its Eastern day, so every server and every browser agrees whatever its own zone.
// Only Saturdays and Sundays are skipped: US federal holidays are not, so an order paid the day
// before a holiday is due on the holiday.

/** The business's time zone (Eastern; it is also the IRS's). */
export const businessTimeZone = 'America/New_York';

const dayMs = 24 * 60 * 60 * 1000;

const businessWeekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: businessTimeZone });
const businessCalendarDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: businessTimeZone });

function isWeekend(date: Date): boolean {
  const day = businessWeekday.format(date);
  return day === 'Sat' || day === 'Sun';
}

/** The day `date` falls on in the business's time zone, as YYYY-MM-DD. */
export function businessDayOf(date: Date): string {
  return businessCalendarDay.format(date);
}

/** Whole calendar days from the business day of `from` to that of `to` (0: the same day). */
export function businessDaysBetween(from: Date, to: Date): number {
  const day = (date: Date) => Date.parse(`${businessDayOf(date)}T00:00:00Z`);
  return Math.round((day(to) - day(from)) / dayMs);
}

const businessOffset = new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone, timeZoneName: 'longOffset' });

/** Minutes the business's clock is ahead of UTC at `date` (-300 in winter, -240 in summer). */
function offsetMinutes(date: Date): number {
  const name = businessOffset.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The same time of day on the next calendar day, in the business's time zone (across a clock change too). */
function nextDay(date: Date): Date {
  const next = new Date(date.getTime() + dayMs);
  return new Date(next.getTime() + (offsetMinutes(date) - offsetMinutes(next)) * 60_000);
}

/** The moment the business day `day` (YYYY-MM-DD) starts: midnight in Eastern time. */
export function startOfBusinessDay(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  // Midnight in New York is midnight UTC moved by the offset of that moment (a few hours either way).
  const guess = new Date(utcMidnight.getTime() - offsetMinutes(utcMidnight) * 60_000);
  return new Date(utcMidnight.getTime() - offsetMinutes(guess) * 60_000);
}

/** The start of the first business day after the one `date` falls on (the next weekday, Eastern). */
export function startOfNextBusinessDay(date: Date): Date {
  let next = nextDay(date);
  while (isWeekend(next)) next = nextDay(next);
  return startOfBusinessDay(businessDayOf(next));
}

/**
 * `date` moved forward by `days` business days (Monday to Friday, Eastern), keeping its time of day
 * there. A start on a weekend counts from the next Monday's same time: Saturday + 1 is Tuesday.
 */
export function addBusinessDays(date: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number, 0 or more');
  let result = new Date(date.getTime());
  while (isWeekend(result)) result = nextDay(result);
  let left = days;
  while (left > 0) {
    result = nextDay(result);
    if (!isWeekend(result)) left -= 1;
  }
  return result;
}

/** Long dates ("November 19, 2026", "19 de noviembre de 2026") in a zone, one format per language and zone. */
const longDateFormats = new Map<string, Intl.DateTimeFormat>();

function longDateIn(locale: Locale, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let format = longDateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTags[locale], { year: 'numeric', month: 'long', day: 'numeric', ...(timeZone ? { timeZone } : {}) });
    longDateFormats.set(key, format);
  }
  return format;
}

/**
 * The day of a moment as a long date ("March 5, 2025", "5 de marzo de 2025"), in `locale` (the current
 * language) and the machine's zone (the browser's, on a page) unless a zone is given.
 */
export function formatLongDate(date: Date, locale: Locale = getLocale(), timeZone?: string): string {
  return longDateIn(locale, timeZone).format(date);
}

/** A moment's business day as a long date ("November 19, 2026"), in `locale` (the current language): how a due date is shown. */
export function formatBusinessDate(date: Date, locale: Locale = getLocale()): string {
  return longDateIn(locale, businessTimeZone).format(date);
}

// A calendar day from the application ("2024-03-15") is no moment in time: read and written in UTC so
// a browser west of Greenwich does not show the day before.

/** A YYYY-MM-DD answer as a long date ("March 15, 2024"), in `locale` (the current language); other text as it is. */
export function formatCalendarDate(value: string, locale: Locale = getLocale()): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : longDateIn(locale, 'UTC').format(date);
}
