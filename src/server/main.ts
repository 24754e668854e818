import { openDatabase } from './db/database';
import { loadEnv } from './env';
import { buildApp } from './app';

const env = loadEnv();
const database = await openDatabase(
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
);
const app = await buildApp({ env, database, logger: true });

async function shutdown(signal: string) {
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(`EIN filing service on http://localhost:${env.PORT} (database: ${database.kind})`);
