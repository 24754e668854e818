import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../contracts';
import { getAlertSettings } from '../settings';
import { applyAlertMeasurement } from './apply-alert-measurement';
import { measureAlerts, measureJobsStopped, type AlertMeasurement } from './measure-alerts';

export type CheckAlertsOptions = {
  services: Pick<Services, 'database' | 'env' | 'outbox'>;
  log: FastifyBaseLogger;
  /** The check's time (tests move it). */
  now?: Date;
};

/** Applies each measurement on its own (one that fails is logged and checked again next time), then sends their e-mails. */
async function applyAll({ services, log, now = new Date() }: CheckAlertsOptions, measurements: AlertMeasurement[]): Promise<void> {
  const { db } = services.database;
  for (const measurement of measurements) {
    const emailIds = await applyAlertMeasurement({ db, env: services.env }, measurement, now).catch((error: unknown) => {
      log.error({ alert: measurement.key, err: error }, 'an alert could not be recorded; the next check tries again');
      return [] as number[];
    });
    if (emailIds.length === 0) continue;
    log.warn({ alert: measurement.key, holds: measurement.holds, measured: measurement.measured }, measurement.holds ? 'alert started' : 'alert ended');
    await services.outbox.deliver(emailIds);
  }
}

/**
 * The background check (a job, every `alert_check_seconds`): a fax given up, e-mails not going out,
 * filings overdue at the IRS, payments without their order. Safe to run repeatedly and at once.
 */
export async function checkAlerts(options: CheckAlertsOptions): Promise<AlertMeasurement[]> {
  const { db } = options.services.database;
  const measurements = await measureAlerts(db, await getAlertSettings(db), options.now);
  await applyAll(options, measurements);
  return measurements;
}

/** The jobs-stopped check, run by its own timer: a stopped job runner cannot check itself. */
export async function checkJobsStopped(options: CheckAlertsOptions): Promise<AlertMeasurement> {
  const { db } = options.services.database;
  const measurement = await measureJobsStopped(db, await getAlertSettings(db), options.now);
  await applyAll(options, [measurement]);
  return measurement;
}
