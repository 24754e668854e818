import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseKind = 'pglite' | 'postgres';
export type Db = ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzlePostgres<typeof schema>>;

export type Database = {
  kind: DatabaseKind;
  db: Db;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  /** PostgreSQL at `url`; `searchPath` puts every table (and the migration journal) in that schema. */
  | { kind: 'postgres'; url: string; searchPath?: string }
  /** Embedded PostgreSQL persisted in `dataDir`, or in memory when `dataDir` is omitted. */
  | { kind: 'pglite'; dataDir?: string };

/** Opens the database and applies every pending migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
    });
    const db = drizzlePostgres(pool, { schema });
    if (options.searchPath) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${options.searchPath}"`);
    await migratePostgres(db, { migrationsFolder, migrationsSchema: options.searchPath });
    return { kind: 'postgres', db, close: () => pool.end() };
  }

  let client: PGlite;
  if (options.dataDir) {
    const folder = path.join(options.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    client = await PGlite.create(folder);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { kind: 'pglite', db, close: () => client.close() };
}
