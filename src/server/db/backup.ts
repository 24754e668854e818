import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireDataDirLock } from './data-dir-lock';

// Backups of either database kind (README "Back up and restore"). The embedded database is copied with
// PGlite's own dump of its folder (a gzipped tar), taken under the folder's lock, so with the server
// stopped the copy is consistent; PostgreSQL is dumped with pg_dump's custom format and restored with
// pg_restore. Neither holds the data encryption key: the SSNs and signed forms in a backup are read
// only with DATA_ENCRYPTION_KEY or the DATA_DIR/encryption.key file, which is kept apart from it.

/** The PGlite folder under a data directory (as `openDatabase` uses it). */
export const pgliteFolderOf = (dataDir: string) => path.join(dataDir, 'pglite');

/** Writes a consistent dump of the embedded database under `dataDir` to `file` (the server must be stopped). */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  const folder = pgliteFolderOf(dataDir);
  if (!existsSync(folder)) throw new Error(`No embedded database under ${dataDir}`);
  const lock = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(folder, { extensions: { pg_trgm } });
    try {
      const dump = await client.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      await writeFile(file, bytes, { mode: 0o600 });
      return bytes.length;
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** Restores a dump made by `backupPglite` into `dataDir`, whose database folder must not exist or be empty. */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  const folder = pgliteFolderOf(dataDir);
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new Error(`${folder} already holds a database; restore into an empty DATA_DIR, or move that folder away first`);
  }
  mkdirSync(folder, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  try {
    const dump = new Blob([new Uint8Array(await readFile(file))]);
    const client = await PGlite.create(folder, { loadDataDir: dump, extensions: { pg_trgm } });
    await client.query('select 1');
    await client.close();
  } finally {
    lock.release();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with status ${code}`))));
  });
}

/** `pg_dump --format=custom` of the database at `url` into `file`. */
export function backupPostgres(url: string, file: string): Promise<void> {
  return run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', url]);
}

/** `pg_restore` of a custom-format dump into the (empty) database at `url`. */
export function restorePostgres(file: string, url: string): Promise<void> {
  return run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', url, file]);
}
