import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db';
import type { JobClock } from '../jobs';
import { readStoredFigures, type StoredFigures } from './read-stored-figures';

/** What a request is counted under: never its address, which may hold a tracking number or a token. */
export type RequestLabels = { method: string; route: string; status: string };

/** The metrics of one app: its own registry, so that several apps in one process never share a series. */
export type MetricsRegistry = {
  registry: Registry;
  /** Counts one answered request and how long it took. */
  observeRequest: (labels: RequestLabels, seconds: number) => void;
};

const requestLabelNames = ['method', 'route', 'status'] as const;

/**
 * The service's metrics (decision 064): the process's own (prom-client's defaults), the requests by
 * route template, and the figures read at each scrape: the database's (through one read shared by
 * every gauge of the scrape), the background jobs' lag and the database's connections.
 */
export function createMetricsRegistry({ database, jobClock }: { database: Database; jobClock: JobClock }): MetricsRegistry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({ name: 'ein_http_requests_total', help: 'HTTP requests answered, by method, route template and status.', labelNames: requestLabelNames, registers });
  const durations = new Histogram({
    name: 'ein_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to answering it, by method, route template and status.',
    labelNames: requestLabelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  // One read of the database per scrape: every gauge's collect starts in the same tick and shares it.
  let reading: Promise<StoredFigures> | null = null;
  const stored = () => (reading ??= readStoredFigures(database.db).finally(() => (reading = null)));

  new Gauge({
    name: 'ein_email_outbox_depth',
    help: 'E-mails queued in the outbox, not sent yet.',
    registers,
    async collect() {
      this.set((await stored()).emailOutbox.queued);
    },
  });
  new Gauge({
    name: 'ein_email_outbox_oldest_age_seconds',
    help: 'Age of the oldest e-mail queued and not sent yet; 0 when none is.',
    registers,
    async collect() {
      this.set((await stored()).emailOutbox.oldestQueuedAgeSeconds);
    },
  });
  new Gauge({
    name: 'ein_fax_outbox_depth',
    help: 'Fax filings waiting to be sent, by status: queued, or held by the IRS\'s one-EIN-a-day rule.',
    labelNames: ['status'],
    registers,
    async collect() {
      const { faxOutbox } = await stored();
      this.set({ status: 'queued' }, faxOutbox.queued);
      this.set({ status: 'held' }, faxOutbox.held);
    },
  });
  // Read from the audit trail, so the same on every instance and never reset by a restart.
  new Counter({
    name: 'ein_fax_retries_total',
    help: 'Fax attempts to the IRS that failed and were tried again (attempts beyond the first).',
    registers,
    async collect() {
      this.reset();
      this.inc((await stored()).faxAttempts.retried);
    },
  });
  new Counter({
    name: 'ein_fax_given_up_total',
    help: 'Fax filings given up after their last failed attempt.',
    registers,
    async collect() {
      this.reset();
      this.inc((await stored()).faxAttempts.givenUp);
    },
  });
  new Gauge({
    name: 'ein_fax_backs_unmatched',
    help: 'Faxes received and not matched to a filing yet, by status: received (being read) or unmatched (for staff to match).',
    labelNames: ['status'],
    registers,
    async collect() {
      const { faxBacks } = await stored();
      this.set({ status: 'received' }, faxBacks.received);
      this.set({ status: 'unmatched' }, faxBacks.unmatched);
    },
  });
  new Gauge({
    name: 'ein_orders_irs_overdue',
    help: 'Orders overdue at the IRS (status irs_overdue): filed, and no answer in the business days allowed.',
    registers,
    async collect() {
      this.set((await stored()).irsOverdueOrders);
    },
  });
  new Gauge({
    name: 'ein_job_lag_seconds',
    help: 'Seconds since each background job last finished a run on this instance (since start-up if it has not yet).',
    labelNames: ['job'],
    registers,
    collect() {
      this.reset();
      for (const [job, seconds] of jobClock.lagSeconds()) this.set({ job }, seconds);
    },
  });
  new Gauge({
    name: 'ein_db_pool_connections',
    help: 'The database connections of this instance, by state: total, idle, and waiting (queries waiting for a connection). The embedded database is one connection.',
    labelNames: ['state'],
    registers,
    collect() {
      const { total, idle, waiting } = database.connections();
      this.set({ state: 'total' }, total);
      if (idle !== null) this.set({ state: 'idle' }, idle);
      if (waiting !== null) this.set({ state: 'waiting' }, waiting);
    },
  });

  return {
    registry,
    observeRequest(labels, seconds) {
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
  };
}
