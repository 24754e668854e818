// Jobs: when the periodic work runs (the e-mail outbox, payment reconciliation, pending refunds, the
// test processor's webhook retries, the retention purge). On PostgreSQL pg-boss schedules each job
// once per slot across instances; on PGlite an in-process timer does. The work lives in the
// database, and every job must be safe to run twice at once. The job clock keeps when each last
// finished, for the metrics' lag.
export { startJobRunner } from './job-runner';
export type { Job, JobRunner } from './job-runner';
export { createJobClock } from './job-clock';
export type { JobClock } from './job-clock';
