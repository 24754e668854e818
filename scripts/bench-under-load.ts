// Tracking under load: `GET /api/track/:number` of the service as `npm start` runs it (production
// logging, security headers, the shared rate limit, validation, the database lookup) beside a bare
// Fastify route that answers the same JSON from memory, in the same run. The service, the bare route
// and autocannon each run in a process of their own, so neither server shares an event loop with the
// load: 50 connections for 20 s each, after a 5 s warm-up of each. The ratio of their request rates says
// what the service's own work costs (decision 039).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { designeeEnv } from '#tests/support/designee-env.ts';

const connections = 50;
const durationSeconds = 20;
const warmUpSeconds = 5;
/** The goal: the real route answers at least half as many requests per second as the bare one. */
const ratioGoal = 0.5;

export type Figures = { requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number };

/** Where the service keeps its data: the embedded database, or PostgreSQL in a schema of its own. */
export type UnderLoadDatabase = { kind: 'pglite' } | { kind: 'postgres'; url: string };

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function startProcess(script: string, env: Record<string, string>, logFile?: string): ChildProcess {
  const output = logFile ? openSync(logFile, 'a') : 'ignore';
  return spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', output, 'inherit'] });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

export async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${url} exited with status ${child.exitCode} before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within a minute`);
}

/** Runs autocannon against `url` from a process of its own; `network` sets the clients' addresses apart. */
export async function hammer(url: string, seconds: number, network: number): Promise<Figures> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-load-client.ts'], {
    env: { ...process.env, BENCH_URL: url, BENCH_SECONDS: String(seconds), BENCH_CONNECTIONS: String(connections), BENCH_NETWORK: String(network) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (status !== 0) throw new Error(`autocannon exited with status ${status}`);
  return JSON.parse(output.trim().split('\n').at(-1)!) as Figures;
}

/** A paid order placed through the service's own API, as a customer places one; its tracking number. */
export async function placePaidOrder(base: string): Promise<string> {
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.254.0.1' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${route} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Record<string, string>>;
  };
  const started = await post('/api/checkout', { draftId: crypto.randomUUID(), email: 'owner@example.com', application: sampleApplication() });
  await post('/api/test-payments/confirm', { clientSecret: started.clientSecret, cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' });
  await post('/api/payments/confirm', { paymentIntentId: started.paymentIntentId });
  return started.trackingNumber!;
}

export const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).length;

/**
 * Starts the service on `database` and the bare route, compares the tracking lookup of a paid order
 * with the bare route under the same load, prints the Markdown table and the ratio, and returns the ratio.
 */
export async function benchTrackingUnderLoad(database: UnderLoadDatabase): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-bench-load-'));
  const logFile = path.join(dataDir, 'server.log');
  const searchPath = `bench_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const port = await freePort();
  const service = startProcess(
    'scripts/bench-under-load-server.ts',
    {
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // No load balancer to drain for: stopped at once.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...designeeEnv,
      ...(database.kind === 'postgres' ? { BENCH_POSTGRES_URL: database.url, BENCH_SEARCH_PATH: searchPath } : {}),
    },
    logFile,
  );
  let bare: ChildProcess | undefined;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(`${base}/api/health`, service);
    const trackingNumber = await placePaidOrder(base);
    const url = `${base}/api/track/${trackingNumber}`;
    const sample = await fetch(url, { headers: { 'x-forwarded-for': '10.254.0.2' } });
    if (!sample.ok) throw new Error(`GET /api/track answered ${sample.status}`);
    const body = await sample.text();

    const barePort = await freePort();
    bare = startProcess('scripts/bench-bare-route.ts', { PORT: String(barePort), BENCH_BODY: body });
    const bareUrl = `http://127.0.0.1:${barePort}/api/track/${trackingNumber}`;
    await waitUntilAnswering(bareUrl, bare);

    console.log(
      `\nTracking under load on ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (autocannon, ${connections} connections, ${durationSeconds} s each after ${warmUpSeconds} s of warm-up; ${body.length} bytes of JSON; service, bare route and load in processes of their own)`,
    );
    await hammer(url, warmUpSeconds, 0);
    await hammer(bareUrl, warmUpSeconds, 16);
    const loadBefore = load();
    const linesBefore = lineCount(logFile);
    const app = await hammer(url, durationSeconds, 32);
    const logLines = lineCount(logFile) - linesBefore;
    const plain = await hammer(bareUrl, durationSeconds, 48);
    const ratio = app.requestsPerSecond / plain.requestsPerSecond;
    console.log(`(load average ${loadBefore} before, ${load()} after)\n`);
    console.log('| route | requests/s | p50 | p99 | non-2xx | errors |');
    console.log('|---|---|---|---|---|---|');
    const row = (name: string, figures: Figures) =>
      console.log(`| ${name} | ${Math.round(figures.requestsPerSecond).toLocaleString('en-US')} | ${figures.p50Ms} ms | ${figures.p99Ms} ms | ${figures.non2xx} | ${figures.errors} |`);
    row('`GET /api/track/:number` (the service)', app);
    row('bare Fastify route, same JSON', plain);
    const requests = app.requestsPerSecond * durationSeconds;
    console.log(`\nratio ${ratio.toFixed(2)} (goal at least ${ratioGoal})${ratio >= ratioGoal ? '' : '  BELOW GOAL'}`);
    console.log(`the service's log: ${logLines.toLocaleString('en-US')} lines during the ${durationSeconds} s (${(logLines / Math.max(requests, 1)).toFixed(2)} per request)`);
    if (app.non2xx > 0 || app.errors > 0) console.log('  the service answered some requests with an error: the figures are not comparable');
    return ratio;
  } finally {
    if (bare) await stopProcess(bare);
    await stopProcess(service);
    rmSync(dataDir, { recursive: true, force: true });
    if (database.kind === 'postgres') {
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${searchPath}" CASCADE`);
      await admin.end();
    }
  }
}
