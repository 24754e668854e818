// `npm run seed:orders -- --count 100000 [--database-url postgres://...] [--assign-to-email x]`: fills the
// database with paid orders (and the checkouts they come from) for trying the staff panel and measuring
// it at volume (`seedOrders`, tests/factories/seed-orders.ts). Without `--database-url` it writes to
// `DATABASE_URL`, else to the embedded database under `DATA_DIR`, which only one process may open:
// stop the app first.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/index.ts';
import { loadEnv } from '#server/env.ts';
import { findAssignees, seedOrders, settleTables } from '#tests/factories/seed-orders.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000' },
      'database-url': { type: 'string' },
      'assign-to-email': { type: 'string' },
    },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a whole number, 1 or more');

  const env = loadEnv();
  const url = values['database-url'] ?? env.DATABASE_URL;
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: env.DATA_DIR });
  try {
    const assigneeIds = await findAssignees(database, values['assign-to-email']);
    if (values['assign-to-email'] && assigneeIds.length === 0) {
      throw new Error(`No staff member with the e-mail ${values['assign-to-email']} (create one first: npm run staff)`);
    }
    const { inserted, milliseconds, rebuildMilliseconds, deferred } = await seedOrders(database, { count, assigneeIds });
    const settleStarted = performance.now();
    await settleTables(database);
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    const where = url ? 'PostgreSQL' : `the embedded database in ${env.DATA_DIR}`;
    const assigned = assigneeIds.length > 0 ? `, most assigned among ${assigneeIds.length} staff member${assigneeIds.length === 1 ? '' : 's'}` : ', none assigned (no staff yet)';
    const rebuilt = deferred > 0 ? ` (of which ${(rebuildMilliseconds / 1000).toFixed(1)} s making ${deferred} indexes and foreign keys again)` : '';
    console.log(`Seeded ${inserted} paid orders into ${where} in ${(milliseconds / 1000).toFixed(1)} s${rebuilt}${assigned}; VACUUM ANALYZE took ${settleSeconds.toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
