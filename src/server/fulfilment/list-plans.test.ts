// @vitest-environment node
// The staff lists' queries at volume: each one's plan, from EXPLAIN (ANALYZE, BUFFERS), must not read
// `orders` by a sequential scan, so its cost follows the rows it shows, not the table. On PGlite with
// 10,000 orders; on PostgreSQL (TEST_DATABASE_URL) with a million (about 80 s of seeding on two cores,
// and 4.5 GB of disk while it runs; docs/decisions/028). PLAN_TEST_ORDERS sets another volume.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { schema, orders, user, type Database, type Db } from '../db';
import { seedOrders, settleTables } from '#tests/factories/seed-orders.ts';
import { orderListQuerySchema } from '#shared/fulfilment/orders.ts';
import type { StaffUser } from '#shared/staff/session.ts';
import { findOrders } from './find-orders';
import { findUsers } from '../staff';

const volumes = { pglite: 10_000, postgres: Number(process.env.PLAN_TEST_ORDERS ?? 1_000_000) };
const fulfillerIds = ['plan-fulfiller-1', 'plan-fulfiller-2', 'plan-fulfiller-3', 'plan-fulfiller-4'];

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
type Logged = { query: string; params: unknown[] };
type RawClient = { query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }> };

/** Every node of a plan that reads `orders` row by row, whole. */
function sequentialScansOfOrders(node: PlanNode): PlanNode[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'orders' ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap(sequentialScansOfOrders)];
}

describe.each(testDatabaseKinds)('the staff lists\' query plans on %s', (kind) => {
  const volume = volumes[kind];
  let database: Database;
  let client: RawClient;
  let samples: { applicationId: string; billingEmail: string; companyName: string; id: number }[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    client = (database.db as unknown as { $client: RawClient }).$client;
    await database.db.insert(user).values([
      { id: 'plan-admin', name: 'Plan Admin', email: 'plan-admin@example.com', role: 'admin' },
      ...fulfillerIds.map((id) => ({ id, name: id, email: `${id}@example.com`, role: 'fulfiller' })),
    ]);
    await seedOrders(database, { count: volume, assigneeIds: fulfillerIds, batchSize: kind === 'pglite' ? 5_000 : 50_000 });
    await settleTables(database);
    const result = await database.db.execute(
      sql`select id, application_id, billing_email, form_data -> 'company' ->> 'companyName' as company_name from ${orders} where assigned_to = ${fulfillerIds[0]} order by id desc limit 1`,
    );
    samples = (result.rows as { id: number; application_id: string; billing_email: string; company_name: string }[]).map((row) => ({
      id: Number(row.id),
      applicationId: row.application_id,
      billingEmail: row.billing_email,
      companyName: row.company_name,
    }));
  }, 1_800_000);

  afterAll(async () => {
    await database?.close();
  });

  /** The SQL a call sends, caught by a logger over the same connection. */
  async function queriesOf(call: (db: Db) => Promise<unknown>): Promise<Logged[]> {
    const logged: Logged[] = [];
    const logger = { logQuery: (query: string, params: unknown[]) => logged.push({ query, params }) };
    const db =
      kind === 'pglite'
        ? drizzlePglite(client as unknown as PGlite, { schema, logger })
        : drizzlePostgres(client as unknown as pg.Pool, { schema, logger });
    await call(db as Db);
    return logged;
  }

  async function planOf({ query, params }: Logged): Promise<PlanNode> {
    const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`, params);
    const row = result.rows[0] as Record<string, unknown>;
    const value = Object.values(row)[0];
    const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
    return parsed[0]!.Plan;
  }

  const admin: StaffUser = { id: 'plan-admin', name: 'Plan Admin', email: 'plan-admin@example.com', role: 'admin' } as StaffUser;
  const fulfiller: StaffUser = { id: fulfillerIds[0]!, name: 'F', email: `${fulfillerIds[0]}@example.com`, role: 'fulfiller' } as StaffUser;

  const listCases: [string, (sample: (typeof samples)[number]) => Record<string, string>][] = [
    ['first page', () => ({})],
    ['status filter', () => ({ status: 'reviewing_form_data' })],
    ['in-progress counter link', () => ({ status: 'in-progress' })],
    ['in-progress counter link, page 40 by number', () => ({ status: 'in-progress', page: '40' })],
    ['in-progress counter link, next page by key', (sample) => ({ status: 'in-progress', page: '2', after: String(sample.id) })],
    ['on-hold counter link', () => ({ status: 'on_hold' })],
    ['priority filter', () => ({ priority: 'rush' })],
    ['status and priority', () => ({ status: 'completed', priority: 'express' })],
    ['next page by key', (sample) => ({ page: '2', after: String(sample.id) })],
    ['previous page by key', (sample) => ({ page: '2', before: String(sample.id) })],
    ['page 200 by number', () => ({ page: '200' })],
    ['search, e-mail part', (sample) => ({ search: sample.billingEmail.split('@')[0]!.slice(2) })],
    ['search, tracking part', (sample) => ({ search: sample.applicationId.slice(3, 9) })],
    ['search, whole e-mail', (sample) => ({ search: sample.billingEmail })],
    ['search, company name', (sample) => ({ search: sample.companyName })],
    ['search, next page by key', (sample) => ({ search: sample.companyName, after: String(sample.id) })],
  ];

  for (const [who, viewer] of [['admin', admin], ['fulfiller', fulfiller]] as const) {
    for (const [name, params] of listCases) {
      it(`${who}: ${name} reads no sequential scan of orders`, async () => {
        const query = orderListQuerySchema.parse(params(samples[0]!));
        const queries = await queriesOf((db) => findOrders({ db, viewer, query }));
        const ordersQueries = queries.filter(({ query: text }) => text.includes('"orders"'));
        expect(ordersQueries.length).toBeGreaterThan(0);
        for (const logged of ordersQueries) {
          const plan = await planOf(logged);
          expect(sequentialScansOfOrders(plan), logged.query).toEqual([]);
        }
      });
    }
  }

  it('users list: active orders come from the counters, not from orders', async () => {
    const queries = await queriesOf((db) => findUsers(db));
    expect(queries).toHaveLength(1);
    const plan = await planOf(queries[0]!);
    expect(JSON.stringify(plan)).not.toContain('"Relation Name":"orders"');
    expect(sequentialScansOfOrders(plan)).toEqual([]);
  });

  it('the plan check finds a sequential scan where there is one', async () => {
    const plan = await planOf({ query: `select count(*) from orders where notes <> $1`, params: ['x'] });
    expect(sequentialScansOfOrders(plan).length).toBeGreaterThan(0);
  });
});
