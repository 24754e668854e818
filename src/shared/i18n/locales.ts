import { baseLocale, locales, type Locale } from '../../paraglide/runtime.js';

// The languages of the customer's side of the service (decision 061): English at today's paths, and
// each other language under its own prefix (`/es/faq`). The staff panel and staff e-mails stay English.

export { baseLocale, locales, type Locale };

/** The cookie that remembers a visitor's choice of language. */
export const localeCookie = 'lang';

/** The names each language is offered by, in itself (the switch reads "English | Español"). */
export const localeNames: Record<Locale, string> = { en: 'English', es: 'Español' };

/** The tag for `Intl` formats (dates, money, numbers) and Open Graph's locale; `<html lang>` and `hreflang` use the locale itself. */
export const localeTags: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

const prefixOf = (locale: Locale) => (locale === baseLocale ? '' : `/${locale}`);

/** The language a page's path is in: its prefix (`/es`, `/es/…`), English without one. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1]?.toLowerCase();
  return isLocale(first) && first !== baseLocale ? first : baseLocale;
}

/** A path with its language prefix taken off: `/es/faq` → `/faq`, `/es` → `/`. */
export function unlocalizedPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === baseLocale) return pathname;
  const rest = pathname.slice(prefixOf(locale).length);
  return rest === '' ? '/' : rest;
}

/** The same page in `locale`: `/faq` → `/es/faq`, `/` → `/es/`, `/es/faq` → `/faq` in English. */
export function pathInLocale(pathname: string, locale: Locale): string {
  const path = unlocalizedPath(pathname);
  if (locale === baseLocale) return path;
  return path === '/' ? `${prefixOf(locale)}/` : `${prefixOf(locale)}${path}`;
}
