import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, inject } from 'vitest';

// The crash tests' servers: each a real process (`tests/support/crash-server.ts`, bundled) on a data folder,
// which the test kills with SIGKILL, at a point `TEST_PAUSE_AT` names or anywhere, and starts again on
// the same folder. One key per test file, so a restarted server reads what the first one wrote.

export type CrashServer = {
  child: ChildProcess;
  base: string;
  /** How many times the process stopped at a fault point, and at which, in order. */
  pauses: () => number;
  pausedAt: () => string[];
  exited: Promise<void>;
};

/** The command that starts the crash tests' server (`crash-server.ts`, bundled once a run: server-bundle.mjs). */
export function crashServerCommand(): [string, string[]] {
  return [process.execPath, [inject('crashServerBundle')]];
}

/**
 * A new data folder (`DATA_DIR`) for a crash test's servers, named after `prefix`. For the embedded
 * database it holds the migrated database the test run made once (tests/support/global-setup.ts), as a
 * server that had run before would have left it: a first start then spends its time as a restart does,
 * not on making and migrating a database, which the start-up tests show. On PostgreSQL it starts empty.
 */
export function crashDataDir(prefix: string, kind: 'pglite' | 'postgres' = 'pglite'): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  if (kind === 'pglite') cpSync(path.join(inject('migratedDataDir'), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** A local port free now, for a server the test starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts and kills the servers of one test file; every server still running after a test is killed. */
export function crashServers(defaults: Record<string, string> = {}) {
  const dataKey = randomBytes(32).toString('base64');
  const running = new Set<ChildProcess>();
  afterEach(() => {
    for (const child of running) child.kill('SIGKILL');
    running.clear();
  });

  /** Starts the server in its own process and resolves once it answers; `env` may depend on its address. */
  async function start(dataDir: string, env: Record<string, string> | ((base: string) => Record<string, string>) = {}): Promise<CrashServer> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(...crashServerCommand(), {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATA_ENCRYPTION_KEY: dataKey,
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'admin-password',
        OUTBOX_CLAIM_SECONDS: '2',
        OUTBOX_POLL_SECONDS: '0.2',
        ...defaults,
        ...(typeof env === 'function' ? env(base) : env),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Bounded generously: on a busy machine a cold start (TypeScript, migrations) takes a while.
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited: ${output}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The server did not start: ${output}`);
      await sleep(100);
    }
    const pausedAt = () => output.split('\n').flatMap((line) => (line.startsWith('test-pause:') ? [line.slice('test-pause:'.length)] : []));
    return { child, base, exited, pausedAt, pauses: () => pausedAt().length };
  }

  async function kill(server: CrashServer): Promise<void> {
    server.child.kill('SIGKILL');
    await server.exited;
    running.delete(server.child);
  }

  return { start, kill };
}

/** Polls `probe` until `done` holds of its value, for at most `seconds`. */
export async function waitFor<T>(what: string, probe: () => T | Promise<T>, done: (value: T) => boolean, seconds = 60): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

/**
 * The database a crash test's servers share: the embedded one in the data folder, or on PostgreSQL
 * (`TEST_DATABASE_URL`) a database of its own, dropped by `drop`. `sql` runs a statement on it while
 * no server holds it (PostgreSQL only: the embedded database belongs to its one process).
 */
export async function crashDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') return { env: {} as Record<string, string>, sql: async () => {}, drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() } as Record<string, string>,
    async sql(statement: string) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
