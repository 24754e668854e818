import { openDatabase, type Database } from './db/database';
import { DataDirInUseError } from './db/data-dir-lock';
import { loadEnv } from './env';
import { buildApp } from './app';
import { ensureFirstAdmin } from './modules/staff-users/admin-accounts';

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
const app = await buildApp({ env, database, logger: true });

const firstAdmin = await ensureFirstAdmin(database, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
if (firstAdmin) {
  // Printed once, to the console only: the log does not keep it.
  process.stdout.write(
    firstAdmin.generated
      ? `\nFirst admin created. Sign in at /manage/login with\n  e-mail:   ${firstAdmin.email}\n  password: ${firstAdmin.password}\nThis password is shown only now; change it with: npm run staff -- create-admin --email ${firstAdmin.email}\n`
      : '\nFirst admin created from ADMIN_EMAIL and ADMIN_PASSWORD\n',
  );
}

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
