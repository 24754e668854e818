import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../contracts';
import { siteOrigin } from '../http';
import { sendDueSignatureReminders } from './send-signature-reminders';

/** How often the server looks for requests due a reminder. */
export const reminderIntervalMs = 15 * 60 * 1000;

/**
 * Sends due signature reminders now and then every 15 minutes, until the returned function is
 * called. The claim in `sendDueSignatureReminders` makes overlapping runs and instances safe.
 */
export function startSignatureReminders(services: Pick<Services, 'database' | 'cipher' | 'outbox' | 'env'>, log: FastifyBaseLogger): () => void {
  const { database, cipher, outbox, env } = services;
  const run = () => {
    sendDueSignatureReminders({ db: database.db, cipher, outbox, env, origin: siteOrigin(env) }).then(
      (sent) => {
        if (sent > 0) log.info({ sent }, 'signature reminders sent');
      },
      (error: unknown) => log.error({ err: error }, 'signature reminders failed'),
    );
  };
  run();
  const timer = setInterval(run, reminderIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
