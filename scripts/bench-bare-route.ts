// The bare Fastify route the tracking bench compares the service with (scripts/bench-under-load.ts):
// `GET /api/track/:number` answering `BENCH_BODY` from memory, on `PORT`, with nothing else.
import Fastify from 'fastify';

const body = process.env.BENCH_BODY ?? '{}';
const bare = Fastify({ logger: false });
bare.get('/api/track/:number', async (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
await bare.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void bare.close().then(() => process.exit(0)));
