// The load of the tracking bench (scripts/bench-under-load.ts), in a process of its own so it does not
// share an event loop with the server it measures: autocannon against `BENCH_URL` with
// `BENCH_CONNECTIONS` connections for `BENCH_SECONDS` seconds, each request from an address of its own
// (`X-Forwarded-For`, the app trusting its proxy) counted from `10.BENCH_NETWORK.0.0`, so the per-client
// limit is checked on every request but never reached. Prints the figures as one line of JSON.
import autocannon from 'autocannon';

const network = Number(process.env.BENCH_NETWORK ?? 0) & 255;
let client = 0;
const result = await autocannon({
  url: process.env.BENCH_URL!,
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_SECONDS ?? 20),
  requests: [
    {
      setupRequest: (request) => {
        client += 1;
        return { ...request, headers: { ...request.headers, 'x-forwarded-for': `10.${(network + (client >> 16)) & 255}.${(client >> 8) & 255}.${client & 255}` } };
      },
    },
  ],
});
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  })}\n`,
);
