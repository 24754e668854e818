import { openDatabase } from './db/database';
import { loadEnv } from './env';
import { buildAppWithServices } from './app';
import { ensureFirstAdmin } from './modules/staff-users/admin-accounts';
import { startSignatureReminders } from './signing/signature-reminders';

const env = loadEnv();
const database = await openDatabase(
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
);
const { app, services } = await buildAppWithServices({ env, database, logger: true });

const firstAdmin = await ensureFirstAdmin(services.auth, database, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
if (firstAdmin) {
  // Printed once, to the console only: the log does not keep it.
  process.stdout.write(
    firstAdmin.generated
      ? `\nFirst admin created. Sign in at /manage/login with\n  e-mail:   ${firstAdmin.email}\n  password: ${firstAdmin.password}\nThis password is shown only now; change it with: npm run staff -- create-admin --email ${firstAdmin.email}\n`
      : `\nFirst admin created from ADMIN_EMAIL: ${firstAdmin.email}\n`,
  );
}

// Background work of the server, in one place: the signature reminders (decision 022).
const stopReminders = startSignatureReminders(services, app.log);

async function shutdown(signal: string) {
  app.log.info(`${signal} received, shutting down`);
  stopReminders();
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(`EIN filing service on http://localhost:${env.PORT} (database: ${database.kind})`);
