import type { FastifyRequest } from 'fastify';
import type { Env } from '../env';
import { baseLocale, pathInLocale, type Locale } from '#shared/i18n/locales.ts';
import { manageOrderPath, trackingPageHref } from '#shared/site/public-paths.ts';

/**
 * Where links in e-mails point: `PUBLIC_URL` when it is set (production), otherwise the address the
 * request came in on, so a local or test server links to itself; without a request, localhost.
 */
export function siteOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, request?: FastifyRequest): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  if (request) return `${request.protocol}://${request.host}`;
  return `http://localhost:${env.PORT}`;
}

/** The order's page in the staff panel (the browser's `manageOrderPath`). */
export function manageOrderUrl(origin: string, orderId: number): string {
  return `${origin}${manageOrderPath(orderId)}`;
}

/** The customer's tracking page with the number filled in, in `locale` (`/es/track-application?…`); English by default. */
export function trackingUrl(origin: string, trackingNumber: string, locale: Locale = baseLocale): string {
  return `${origin}${pathInLocale(trackingPageHref(trackingNumber), locale)}`;
}
