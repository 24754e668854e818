// Tracking under load: `GET /api/track/:number` of the whole app (security headers, rate limit,
// validation, the database lookup and decryption) beside a bare Fastify route that answers the same
// JSON from memory, in the same run, with autocannon: 50 connections for 20 s each, after a 5 s warm-up
// of each. The ratio of their request rates says what the service's own work costs (decision 039).
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const connections = 50;
const durationSeconds = 20;
const warmUpSeconds = 5;
/** The goal: the real route answers at least half as many requests per second as the bare one. */
const ratioGoal = 0.5;

type Figures = { requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number };

/**
 * Runs autocannon against `url`. Each request comes from an address of its own (`X-Forwarded-For`,
 * the app trusting its proxy), so the lookups per client limit is checked on every request but never
 * reached, as for many visitors at once.
 */
async function hammer(url: string, seconds: number): Promise<Figures> {
  let client = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          client += 1;
          return { ...request, headers: { ...request.headers, 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` } };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

/**
 * Compares the app's tracking lookup at `address` (an order `trackingNumber` exists there) with a
 * bare route answering the same JSON, prints the Markdown table and the ratio, and returns the ratio.
 */
export async function benchTrackingUnderLoad(address: string, trackingNumber: string): Promise<number> {
  const url = `${address}/api/track/${trackingNumber}`;
  const sample = await fetch(url, { headers: { 'x-forwarded-for': '10.255.255.255' } });
  if (!sample.ok) throw new Error(`GET /api/track answered ${sample.status}`);
  const body = await sample.text();

  const bare = Fastify({ logger: false });
  bare.get('/api/track/:number', async (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `${bareAddress}/api/track/${trackingNumber}`;

  try {
    console.log(`\nTracking under load (autocannon, ${connections} connections, ${durationSeconds} s each after ${warmUpSeconds} s of warm-up; ${body.length} bytes of JSON)`);
    await hammer(url, warmUpSeconds);
    await hammer(bareUrl, warmUpSeconds);
    const loadBefore = load();
    const app = await hammer(url, durationSeconds);
    const plain = await hammer(bareUrl, durationSeconds);
    const ratio = app.requestsPerSecond / plain.requestsPerSecond;
    console.log(`(load average ${loadBefore} before, ${load()} after)\n`);
    console.log('| route | requests/s | p50 | p99 | non-2xx | errors |');
    console.log('|---|---|---|---|---|---|');
    const row = (name: string, figures: Figures) =>
      console.log(`| ${name} | ${Math.round(figures.requestsPerSecond).toLocaleString('en-US')} | ${figures.p50Ms} ms | ${figures.p99Ms} ms | ${figures.non2xx} | ${figures.errors} |`);
    row('`GET /api/track/:number` (the app)', app);
    row('bare Fastify route, same JSON', plain);
    console.log(`\nratio ${ratio.toFixed(2)} (goal at least ${ratioGoal})${ratio >= ratioGoal ? '' : '  BELOW GOAL'}`);
    if (app.non2xx > 0 || app.errors > 0) console.log('  the app answered some requests with an error: the figures are not comparable');
    return ratio;
  } finally {
    await bare.close();
  }
}
