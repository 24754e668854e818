// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { orderCounters, orders, user, type Database } from '../db';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { orderPriorities, orderStatuses } from '#shared/orders/lifecycle.ts';
import { seedOrders } from '#tests/factories/seed-orders.ts';

// Stored statuses include the legacy values, which the counters keep as stored.
const statuses = [...orderStatuses, 'submitted', 'assigned', 'in_progress', 'irs_submitted'];
const staffIds = ['counter-staff-1', 'counter-staff-2', 'counter-staff-3'];

type Change =
  | { kind: 'insert'; status: string; priority: string; assignee: number | null }
  | { kind: 'status'; pick: number; status: string }
  | { kind: 'priority'; pick: number; priority: string }
  | { kind: 'assign'; pick: number; assignee: number | null }
  | { kind: 'bulk-status'; from: string; to: string }
  | { kind: 'delete'; pick: number }
  | { kind: 'delete-staff'; assignee: number }
  | { kind: 'rolled-back'; pick: number; status: string }
  | { kind: 'seed'; count: number; deferIndexes: boolean };

const assignee = fc.option(fc.integer({ min: 0, max: staffIds.length - 1 }), { nil: null });
const status = fc.constantFrom(...statuses);
const pick = fc.nat();
const change: fc.Arbitrary<Change> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('insert' as const), status, priority: fc.constantFrom(...orderPriorities), assignee }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('status' as const), pick, status }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('priority' as const), pick, priority: fc.constantFrom(...orderPriorities) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('assign' as const), pick, assignee }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bulk-status' as const), from: status, to: status }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete-staff' as const), assignee: fc.integer({ min: 0, max: staffIds.length - 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rolled-back' as const), pick, status }) },
  // The bulk seed, with its indexes and foreign keys dropped during the load or kept.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('seed' as const), count: fc.integer({ min: 1, max: 40 }), deferIndexes: fc.boolean() }) },
);

class RolledBack extends Error {}

describe.each(testDatabaseKinds)('order counters on %s', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  async function ensureStaff(): Promise<void> {
    await database.db
      .insert(user)
      .values(staffIds.map((id) => ({ id, name: id, email: `${id}@example.com`, role: 'fulfiller' })))
      .onConflictDoNothing();
  }

  async function orderIds(): Promise<number[]> {
    return (await database.db.select({ id: orders.id }).from(orders).orderBy(orders.id)).map((row) => row.id);
  }

  async function apply(step: Change): Promise<void> {
    const { db } = database;
    const ids = await orderIds();
    const target = 'pick' in step && ids.length > 0 ? ids[step.pick % ids.length]! : null;
    switch (step.kind) {
      case 'insert':
        await ensureStaff();
        await createPaidOrder(db, { status: step.status, priority: step.priority, assignedTo: step.assignee === null ? null : staffIds[step.assignee]! });
        return;
      case 'status':
        if (target !== null) await db.update(orders).set({ status: step.status }).where(eq(orders.id, target));
        return;
      case 'priority':
        if (target !== null) await db.update(orders).set({ priority: step.priority }).where(eq(orders.id, target));
        return;
      case 'assign':
        await ensureStaff();
        if (target !== null) await db.update(orders).set({ assignedTo: step.assignee === null ? null : staffIds[step.assignee]! }).where(eq(orders.id, target));
        return;
      case 'bulk-status':
        await db.update(orders).set({ status: step.to }).where(eq(orders.status, step.from));
        return;
      case 'delete':
        if (target !== null) await db.delete(orders).where(eq(orders.id, target));
        return;
      case 'delete-staff':
        // The foreign key sets the orders' assignee to null: that update is counted too.
        await db.delete(user).where(inArray(user.id, [staffIds[step.assignee]!]));
        return;
      case 'rolled-back':
        if (target === null) return;
        await db
          .transaction(async (tx) => {
            await tx.update(orders).set({ status: step.status, assignedTo: null }).where(eq(orders.id, target));
            throw new RolledBack();
          })
          .catch((error: unknown) => {
            if (!(error instanceof RolledBack)) throw error;
          });
        return;
      case 'seed':
        await ensureStaff();
        await seedOrders(database, { count: step.count, assigneeIds: staffIds, deferIndexes: step.deferIndexes });
        return;
    }
  }

  /** The counters as the triggers left them, and a count from scratch, in the same shape. */
  async function maintainedAndRecounted() {
    const maintained = await database.db.execute(
      sql`select assignee, status, priority, orders::int as n from ${orderCounters} where orders <> 0 order by 1, 2, 3`,
    );
    const recounted = await database.db.execute(
      sql`select coalesce(assigned_to, '') as assignee, status, priority, count(*)::int as n from ${orders} group by 1, 2, 3 order by 1, 2, 3`,
    );
    return { maintained: maintained.rows, recounted: recounted.rows };
  }

  it('equal a recount from scratch after any mix of inserts, changes, deletes and rollbacks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 25 }), async (changes) => {
        await database.db.execute(sql`truncate orders, checkouts cascade`);
        for (const step of changes) await apply(step);
        const { maintained, recounted } = await maintainedAndRecounted();
        expect(maintained).toEqual(recounted);
      }),
      { seed: 1414, numRuns: 30 },
    );
    // The property ran over real rows, not only empty tables.
    await apply({ kind: 'insert', status: 'completed', priority: 'rush', assignee: 0 });
    const { maintained } = await maintainedAndRecounted();
    expect(maintained.length).toBeGreaterThan(0);
    // Thirty runs of up to 25 changes, some of them bulk seeds that drop and make indexes again.
  }, 180_000);

  it('are emptied by a truncate', async () => {
    await createPaidOrder(database.db, { status: 'completed' });
    await database.db.execute(sql`truncate orders, checkouts cascade`);
    expect((await database.db.select().from(orderCounters)).filter((row) => row.orders !== 0)).toEqual([]);
  });
});
