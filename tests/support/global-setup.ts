import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/server/db';

// Once per test run: an embedded database with every migration applied, dumped to a file that each
// test's in-memory database starts from (`openTestDatabase`), instead of migrating afresh each time.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated embedded database, as PGlite's `dumpDataDir` wrote it. */
    migratedPgliteDump: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ein-test-db-'));
  const database = await openDatabase({ kind: 'pglite' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPgliteDump', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
