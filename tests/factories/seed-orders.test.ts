// @vitest-environment node
// The bulk seed (seed-orders.ts beside this file): it drops the read-only indexes and the foreign keys of the
// tables it fills, loads, and makes them again, all in one transaction. These tests check that the
// tables come out exactly as the migrations made them, that the counters agree with a recount, that
// a load which breaks a foreign key leaves nothing behind, and that a seed process killed in the
// middle of its load leaves the tables as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openTestDatabase, testDatabaseKinds } from '../support/database';
import { orders, user, type Database } from '#server/db/index.ts';
import { seedOrders } from './seed-orders';

const root = fileURLToPath(new URL('../..', import.meta.url));
const staffIds = ['seed-staff-1', 'seed-staff-2'];

/** Every index (with its definition and validity) and every constraint of the seeded tables. */
async function tableShape(database: Database) {
  const result = await database.db.execute(sql`
    select 'index' as kind, c.relname::text as name, pg_get_indexdef(i.indexrelid) || case when i.indisvalid then '' else ' (invalid)' end as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid in ('checkouts'::regclass, 'orders'::regclass, 'order_status_history'::regclass)
    union all
    select 'constraint', conname::text, pg_get_constraintdef(oid) || case when convalidated then '' else ' (not validated)' end
    from pg_constraint
    where conrelid in ('checkouts'::regclass, 'orders'::regclass, 'order_status_history'::regclass)
    order by 1, 2`);
  return result.rows as { kind: string; name: string; definition: string }[];
}

/** The counters as the triggers left them, and a count from scratch. */
async function countersAndRecount(database: Database) {
  const maintained = await database.db.execute(sql`select assignee, status, priority, orders::int as n from order_counters where orders <> 0 order by 1, 2, 3`);
  const recounted = await database.db.execute(
    sql`select coalesce(assigned_to, '') as assignee, status, priority, count(*)::int as n from ${orders} group by 1, 2, 3 order by 1, 2, 3`,
  );
  return { maintained: maintained.rows, recounted: recounted.rows };
}

async function countRows(database: Database): Promise<{ orders: number; checkouts: number; history: number }> {
  const result = await database.db.execute(
    sql`select (select count(*) from orders)::int as orders, (select count(*) from checkouts)::int as checkouts, (select count(*) from order_status_history)::int as history`,
  );
  return result.rows[0] as { orders: number; checkouts: number; history: number };
}

