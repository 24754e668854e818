import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { AppError } from '#server/errors.ts';

// Every state-changing request to the staff API must come from our own origin (the public address,
// or the one the request came in on), so another site cannot make a signed-in browser act.

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `https://host` of the request as the browser addressed it (default ports dropped, as in `Origin`). */
function requestOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

const staffApiPrefix = '/api/manage';

/**
 * The path as a router could read it: without the query, percent-decoding applied until it no longer
 * changes (double encoding included), repeated slashes collapsed, lower case.
 */
export function normalisedRequestPath(url: string): string {
  let path = url.split('?')[0] ?? '';
  for (let round = 0; round < 5; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  return path.replace(/[\\/]+/g, '/').toLowerCase();
}

/**
 * Whether a request is for the staff API. The routed path decides (the router decodes the URL, so
 * `/api/%6danage/users` reaches `/api/manage/users`); an unrouted request is judged by its decoded path.
 */
function isStaffApiRequest(request: FastifyRequest): boolean {
  const routed = request.routeOptions.url;
  if (routed !== undefined && routed.startsWith(staffApiPrefix)) return true;
  return normalisedRequestPath(request.url).startsWith(staffApiPrefix);
}

/** Refuses, before any route runs, a staff API write whose `Origin` is missing or another site's. */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const allowedOrigin = publicUrl ? new URL(publicUrl).origin : null;
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method) || !isStaffApiRequest(request)) return;
    const origin = request.headers.origin;
    if (!origin || (origin !== allowedOrigin && origin !== requestOrigin(request))) {
      throw new AppError('cross_origin', staffMessages.crossOrigin);
    }
  });
}
