import { afterEach } from 'vitest';
import type { Locale } from '#shared/i18n/locales.ts';
import { overwriteGetLocale } from '#shared/i18n/messages.ts';

/**
 * Makes every message speak `locale` for the rest of the test (a component test renders outside the
 * browser's address, which sets the language in the app). Back to English after each test.
 */
export function speak(locale: Locale): void {
  overwriteGetLocale(() => locale);
}

afterEach(() => {
  overwriteGetLocale(() => 'en');
});