describe.each(testDatabaseKinds)('the bulk seed on %s', (kind) => {
  let database: Database;
  let migrated: Awaited<ReturnType<typeof tableShape>>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(user).values(staffIds.map((id) => ({ id, name: id, email: `${id}@example.com`, role: 'fulfiller' })));
    migrated = await tableShape(database);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('defers the read-only indexes and foreign keys, and leaves the tables as the migrations made them', async () => {
    const result = await seedOrders(database, { count: 3_000, assigneeIds: staffIds, batchSize: 1_000 });
    expect(result.inserted).toBe(3_000);
    // Eleven list and search indexes on orders (the language's among them), its retention index and
    // the dashboard's two (EINs and disputes by time); six on checkouts (the lookup by e-mail, the
    // retention index, the duplicate applications' key, the open ones with an intent, the dashboard's by
    // creation, the payments waiting for their order); two on the history (by order, and the
    // dashboard's by time); and four foreign keys.
    expect(result.deferred).toBe(26);
    expect(await tableShape(database)).toEqual(migrated);

    const rows = await countRows(database);
    expect(rows.orders).toBe(3_000);
    expect(rows.checkouts).toBe(3_000);
    expect(rows.history).toBeGreaterThan(0);
    // Each order is its paid checkout's copy, as the one order insert makes it.
    const copied = await database.db.execute(sql`
      select count(*)::int as n from orders o join checkouts c on c.id = o.checkout_id
      where o.application_id = c.tracking_number and o.form_data = c.form_data and o.billing_email = c.email
        and o.payment_intent_id = c.payment_intent_id and o.amount = c.amount_cents and c.status = 'paid'`);
    expect((copied.rows[0] as { n: number }).n).toBe(3_000);
    const tracking = await database.db.execute(sql`select count(*)::int as n from orders where application_id !~ '^[A-HJ-NP-Z2-9]{12}$'`);
    expect((tracking.rows[0] as { n: number }).n).toBe(0);
    // A sole proprietor's responsible party is the owner named on line 1.
    const soleProprietors = await database.db.execute(sql`
      select count(*)::int as n, count(*) filter (where form_data -> 'company' ->> 'companyName'
        = concat_ws(' ', form_data -> 'contact' ->> 'rpFirstName', form_data -> 'contact' ->> 'rpMiddleName', form_data -> 'contact' ->> 'rpLastName'))::int as same
      from orders where form_data -> 'company' ->> 'entityType' = 'Sole Proprietor'`);
    const { n, same } = soleProprietors.rows[0] as { n: number; same: number };
    expect(n).toBeGreaterThan(0);
    expect(same).toBe(n);

    const { maintained, recounted } = await countersAndRecount(database);
    expect(maintained).toEqual(recounted);
  });

  it('keeps the indexes in place when the seed adds fewer orders than the table holds', async () => {
    const result = await seedOrders(database, { count: 500, assigneeIds: staffIds });
    expect(result.deferred).toBe(0);
    expect(await tableShape(database)).toEqual(migrated);
    expect((await countRows(database)).orders).toBe(3_500);
    const { maintained, recounted } = await countersAndRecount(database);
    expect(maintained).toEqual(recounted);
  });

  it('leaves nothing behind when a foreign key made again finds a broken row', async () => {
    const before = await countRows(database);
    // An assignee that is no one: the load goes through without the foreign key, which then refuses it.
    await expect(seedOrders(database, { count: 1_000, assigneeIds: ['nobody-at-all'], deferIndexes: true })).rejects.toThrow();
    expect(await countRows(database)).toEqual(before);
    expect(await tableShape(database)).toEqual(migrated);
    const { maintained, recounted } = await countersAndRecount(database);
    expect(maintained).toEqual(recounted);
  });
});

describe.runIf(testDatabaseKinds.includes('postgres' as never))('a seed process killed during its load', () => {
  let database: Database;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  }, 120_000);
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await database?.close();
  });

  it('leaves the tables with all their indexes and foreign keys, and no orders', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const searchPath = (await database.db.execute(sql`select current_schema() as schema`)).rows[0] as { schema: string };
    const migrated = await tableShape(database);
    const ordersTable = `"${searchPath.schema}".orders`;

    // The seed in a process of its own, on the test's schema, with enough orders to be killed in the middle.
    const code = [
      `import { openDatabase } from './src/server/db/index.ts';`,
      `import { seedOrders } from './tests/factories/seed-orders.ts';`,
      `const database = await openDatabase({ kind: 'postgres', url: process.env.SEED_URL, searchPath: process.env.SEED_SCHEMA });`,
      `await seedOrders(database, { count: 200000, batchSize: 5000 });`,
    ].join('\n');
    child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, SEED_URL: url, SEED_SCHEMA: searchPath.schema },
      stdio: ['ignore', 'ignore', 'pipe'],
    });

    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    try {
      const exclusiveHolders = async () =>
        Number(
          (
            await observer.query(
              `select count(*)::int as n from pg_locks where relation = $1::regclass and mode = 'AccessExclusiveLock' and granted`,
              [ordersTable],
            )
          ).rows[0].n,
        );
      const insertingBatches = async () =>
        Number((await observer.query(`select count(*)::int as n from pg_stat_activity where state = 'active' and query like '%with new_checkouts as%' and pid <> pg_backend_pid()`)).rows[0].n);
      // The seed has dropped the indexes (it holds the table) and is loading.
      const deadline = Date.now() + 60_000;
      while (!((await exclusiveHolders()) > 0 && (await insertingBatches()) > 0)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error('The seed did not start loading');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      // The server rolls the transaction back when it finds the client gone, after the running statement.
      while ((await exclusiveHolders()) > 0) {
        if (Date.now() > deadline + 60_000) throw new Error('The killed seed still holds the table');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await observer.end();
    }

    expect(await tableShape(database)).toEqual(migrated);
    expect(await countRows(database)).toEqual({ orders: 0, checkouts: 0, history: 0 });
    const { maintained } = await countersAndRecount(database);
    expect(maintained).toEqual([]);
  }, 150_000);
});

