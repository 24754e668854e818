import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settings, type Database } from '#server/db/index.ts';
import { seedOrders, settleTables } from '../factories/seed-orders';
import { embeddedDatabaseLoans, openFreshEmbeddedDatabase, openTestDatabase } from './database';

// The embedded databases test files share within a worker (tests/support/database.ts): one a file
// closed is lent to the next only in the state a database fresh from the migrated copy is in.

/** Everything a file could leave behind besides the schema: rows, sequences, session, statistics. */
async function stateOf(database: Database) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];
  const tables = await rows<{ name: string }>(sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1`);
  const contents: Record<string, string> = {};
  for (const { name } of tables) {
    const [content] = await rows<{ count: string; digest: string | null }>(
      sql.raw(`select count(*)::text as count, md5(string_agg(t::text, ',' order by t::text)) as digest from ${name} as t`),
    );
    contents[name] = `${content!.count}:${content!.digest ?? ''}`;
  }
  return {
    contents,
    sequences: await rows(sql`select sequencename, last_value::text from pg_sequences order by 1`),
    session: await rows(sql`select current_setting('statement_timeout') as timeout, current_setting('work_mem') as work_mem`),
    statistics: await rows(sql`select count(*)::int as count from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`),
  };
}

async function transactionIdOf(database: Database): Promise<bigint> {
  const [row] = (await database.db.execute(sql`select pg_current_xact_id()::text as id`)).rows as { id: string }[];
  return BigInt(row!.id);
}

describe('embedded test databases', () => {
  it('lends a closed one to the next file only as a fresh one would be, and closes one whose schema changed', { timeout: 60_000 }, async () => {
    const fresh = await openFreshEmbeddedDatabase();
    const expected = await stateOf(fresh);
    await fresh.close();

    const first = await openTestDatabase('pglite');
    expect(await stateOf(first)).toEqual(expected);
    await seedOrders(first, { count: 40 });
    await settleTables(first);
    await first.db.update(settings).set({ value: 'changed by a file' });
    await first.db.insert(settings).values({ key: 'left-behind', value: 'by a file' });
    await first.db.execute(sql`set statement_timeout = 1234`);
    await first.db.execute(sql`set work_mem = '9MB'`);
    for (const { sequencename } of (await first.db.execute(sql`select sequencename from pg_sequences where schemaname = 'public'`)).rows as { sequencename: string }[]) {
      await first.db.execute(sql.raw(`select nextval('"${sequencename}"')`));
    }
    const heardByTheFirst: string[] = [];
    await first.listen(first.channel('loan_test'), (payload) => heardByTheFirst.push(payload));
    const left = await stateOf(first);
    expect(left.contents).not.toEqual(expected.contents);
    expect(left.sequences).not.toEqual(expected.sequences);
    expect(left.session).not.toEqual(expected.session);
    expect(left.statistics).not.toEqual(expected.statistics);
    const firstTransaction = await transactionIdOf(first);
    const before = { ...embeddedDatabaseLoans };
    await first.close();

    // Closed is closed: the file's handle no longer reaches the database.
    await expect(first.db.execute(sql`select 1`)).rejects.toHaveProperty('cause.message', 'PGlite is closed');

    const second = await openTestDatabase('pglite');
    expect(embeddedDatabaseLoans.lentAgain).toBe(before.lentAgain + 1);
    // The same database (its transactions went on counting), emptied back to the copy's state.
    expect(await transactionIdOf(second)).toBeGreaterThan(firstTransaction);
    expect(await stateOf(second)).toEqual(expected);
    // What the first file listened to is no longer heard on its behalf.
    const heardByTheSecond: string[] = [];
    await second.listen(second.channel('loan_test'), (payload) => heardByTheSecond.push(payload));
    await second.db.execute(sql`select pg_notify('loan_test', 'for the second file')`);
    await expect.poll(() => heardByTheSecond).toEqual(['for the second file']);
    expect(heardByTheFirst).toEqual([]);

    // A file that changed more than rows: its database is closed for good, not lent again.
    await second.db.execute(sql`create function left_behind() returns int language sql as 'select 1'`);
    await second.close();
    expect(embeddedDatabaseLoans.closedForGood).toBe(before.closedForGood + 1);
    const third = await openTestDatabase('pglite');
    try {
      expect(await stateOf(third)).toEqual(expected);
      expect((await third.db.execute(sql`select count(*)::int as count from pg_proc where proname = 'left_behind'`)).rows).toEqual([{ count: 0 }]);
    } finally {
      await third.close();
    }
  });
});
