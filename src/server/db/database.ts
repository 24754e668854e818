import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseKind = 'pglite' | 'postgres';
export type Db = ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzlePostgres<typeof schema>>;

/** Called with each notification's payload on a channel. */
export type NotificationHandler = (payload: string) => void;

export type Database = {
  kind: DatabaseKind;
  db: Db;
  /**
   * The real channel name for `name`: databases that share one PostgreSQL under different search
   * paths (the tests' schemas) must not hear each other. Use it in `pg_notify` and `listen`.
   */
  channel: (name: string) => string;
  /**
   * Subscribes to a `LISTEN/NOTIFY` channel (named with `channel`); resolves once listening, to the
   * function that stops. Notifications sent inside a transaction arrive after its commit, on every
   * instance that shares the database.
   */
  listen: (channel: string, handler: NotificationHandler) => Promise<() => Promise<void>>;
  /**
   * The connections queries use, now: PostgreSQL's pool (open, idle, and queries waiting for one);
   * PGlite is one connection inside the process, which queues its own queries.
   */
  connections: () => ConnectionCounts;
  close: () => Promise<void>;
};

export type ConnectionCounts = { total: number; idle: number | null; waiting: number | null };

export type DatabaseOptions =
  /** PostgreSQL at `url`; `searchPath` puts every table (and the migration journal) in that schema. */
  | { kind: 'postgres'; url: string; searchPath?: string }
  /**
   * Embedded PostgreSQL persisted in `dataDir`, or in memory when `dataDir` is omitted; an in-memory
   * one may start from a copy of another (PGlite's `dumpDataDir`).
   */
  | { kind: 'pglite'; dataDir?: string; from?: Blob }
  /** An embedded database already started, migrated like the others; closing the result closes it. */
  | { kind: 'pglite'; client: PGlite };

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
    const listener = postgresListener(options.url);
    return {
      kind: 'postgres',
      db,
      channel: (name) => (options.searchPath ? `${options.searchPath}_${name}` : name),
      listen: listener.listen,
      connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }

  let client: PGlite;
  let lock: DataDirLock | null = null;
  if ('client' in options) {
    client = options.client;
  } else if (options.dataDir) {
    const folder = path.join(options.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    // One process per folder: a second one gets DataDirInUseError before touching the files.
    lock = acquireDataDirLock(options.dataDir);
    try {
      client = await PGlite.create(folder, { extensions: { pg_trgm } });
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create({ extensions: { pg_trgm }, ...(options.from ? { loadDataDir: options.from } : {}) });
  }
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    lock?.release();
    throw error;
  }
  return {
    kind: 'pglite',
    db,
    channel: (name) => name,
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, handler);
      return () => unlisten();
    },
    connections: () => ({ total: 1, idle: null, waiting: null }),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * One dedicated connection per process for `LISTEN` (a pooled connection could be handed to a query
 * mid-subscription), opened on the first subscription and shared by all of them. If the connection
 * drops, it is reopened and every channel listened to again.
 */
function postgresListener(url: string) {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let connection: Promise<pg.Client> | null = null;
  let closed = false;

  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  function connect(): Promise<pg.Client> {
    connection ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      client.on('error', () => {
        connection = null;
        if (!closed && handlers.size > 0) setTimeout(() => void resubscribe(), 1000);
      });
      await client.connect();
      return client;
    })();
    return connection;
  }

  async function resubscribe() {
    try {
      const client = await connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${quote(channel)}`);
    } catch {
      connection = null;
      if (!closed) setTimeout(() => void resubscribe(), 1000);
    }
  }

  return {
    async listen(channel: string, handler: NotificationHandler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await (await connect()).query(`LISTEN ${quote(channel)}`);
      }
      set.add(handler);
      return async () => {
        const current = handlers.get(channel);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) {
          handlers.delete(channel);
          if (connection && !closed) await (await connection).query(`UNLISTEN ${quote(channel)}`);
        }
      };
    },
    async close() {
      closed = true;
      handlers.clear();
      if (connection) await (await connection).end();
      connection = null;
    },
  };
}
