import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '#server/db/index.ts';

/**
 * The databases a database-facing test runs against: PGlite in memory always, and PostgreSQL
 * when `TEST_DATABASE_URL` is set (each call gets a schema of its own, dropped on close).
 */
export const testDatabaseKinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/**
 * A new database for one test file: an embedded one in memory, in the state of the migrated copy the
 * test run made once (tests/support/global-setup.ts), or a schema of its own on PostgreSQL.
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return lendEmbeddedDatabase();
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

// Embedded databases are lent, not made for each file. Starting a PGlite from the migrated copy costs
// a test worker 1.1-1.4 s of processor, about 80 times a run; emptying a returned one back to the
// copy's state costs about 0.07 s. A file's `close` empties its database (a fresh session, its tables
// truncated and their first rows put back, no planner statistics) and keeps it for the worker's next
// file, but only when the file changed nothing else: the fingerprint of the catalog (tables, columns,
// functions, triggers, constraints, schemas, roles, settings, extensions, the migration journal) and
// of the sequences must still be the copy's; otherwise the database is closed for good, as before. A
// file cannot reach its database after closing it: every call then fails as on a closed PGlite.

/** The migrated copy of one test run, what it holds, and the databases made from it now idle. */
type MigratedCopy = { file: string; blob: Promise<Blob>; baseline?: Promise<Baseline>; idle: PGlite[] };

/** What a database fresh from the copy holds: the rows are put back after each file, the rest checked. */
type Baseline = {
  fingerprint: string;
  tables: string[];
  rows: { table: string; json: string }[];
};

let copy: MigratedCopy | undefined;

/**
 * This worker's embedded databases so far: lent again after a file closed one, and closed for good
 * because a file changed more than rows (or emptying failed).
 */
export const embeddedDatabaseLoans = { lentAgain: 0, closedForGood: 0 };

/** The copy, read once a worker (and again when a new run made a new one): a Blob cannot change. */
function migratedCopy(): MigratedCopy {
  const file = inject('migratedPgliteDump');
  if (copy?.file !== file) {
    for (const client of copy?.idle ?? []) void client.close().catch(() => undefined);
    copy = { file, blob: readFile(file).then((bytes) => new Blob([new Uint8Array(bytes)])), idle: [] };
  }
  return copy;
}

/** A database fresh from the migrated copy, never lent: for a test that needs one no file touched. */
export async function openFreshEmbeddedDatabase(): Promise<Database> {
  return openDatabase({ kind: 'pglite', from: await migratedCopy().blob });
}

async function lendEmbeddedDatabase(): Promise<Database> {
  const source = migratedCopy();
  let client = source.idle.pop();
  if (client) {
    embeddedDatabaseLoans.lentAgain += 1;
  } else {
    client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: await source.blob });
    source.baseline ??= readBaseline(client);
    await source.baseline;
  }
  const lent = client;
  const loan = lend(lent);
  const database = await openDatabase({ kind: 'pglite', client: loan.client });
  let closing: Promise<void> | undefined;
  return {
    ...database,
    close: () =>
      (closing ??= (async () => {
        await loan.end();
        if (source.baseline && (await emptied(lent, await source.baseline))) {
          source.idle.push(lent);
        } else {
          embeddedDatabaseLoans.closedForGood += 1;
          await lent.close().catch(() => undefined);
        }
      })()),
  };
}

/**
 * The client a file uses: the database itself until the loan ends, then only errors. Listening is
 * recorded, so that the loan's end stops what the file left listening.
 */
function lend(client: PGlite): { client: PGlite; end: () => Promise<void> } {
  let ended = false;
  const stops = new Set<() => Promise<void>>();
  const lentClient = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        if (ended) return Promise.reject(new Error('PGlite is closed'));
        const result = method.apply(target, args);
        if (property !== 'listen') return result;
        return (result as Promise<() => Promise<void>>).then((stop) => {
          const tracked = async () => {
            stops.delete(tracked);
            await stop();
          };
          stops.add(tracked);
          return tracked;
        });
      };
    },
  });
  return {
    client: lentClient,
    end: async () => {
      ended = true;
      for (const stop of [...stops]) await stop().catch(() => undefined);
    },
  };
}

const userSchemas = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`;

/**
 * One hash of what a file could change besides rows: the catalog, and where each sequence stands (a
 * truncate restarts those its tables own, which today are all of them).
 */
const fingerprintQuery = `
  select md5(string_agg(entry, ',' order by entry)) as fingerprint from (
    select concat_ws(':', 'class', n.nspname, c.relname, c.relkind, c.relrowsecurity, c.relpersistence) as entry
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${userSchemas}
    union all select concat_ws(':', 'column', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull, a.attisdropped, pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum where ${userSchemas} and a.attnum > 0
    union all select concat_ws(':', 'function', p.oid::regprocedure, md5(p.prosrc))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${userSchemas}
    union all select concat_ws(':', 'trigger', tgrelid::regclass, tgname, tgenabled) from pg_trigger where not tgisinternal
    union all select concat_ws(':', 'constraint', conrelid::regclass, conname, pg_get_constraintdef(c.oid))
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${userSchemas}
    union all select concat_ws(':', 'schema', nspname, nspowner) from pg_namespace
    union all select concat_ws(':', 'role', rolname, rolsuper, rolcanlogin) from pg_roles
    union all select concat_ws(':', 'setting', setdatabase, setrole, setconfig) from pg_db_role_setting
    union all select concat_ws(':', 'extension', extname, extversion) from pg_extension
    union all select concat_ws(':', 'statistics', stxname) from pg_statistic_ext
    union all select concat_ws(':', 'policy', polrelid::regclass, polname) from pg_policy
    union all select concat_ws(':', 'sequence', schemaname, sequencename, last_value) from pg_sequences
    union all select concat_ws(':', 'migrations', count(*), max(created_at)) from drizzle.__drizzle_migrations
  ) as catalog`;

async function fingerprintOf(client: PGlite): Promise<string> {
  return (await client.query<{ fingerprint: string }>(fingerprintQuery)).rows[0]!.fingerprint;
}

/** What a database fresh from the copy holds, read before any file uses it. */
async function readBaseline(client: PGlite): Promise<Baseline> {
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`,
    )
  ).rows.map((row) => row.name);
  const rows: Baseline['rows'] = [];
  for (const table of tables) {
    const { json } = (await client.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} as t`)).rows[0]!;
    if (json) rows.push({ table, json });
  }
  return { fingerprint: await fingerprintOf(client), tables, rows };
}

/**
 * Puts a returned database back in the copy's state: a fresh session, every table emptied and its
 * first rows put back, its sequences restarted, no planner statistics. False when that cannot be
 * shown: the catalog or a sequence is not as it was, or a step failed.
 */
async function emptied(client: PGlite, baseline: Baseline): Promise<boolean> {
  try {
    if (client.closed) return false;
    await client.exec('discard all');
    await client.exec(`truncate ${baseline.tables.join(', ')} restart identity cascade`);
    for (const { table, json } of baseline.rows) await client.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [json]);
    await client.exec(`delete from pg_statistic where starelid in (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${userSchemas})`);
    return (await fingerprintOf(client)) === baseline.fingerprint;
  } catch {
    return false;
  }
}
