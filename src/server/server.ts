import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { openDatabase, DataDirInUseError, type Database, type DatabaseOptions } from './db';
import { loadEnv, publicConfig, shutdownDrainSeconds } from './env';
import { buildAppWithServices } from './app';
import { ensureFirstAdmin, firstAdminNotice } from './staff';
import { startBackgroundJobs } from './background-jobs';
import type { JobRunner } from './jobs';
import { startSignatureReminders } from './signing';
import type { AppServices } from './services';
import type { Faults } from './faults';
import { createReadiness } from './site';

export type StartServerOptions = {
  /** Where the process stops for a crash test; none in production. */
  faults?: Faults;
  /** Routes of the caller's own, added before the server listens (the browser tests' set-up API). */
  addRoutes?: (app: FastifyInstance, services: AppServices) => void;
  /** The database to open instead of the environment's (the bench puts PostgreSQL in a schema of its own). */
  database?: DatabaseOptions;
};

/**
 * The server process: the environment, the database (PGlite under `DATA_DIR`, or PostgreSQL), the app,
 * the first admin, the background jobs, then listening on `PORT`; SIGINT and SIGTERM shut it down.
 * `/api/ready` answers 503 until the background jobs have started, and again from the stop signal on:
 * the server drains for SHUTDOWN_DRAIN_SECONDS, still serving, so a load balancer stops sending work
 * before it closes (decision 064).
 */
export async function startServer({ faults, addRoutes, database: databaseOptions }: StartServerOptions = {}): Promise<void> {
  const env = loadEnv();
  let database: Database;
  try {
    database = await openDatabase(databaseOptions ?? (env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR }));
  } catch (error) {
    // Another process on the embedded database's folder: one line saying who, and what to do.
    if (!(error instanceof DataDirInUseError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const readiness = createReadiness();
  const { app, services } = await buildAppWithServices({ env, database, logger: true, faults, readiness });
  addRoutes?.(app, services);

  const firstAdmin = await ensureFirstAdmin(database, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });

  let jobs: JobRunner | null = null;
  // Background work of the server: the signature reminders (decision 022); the outbox and payment
  // reconciliation start after listening (below).
  const stopReminders = startSignatureReminders(services, app.log);

  async function shutdown(signal: string) {
    readiness.markStopping();
    const drainSeconds = shutdownDrainSeconds(env);
    app.log.info(drainSeconds > 0 ? `${signal} received, shutting down after ${drainSeconds} s of draining` : `${signal} received, shutting down`);
    if (drainSeconds > 0) await sleep(drainSeconds * 1000);
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
  await services.faults.reach('jobs-starting');
  jobs = await startBackgroundJobs(services, app.log);
  readiness.markReady();
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
}
