import type { AddressInfo } from 'node:net';
import { openDatabase, type Database } from './db/database';
import { DataDirInUseError } from './db/data-dir-lock';
import { loadEnv, publicConfig } from './env';
import { buildAppWithServices } from './app';
import { ensureFirstAdmin } from './modules/staff-users/admin-accounts';
import { firstAdminNotice } from './first-admin-notice';
import { startBackgroundJobs } from './jobs/background-jobs';
import type { JobRunner } from './jobs/job-runner';
import { startSignatureReminders } from './signing/signature-reminders';

const env = loadEnv();
let database: Database;
try {
  database = await openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR });
} catch (error) {
  // Another process on the embedded database's folder: one line saying who, and what to do.
  if (!(error instanceof DataDirInUseError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const { app, services } = await buildAppWithServices({ env, database, logger: true });

const firstAdmin = await ensureFirstAdmin(database, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });

let jobs: JobRunner | null = null;
// Background work of the server: the signature reminders (decision 022); the outbox and payment
// reconciliation start after listening (below).
const stopReminders = startSignatureReminders(services, app.log);

async function shutdown(signal: string) {
  app.log.info(`${signal} received, shutting down`);
  stopReminders();
  await jobs?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: env.PORT, host: env.HOST });
// After listening, so the test processor's redelivered webhooks find the route.
jobs = await startBackgroundJobs(services, app.log);
const { port } = app.server.address() as AddressInfo;
app.log.info(`EIN filing service listening on http://localhost:${port} (database: ${database.kind})`);
if (!env.REQUIRE_STAFF_MFA) {
  app.log.warn('REQUIRE_STAFF_MFA is false: staff may sign in with a password alone (allowed in development only)');
}
if (firstAdmin) {
  // Last, so no log line scrolls it away; to the console only, so the log does not keep the password.
  const siteUrl = env.PUBLIC_URL ? publicConfig(env, 0).siteUrl : `http://localhost:${port}`;
  process.stdout.write(firstAdminNotice(firstAdmin, siteUrl));
}
