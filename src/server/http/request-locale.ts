import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { baseLocale, isLocale, locales, type Locale } from '#shared/i18n/locales.ts';
import { overwriteGetLocale } from '#shared/i18n/messages.ts';

// The language the server answers in is the page's: the browser sends it with every call as
// `Accept-Language` (exactly `en` or `es`); another client gets the best of its list, or English.
// It is kept per request, so every message evaluated while a request is handled (a shared schema's
// zod message, an `AppError`'s) speaks that request's language. The staff panel is English only,
// whatever its browser asks for. Codes never change with the language.

const requestLocale = new AsyncLocalStorage<Locale>();

/** The staff panel's pages and calls, and the sign-in's: they answer in English. */
const staffPathPrefixes = ['/api/manage', '/api/auth', '/manage'] as const;

function isStaffPath(url: string): boolean {
  const path = url.split('?', 1)[0]!.toLowerCase();
  return staffPathPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The language of an `Accept-Language` header: a locale named exactly, else the first of its list
 * by preference (`es-MX;q=0.9` is Spanish) that the service speaks, else English.
 */
export function localeOfAcceptLanguage(header: string | undefined): Locale {
  if (!header) return baseLocale;
  const exact = header.trim().toLowerCase();
  if (isLocale(exact)) return exact;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const weight = parameters.find((parameter) => /^q=/i.test(parameter));
      const quality = weight === undefined ? 1 : Number(weight.slice(2));
      return { language: tag.split('-', 1)[0]!.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((range) => range.quality > 0 && (locales as readonly string[]).includes(range.language))
    // Highest preference first; among equals, the order the header lists them in.
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const best = ranges[0]?.language;
  return isLocale(best) ? best : baseLocale;
}

/** The language a request is answered in. */
export function localeOfRequest(request: Pick<FastifyRequest, 'url' | 'headers'>): Locale {
  if (isStaffPath(request.url)) return baseLocale;
  const header = request.headers['accept-language'];
  return localeOfAcceptLanguage(Array.isArray(header) ? header.join(',') : header);
}

let speaking = false;

/**
 * Makes every message on the server speak the language of the request being handled (English outside
 * one: jobs, start-up). Once per process: the messages' language is the process's one setting.
 */
function speakRequestLocale(): void {
  if (speaking) return;
  speaking = true;
  overwriteGetLocale(() => requestLocale.getStore() ?? baseLocale);
}

/** Keeps each request's language for everything its handling runs, from its first hook to its answer. */
export function registerRequestLocale(app: FastifyInstance): void {
  speakRequestLocale();
  app.addHook('onRequest', (request, _reply, done) => requestLocale.run(localeOfRequest(request), done));
}

