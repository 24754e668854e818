import { onTestFinished } from 'vitest';
import type { Locale } from '#shared/i18n/locales.ts';
import { getLocale, overwriteGetLocale } from '#shared/i18n/messages.ts';

/** Whether a test has made the messages speak another language, to be given back when it ends. */
let spoken = false;

/**
 * Makes every message speak `locale` for the rest of the test (a component test renders outside the
 * browser's address, which sets the language in the app). Back to what they spoke before once the
 * test is over.
 */
export function speak(locale: Locale): void {
  if (!spoken) {
    spoken = true;
    const previous = getLocale;
    onTestFinished(() => {
      overwriteGetLocale(previous);
      spoken = false;
    });
  }
  overwriteGetLocale(() => locale);
}
