import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '#server/db/index.ts';
import { makeSelfSignedSealP12 } from '#server/seal/index.ts';
import { buildServerBundle } from './server-bundle.mjs';

// Once per test run: an embedded database with every migration applied, made in a data folder as the
// server makes its own, and dumped to a file that each test's in-memory database starts from
// (`openTestDatabase`), instead of migrating afresh each time; the folder itself, which the crash
// tests' servers start from (`crashDataDir`), as a server that had run before would have left it;
// a sealing certificate the test apps share (SEAL_P12_PATH), instead of each making its own key; and
// the crash tests' server as one JavaScript file (server-bundle.mjs). And a temporary folder for the run:
// the workers and the processes the tests start make theirs inside it (TMPDIR), and it goes at the end
// with everything in it (each run left some 600 MB of data folders behind).

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated embedded database, as PGlite's `dumpDataDir` wrote it. */
    migratedPgliteDump: string;
    /** A data folder (`DATA_DIR`) holding the same database, closed. */
    migratedDataDir: string;
    /** A self-signed sealing certificate (PKCS#12) and its password, for the test apps. */
    sealP12: { path: string; password: string };
    /** The crash tests' server, bundled: `node <file>` starts it. */
    crashServerBundle: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const outerTemp = process.env.TMPDIR;
  const runTemp = mkdtempSync(path.join(tmpdir(), 'ein-test-run-'));
  // Set before the workers start, which take the main process's environment, as do their children.
  process.env.TMPDIR = runTemp;
  const folder = mkdtempSync(path.join(tmpdir(), 'ein-test-db-'));
  const dataDir = path.join(folder, 'data');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPgliteDump', file);
  project.provide('migratedDataDir', dataDir);
  const seal = { path: path.join(folder, 'seal.p12'), password: 'test-seal-password' };
  writeFileSync(seal.path, await makeSelfSignedSealP12({ commonName: 'EIN Filing Service document seal', organization: 'EIN Filing Service LLC', password: seal.password }));
  project.provide('sealP12', seal);
  mkdirSync('node_modules/.cache', { recursive: true });
  const bundleFolder = mkdtempSync(path.resolve('node_modules/.cache/ein-crash-server-'));
  project.provide('crashServerBundle', await buildServerBundle('tests/support/crash-server.ts', path.join(bundleFolder, 'crash-server.mjs')));
  return () => {
    rmSync(bundleFolder, { recursive: true, force: true });
    if (outerTemp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTemp;
    // The database's folder and every other the run made are inside it.
    rmSync(runTemp, { recursive: true, force: true });
  };
}
