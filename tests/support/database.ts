import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '#server/db/index.ts';

/**
 * The databases a database-facing test runs against: PGlite in memory always, and PostgreSQL
 * when `TEST_DATABASE_URL` is set (each call gets a schema of its own, dropped on close).
 */
export const testDatabaseKinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

let dump: { file: string; blob: Promise<Blob> } | undefined;

/**
 * The migrated copy, read once a worker (and again when a new run made a new one): a Blob cannot
 * change, and each database loads its own copy from it. Reading the 42 MB file for each database was
 * about a quarter of its opening.
 */
function migratedDump(): Promise<Blob> {
  const file = inject('migratedPgliteDump');
  if (dump?.file !== file) dump = { file, blob: readFile(file).then((bytes) => new Blob([new Uint8Array(bytes)])) };
  return dump.blob;
}

/**
 * A new database for one test file: an embedded one in memory, started from the migrated copy the
 * test run made once (tests/support/global-setup.ts), or a schema of its own on PostgreSQL.
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', from: await migratedDump() });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const searchPath = `test_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ kind: 'postgres', url, searchPath });
  return {
    ...database,
    close: async () => {
      await database.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${searchPath}" CASCADE`);
      await admin.end();
    },
  };
}
