// The tracking lookup with metrics and without (decision 064): two services as `npm start` runs them,
// one with METRICS_TOKEN (every request counted by route template) and one without, loaded in turn
// with the same autocannon load as the tracking bench (scripts/bench-under-load.ts), in alternating
// rounds so a change in the machine's load falls on both alike. The goal: metrics cost at most 5% of
// the lookup's requests per second. `BENCH_ONLY=metrics` runs only this.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '#server/db/index.ts';
import { createJobClock } from '#server/jobs/index.ts';
import { createMetricsRegistry } from '#server/metrics/index.ts';
import { designeeEnv } from '#tests/support/designee-env.ts';
import { freePort, hammer, load, placePaidOrder, startProcess, stopProcess, waitUntilAnswering, type Figures, type UnderLoadDatabase } from './bench-under-load';

const rounds = Number(process.env.BENCH_METRICS_ROUNDS ?? 2);
const roundSeconds = 10;
const warmUpSeconds = 5;
/** The goal: with metrics, at most this much fewer requests per second. */
const costGoalPercent = 5;

type Service = { name: string; token: string | null; base: string; url: string; dataDir: string; searchPath: string };

async function startService(database: UnderLoadDatabase, token: string | null) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-bench-metrics-'));
  const searchPath = `bench_${randomBytes(6).toString('hex')}`;
  const port = await freePort();
  const child = startProcess('scripts/bench-under-load-server.ts', {
    NODE_ENV: 'production',
    TRUST_PROXY: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SHUTDOWN_DRAIN_SECONDS: '0',
    ...designeeEnv,
    ...(token ? { METRICS_TOKEN: token } : {}),
    ...(database.kind === 'postgres' ? { BENCH_POSTGRES_URL: database.url, BENCH_SEARCH_PATH: searchPath } : {}),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${base}/api/health`, child);
  const url = `${base}/api/track/${await placePaidOrder(base)}`;
  const service: Service = { name: token ? 'set' : 'unset', token, base, url, dataDir, searchPath };
  return { child, service };
}

/** What the request hook's counting costs by itself, in microseconds a request, away from the load's noise. */
async function hookMicroseconds(): Promise<number> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const { observeRequest } = createMetricsRegistry({ database, jobClock: createJobClock() });
    const labels = ['/api/track/:number', '/api/config', '/*', 'unmatched'].flatMap((route) => ['200', '404'].map((status) => ({ method: 'GET', route, status })));
    const calls = 200_000;
    for (let call = 0; call < 20_000; call += 1) observeRequest(labels[call % labels.length]!, 0.004);
    const started = performance.now();
    for (let call = 0; call < calls; call += 1) observeRequest(labels[call % labels.length]!, 0.004);
    return ((performance.now() - started) * 1000) / calls;
  } finally {
    await database.close();
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);

/** Runs the comparison on `database`, prints the table and the difference, and returns the difference in percent. */
export async function benchMetricsOverhead(database: UnderLoadDatabase): Promise<number> {
  const token = randomBytes(32).toString('base64url');
  const started = [await startService(database, null), await startService(database, token)];
  try {
    const [without, withMetrics] = started.map(({ service }) => service) as [Service, Service];
    console.log(
      `\nTracking with and without METRICS_TOKEN on ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (autocannon as the tracking bench, ${rounds} alternating rounds of ${roundSeconds} s each after ${warmUpSeconds} s of warm-up)`,
    );
    await hammer(without.url, warmUpSeconds, 64);
    await hammer(withMetrics.url, warmUpSeconds, 80);
    const loadBefore = load();
    const figures = new Map<Service, Figures[]>([
      [without, []],
      [withMetrics, []],
    ]);
    for (let round = 0; round < rounds; round += 1) {
      // Which goes first alternates too.
      const order = round % 2 === 0 ? [without, withMetrics] : [withMetrics, without];
      for (const service of order) figures.get(service)!.push(await hammer(service.url, roundSeconds, 96 + round * 2 + (service === without ? 0 : 1)));
    }
    console.log(`(load average ${loadBefore} before, ${load()} after)\n`);
    console.log('| METRICS_TOKEN | requests/s | p50 | p99 | non-2xx | errors |');
    console.log('|---|---|---|---|---|---|');
    const summary = (service: Service) => {
      const runs = figures.get(service)!;
      return {
        requestsPerSecond: mean(runs.map((run) => run.requestsPerSecond)),
        p50Ms: mean(runs.map((run) => run.p50Ms)),
        p99Ms: mean(runs.map((run) => run.p99Ms)),
        non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
        errors: runs.reduce((sum, run) => sum + run.errors, 0),
      };
    };
    const plain = summary(without);
    const measured = summary(withMetrics);
    for (const [name, row] of [['unset', plain], ['set', measured]] as const) {
      console.log(`| ${name} | ${Math.round(row.requestsPerSecond).toLocaleString('en-US')} | ${row.p50Ms.toFixed(1)} ms | ${row.p99Ms.toFixed(1)} ms | ${row.non2xx} | ${row.errors} |`);
    }
    const difference = ((measured.requestsPerSecond - plain.requestsPerSecond) / plain.requestsPerSecond) * 100;
    console.log(`\ndifference ${difference >= 0 ? '+' : ''}${difference.toFixed(1)}% requests/s with metrics (goal: no more than ${costGoalPercent}% fewer)${difference >= -costGoalPercent ? '' : '  OVER BUDGET'}`);
    for (const round of figures.get(without)!.keys()) {
      console.log(`  round ${round + 1}: ${Math.round(figures.get(without)![round]!.requestsPerSecond)} unset, ${Math.round(figures.get(withMetrics)![round]!.requestsPerSecond)} set`);
    }
    // The scrape sees the load, under the route's template.
    const scraped = await (await fetch(`${withMetrics.base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    const counted = /^ein_http_requests_total\{method="GET",route="\/api\/track\/:number",status="200"\} (\d+)/m.exec(scraped)?.[1];
    console.log(`the scrape after: ${Number(counted ?? 0).toLocaleString('en-US')} tracking lookups counted under /api/track/:number, ${scraped.length.toLocaleString('en-US')} bytes`);
    const hook = await hookMicroseconds();
    console.log(`the hook by itself: ${hook.toFixed(2)} µs a request, ${((hook / (1_000_000 / plain.requestsPerSecond)) * 100).toFixed(2)}% of the time a lookup takes at the rate above`);
    if (plain.non2xx + plain.errors + measured.non2xx + measured.errors > 0) console.log('  a service answered some requests with an error: the figures are not comparable');
    return difference;
  } finally {
    for (const { child, service } of started) {
      await stopProcess(child);
      rmSync(service.dataDir, { recursive: true, force: true });
      if (database.kind === 'postgres') {
        const admin = new pg.Client({ connectionString: database.url });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS "${service.searchPath}" CASCADE`);
        await admin.end();
      }
    }
  }
}
