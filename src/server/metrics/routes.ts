import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { routeSchema, type DocumentedRoutes } from '../api-document';
import type { MetricsRegistry } from './create-metrics-registry';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether `authorization` is `Bearer <token>`, compared in constant time (both sides hashed to one length). */
function bearerMatches(authorization: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
  const same = timingSafeEqual(sha256(given ?? ''), expected);
  return given !== undefined && same;
}

/**
 * `GET /metrics`, the Prometheus text format, for the operator's scraper with METRICS_TOKEN (decision
 * 064). Always registered, so the API document is the same whatever the configuration; without a
 * token it answers 404 as an unknown address would.
 */
export function registerMetricsRoutes(app: FastifyInstance, { metrics, token }: { metrics: MetricsRegistry | null; token: string | undefined }): void {
  const expected = token ? sha256(token) : null;
  app.withTypeProvider<DocumentedRoutes>().get(
    '/metrics',
    {
      schema: routeSchema({
        summary: 'The service\'s metrics, in the Prometheus text format',
        description:
          'Requests by route template and status, the e-mail and fax outboxes, fax retries and give-ups, fax-backs to match, orders overdue at the IRS, the background jobs\' lag, the database\'s connections and the process\'s own figures. Labels carry route templates, never addresses.',
        tag: 'Operations',
        access: { kind: 'metrics-token' },
        answers: { 200: { file: 'text/plain', description: 'The metrics (`text/plain; version=0.0.4`).' } },
      }),
    },
    async (request, reply) => {
      if (!metrics || !expected) throw new AppError('not_found', 'Not found.');
      if (!bearerMatches(request.headers.authorization, expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthorized', 'A valid metrics token is required.');
      }
      const text = await metrics.registry.metrics();
      return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
