// Alerts (decision 065): conditions the admins should hear of before customers notice (a fax given
// up, e-mails not going out, filings overdue at the IRS, payments without their order, the background
// jobs stopped). A check measures each; the first that finds one opens its occurrence and e-mails the
// admins who want it, in one transaction; the first that finds it gone closes it and says so. The
// jobs-stopped check runs on a timer of its own, reading the heartbeats each job's run writes.
export { checkAlerts, checkJobsStopped } from './check-alerts';
export type { CheckAlertsOptions } from './check-alerts';
export { recordJobHeartbeat, startJobsStoppedWatch, withHeartbeats } from './job-heartbeats';
export { findOpenAlerts } from './find-open-alerts';
export { alertEmail, describeAlert } from './alert-email';
export { maxNamedOrders } from './measure-alerts';
export type { AlertMeasurement } from './measure-alerts';
