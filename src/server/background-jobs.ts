import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from './services';
import { isTestProcessor } from './payments';
import { reconcilePayments } from './checkout';
import { purgeExpiredData } from './retention';
import { settlePendingRefunds } from './refunds';
import { startJobRunner, type Job, type JobRunner } from './jobs';
import { closeFaxBackReader, flagOverdueFilings, purgeFaxMedia, readReceivedFaxes, releaseReadClaims } from './filing';
import { isTestFaxTransport } from './fax';
import { refreshDashboard } from './dashboard';
import { checkAlerts, startJobsStoppedWatch, withHeartbeats } from './alerts';
import { getAlertSettings } from './settings';

/**
 * Starts the service's background work for one running server: the e-mail outbox (every few
 * seconds on PGlite, every minute and at each scheduled retry with pg-boss), the payment
 * reconciliation and the settling of refunds left pending (at start-up and every
 * RECONCILE_PAYMENTS_SECONDS), the purge of personal data past
 * its retention window (at start-up and hourly, decision 027), and the test processor's
 * webhook retries, and the alerts' check (every `alert_check_seconds`, with the jobs-stopped check on a
 * timer of its own beside the runner, decision 065). Every instance may run them: each claims its rows.
 */
export async function startBackgroundJobs(services: AppServices, log: FastifyBaseLogger): Promise<JobRunner> {
  const { env, provider, outbox, filing } = services;
  if (services.database.kind === 'pglite') {
    // One process holds the embedded database: claims still standing were left by a process that is
    // gone, and are released now rather than when they expire.
    const released = { emails: await outbox.releaseClaims(), faxes: await filing.faxOutbox.releaseClaims(), readings: await releaseReadClaims(filing) };
    if (released.emails + released.faxes + released.readings > 0) log.warn(released, 'claims left by a stopped process released');
  }
  const jobs: Job[] = [
    { name: 'email-outbox', everySeconds: env.OUTBOX_POLL_SECONDS, runAtStart: true, run: () => outbox.deliverDue() },
    { name: 'fax-outbox', everySeconds: env.OUTBOX_POLL_SECONDS, runAtStart: true, run: () => filing.faxOutbox.deliverDue() },
    { name: 'read-received-faxes', everySeconds: env.OUTBOX_POLL_SECONDS, runAtStart: true, run: () => readReceivedFaxes(filing) },
    { name: 'refresh-dashboard', everySeconds: env.DASHBOARD_REFRESH_SECONDS, runAtStart: true, run: () => refreshDashboard(services.database.db) },
    { name: 'flag-overdue-filings', everySeconds: env.RECONCILE_PAYMENTS_SECONDS, runAtStart: true, run: () => flagOverdueFilings(filing) },
    { name: 'reconcile-payments', everySeconds: env.RECONCILE_PAYMENTS_SECONDS, runAtStart: true, run: () => reconcilePayments({ services, log }) },
    { name: 'settle-pending-refunds', everySeconds: env.RECONCILE_PAYMENTS_SECONDS, runAtStart: true, run: () => settlePendingRefunds({ services, log }) },
    {
      name: 'purge-expired-data',
      everySeconds: env.PURGE_INTERVAL_SECONDS,
      runAtStart: true,
      run: async () => {
        const { paidCheckoutIds } = await purgeExpiredData({ services, log });
        // The links a fax provider fetched a filing's document from, past their minutes.
        await purgeFaxMedia(filing);
        // Paid at the provider although past the window: their orders are made now, whatever their age.
        if (paidCheckoutIds.length > 0) await reconcilePayments({ services, log, checkoutIds: paidCheckoutIds });
      },
    },
  ];
  if (isTestProcessor(provider)) jobs.push({ name: 'test-payment-webhooks', everySeconds: 60, runAtStart: true, run: () => provider.redeliverPending() });
  const alertSettings = await getAlertSettings(services.database.db);
  jobs.push({ name: 'check-alerts', everySeconds: alertSettings.alert_check_seconds, runAtStart: true, run: () => checkAlerts({ services, log }) });
  // Each completed run writes its heartbeat, which the jobs-stopped alert reads from outside the runner.
  const beating = jobs.map(withHeartbeats(services.database.db, log));

  services.jobClock.watch(jobs.map((job) => job.name));
  const runner = await startJobRunner({ jobs: beating, log, postgresUrl: services.database.kind === 'postgres' ? env.DATABASE_URL : undefined, onFinished: services.jobClock.finished });
  outbox.onRetryScheduled = (at) => runner.wake('email-outbox', at);
  // The test transport stands for a provider outside the service: it works on its own clock.
  const stopTestFaxes = isTestFaxTransport(filing.provider) ? filing.provider.start() : () => {};
  const stopJobsStoppedWatch = startJobsStoppedWatch({ services, log, everySeconds: alertSettings.alert_check_seconds });
  return {
    wake: runner.wake,
    async stop() {
      stopTestFaxes();
      stopJobsStoppedWatch();
      await runner.stop();
      // The reader's OCR worker, if a fax was read: a worker thread left running would hold the process.
      await closeFaxBackReader();
    },
  };
}
