// The purge job's figures for `npm run bench` (alone with `BENCH_ONLY=purge`): how long one run takes
// to erase 100,000 checkouts left unpaid past their window (each payment intent canceled at the
// built-in test processor first), and how long the next run, which finds nothing, takes. On PGlite,
// and on PostgreSQL when BENCH_DATABASE_URL (else TEST_DATABASE_URL) names one (in a schema of its own,
// dropped at the end). `BENCH_PURGE_CHECKOUTS` changes the count.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '#server/db/index.ts';
import { loadEnv } from '#server/env.ts';
import { createTestProcessor } from '#server/payments/index.ts';
import { purgeExpiredData } from '#server/retention/index.ts';
import { createFieldCipher, sealApplication } from '#server/encryption/index.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { Application } from '#shared/application/application.ts';
import { printFigure } from './bench-timing';
import { designeeEnv } from '#tests/support/designee-env.ts';

const log = pino({ enabled: false });

/** `count` checkouts untouched for 100 hours, each with an open intent at the test processor, in one statement each. */
async function seedExpiredCheckouts(database: Database, count: number): Promise<void> {
  const formData = JSON.stringify(sealApplication(sampleApplication() as Application, createFieldCipher(randomBytes(32))));
  await database.db.execute(sql`
    insert into test_payment_intents (id, client_secret, amount_cents, currency, description, metadata, status)
    select 'pi_bench_' || i, 'pi_bench_' || i || '_secret_x', 14900, 'usd', 'EIN Application Service', '{}'::jsonb, 'requires_payment_method'
    from generate_series(1, ${count}) as i`);
  await database.db.execute(sql`
    insert into checkouts (draft_id, tracking_number, form_data, email, amount_cents, currency, payment_provider, payment_intent_id, status, created_at, updated_at)
    select gen_random_uuid(), 'BENCH' || lpad(i::text, 7, '0'), ${formData}::jsonb, 'customer' || i || '@example.com', 14900, 'usd', 'test', 'pi_bench_' || i, 'open',
           now() - interval '100 hours', now() - interval '100 hours'
    from generate_series(1, ${count}) as i`);
}

async function timePurge(label: string, database: Database, count: number): Promise<void> {
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ein-bench-purge-')), ...designeeEnv });
  const provider = createTestProcessor({ database, webhookSecret: 'whsec_bench', deliverWebhook: async () => {} });
  const seeded = performance.now();
  await seedExpiredCheckouts(database, count);
  const seedSeconds = (performance.now() - seeded) / 1000;

  const started = performance.now();
  const first = await purgeExpiredData({ services: { database, provider, env }, log });
  const seconds = (performance.now() - started) / 1000;
  if (first.checkouts !== count) throw new Error(`${label}: ${first.checkouts} of ${count} checkouts purged`);
  const again = performance.now();
  const second = await purgeExpiredData({ services: { database, provider, env }, log });
  const secondMs = performance.now() - again;
  if (second.checkouts !== 0) throw new Error(`${label}: the second run purged ${second.checkouts}`);

  printFigure(
    `purge ${count.toLocaleString('en-US')} expired checkouts (${label})`,
    `${seconds.toFixed(1)} s, ${(count / seconds).toFixed(0)} checkouts/s (seeded in ${seedSeconds.toFixed(1)} s); next run ${secondMs.toFixed(0)} ms`,
  );
}

export async function benchPurge(): Promise<void> {
  const count = Number(process.env.BENCH_PURGE_CHECKOUTS ?? 100_000);
  console.log('\nPurge of expired personal data');
  const embedded = await openDatabase({ kind: 'pglite' });
  try {
    await timePurge('PGlite', embedded, count);
  } finally {
    await embedded.close();
  }
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('  PostgreSQL: skipped, because neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set');
    return;
  }
  const searchPath = `bench_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ kind: 'postgres', url, searchPath });
  try {
    await timePurge('PostgreSQL', database, count);
  } finally {
    await database.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${searchPath}" CASCADE`);
    await admin.end();
  }
}
