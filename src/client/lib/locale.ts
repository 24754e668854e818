import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { localeOfPath, pathInLocale, type Locale } from '#shared/i18n/locales.ts';
import { getLocale, overwriteGetLocale } from '#shared/i18n/messages.ts';

// The page's language is its path's (decision 061): the messages read it from the address, in the
// browser from the window's and on the server from the page being rendered.

/**
 * The language this build of the browser's code is for, fixed when it is built (decision 062); none
 * on the server and the dev server, which serve every language.
 */
export const buildLocale = (globalThis as { __PARAGLIDE_STATIC_LOCALE__?: Locale }).__PARAGLIDE_STATIC_LOCALE__;

/** Makes every message speak the language of the path `currentPath` returns. */
export function followPathLocale(currentPath: () => string): void {
  overwriteGetLocale(() => localeOfPath(currentPath()));
}

/**
 * Renders with every message in the language of the page at `path`, then gives the messages back to
 * whatever they followed before (on the server, the request's language; decision 061). The render is
 * synchronous, so no other code speaks in between.
 */
export function inLanguageOfPath<T>(path: string, render: () => T): T {
  const previous = getLocale;
  overwriteGetLocale(() => localeOfPath(path));
  try {
    return render();
  } finally {
    overwriteGetLocale(previous);
  }
}

/** The language of the page on screen. */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** Turns a path of `paths` into the same page in the current page's language. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => pathInLocale(path, locale);
}

/** Keeps `<html lang>` the page's language as the visitor moves between pages. It renders nothing. */
export function DocumentLanguage() {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}
