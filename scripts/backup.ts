// `npm run backup -- create --out <file>` and `npm run backup -- restore --from <file>`: a backup of
// the database the app uses (DATABASE_URL, else the embedded one under DATA_DIR, which needs the
// server stopped), and its restore. README "Back up and restore" says when to use which.
import { parseArgs } from 'node:util';
import { loadEnv } from '#server/env.ts';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from '#server/db/index.ts';

const usage = `Usage:
  npm run backup -- create --out <file>     PostgreSQL (DATABASE_URL): pg_dump custom format.
                                            Embedded (DATA_DIR): PGlite's dump, gzipped tar; stop the server first.
  npm run backup -- restore --from <file>   Into DATABASE_URL (an empty database), or into an empty DATA_DIR.

The SSNs and signed SS-4 forms inside are encrypted: keep DATA_ENCRYPTION_KEY (or the file
DATA_DIR/encryption.key) safe and apart from the backups; without it they cannot be read.`;

function fail(message: string, status = 1): never {
  console.error(message);
  process.exit(status);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { out: { type: 'string' }, from: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${usage}`, 2);
  }
})();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const [command] = positionals;
const env = loadEnv();

try {
  if (command === 'create') {
    if (!values.out) fail(`--out is required\n\n${usage}`, 2);
    if (env.DATABASE_URL) {
      await backupPostgres(env.DATABASE_URL, values.out);
      console.log(`PostgreSQL backed up to ${values.out}`);
    } else {
      const bytes = await backupPglite(env.DATA_DIR, values.out);
      console.log(`Embedded database under ${env.DATA_DIR} backed up to ${values.out} (${bytes} bytes)`);
    }
    console.log('The SSNs in it are readable only with DATA_ENCRYPTION_KEY or DATA_DIR/encryption.key: keep that key apart from the backup.');
  } else if (command === 'restore') {
    if (!values.from) fail(`--from is required\n\n${usage}`, 2);
    if (env.DATABASE_URL) await restorePostgres(values.from, env.DATABASE_URL);
    else await restorePglite(values.from, env.DATA_DIR);
    console.log(`Restored ${values.from}. Put the data encryption key back (DATA_ENCRYPTION_KEY or DATA_DIR/encryption.key) before starting the server.`);
  } else {
    fail(usage, 2);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
