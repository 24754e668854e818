// Metrics: the service's vital signs for Prometheus (decision 064). One registry per app with the
// process's own figures, every request counted by route template (never its address), and the work
// waiting in the database read at each scrape. `GET /metrics` (routes.ts) answers only with
// METRICS_TOKEN, and is not served without it.
export { createMetricsRegistry } from './create-metrics-registry';
export type { MetricsRegistry, RequestLabels } from './create-metrics-registry';
export { recordRequests, unmatchedRoute } from './record-requests';
export { readStoredFigures } from './read-stored-figures';
export type { StoredFigures } from './read-stored-figures';
