import type { FastifyInstance } from 'fastify';
import type { MetricsRegistry } from './create-metrics-registry';

/** The route label of a request no route answered (the not-found handler's). */
export const unmatchedRoute = 'unmatched';

/**
 * Counts every answered request under its route's template (`/api/track/:number`), never its address,
 * so no label holds a tracking number, a token or an e-mail. A callback hook, with no promise to make:
 * it runs on every request, the tracking lookup's included (decision 064).
 */
export function recordRequests(app: FastifyInstance, metrics: MetricsRegistry): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest({ method: request.method, route: request.routeOptions.url ?? unmatchedRoute, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
