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

/**
 * A new database for one test file: an embedded one in memory, started from the migrated copy the
 * test run made once (tests/support/global-setup.ts), or a schema of its own on PostgreSQL.
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') {
    const dump = await readFile(inject('migratedPgliteDump'));
    return openDatabase({ kind: 'pglite', from: new Blob([new Uint8Array(dump)]) });
  }
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
