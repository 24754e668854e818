import { localeTags, type Locale } from './i18n/locales';
import { getLocale } from './i18n/messages';

// Amounts are in US dollars in every language; the format is the reader's ("$149.00" both in US
// English and US Spanish), so a page and the e-mails it sends write the same.
const usdFormats = new Map<Locale, Intl.NumberFormat>();

function usdFormat(locale: Locale): Intl.NumberFormat {
  let format = usdFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(localeTags[locale], { style: 'currency', currency: 'USD' });
    usdFormats.set(locale, format);
  }
  return format;
}

/** An amount in cents as US dollars with two decimals: 14900 -> "$149.00", in `locale` (the current language). */
export function formatUsd(cents: number, locale: Locale = getLocale()): string {
  return usdFormat(locale).format(cents / 100);
}

/** Whole dollars (the `ein_price_standard` setting) to cents, the unit every payment uses. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
