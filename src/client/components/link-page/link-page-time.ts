import { baseLocale, localeTags, type Locale } from '#shared/i18n/locales.ts';
import { formatCustomerTime } from '#shared/customer-time.ts';

// The moments the pages behind e-mailed links show, in the page's language and the browser's zone,
// the zone named. English keeps the customer time's own wording ("November 26, 2026 at 5:05 AM CST").

const dates = new Map<Locale, Intl.DateTimeFormat>();
const moments = new Map<Locale, Intl.DateTimeFormat>();

function formatOf(cache: Map<Locale, Intl.DateTimeFormat>, locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTags[locale], options);
    cache.set(locale, format);
  }
  return format;
}

/** A moment with its date, time and zone: "26 de noviembre de 2026, 5:05 a.m. CST" in Spanish. */
export function formatLinkPageTime(date: Date, locale: Locale): string {
  if (locale === baseLocale) return formatCustomerTime(date);
  return formatOf(moments, locale, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(date);
}

/** A day: "December 30, 2026", "30 de diciembre de 2026". */
export function formatLinkPageDate(date: Date, locale: Locale): string {
  return formatOf(dates, locale, { dateStyle: 'long' }).format(date);
}
