// The service as `npm start` runs it (production logging, background jobs), for the tracking bench
// (scripts/bench-under-load.ts): on the embedded database under DATA_DIR, or on PostgreSQL in the schema
// `BENCH_SEARCH_PATH` of `BENCH_POSTGRES_URL`, which the bench drops afterwards.
import { startServer } from '#server/server.ts';

const url = process.env.BENCH_POSTGRES_URL;
const searchPath = process.env.BENCH_SEARCH_PATH;
await startServer({ database: url && searchPath ? { kind: 'postgres', url, searchPath } : undefined });
