// The e-mail outbox's figures for `npm run bench` (alone with `BENCH_OUTBOX_ONLY=1`): e-mails sent
// per second by the worker on the file transport, and the time from a payment to its confirmation
// e-mail on disk, through the whole app (test processor, webhook, order, outbox).
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as tick } from 'node:timers/promises';
import pino from 'pino';
import { buildAppWithServices } from '#server/app.ts';
import { openDatabase, type Database } from '#server/db/index.ts';
import { createMailer, mailFolder, createEmailOutbox, enqueueEmail } from '#server/email/index.ts';
import { loadEnv } from '#server/env.ts';
import { isTestProcessor } from '#server/payments/index.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { printFigure, printTiming } from './bench-timing';
import { designeeEnv } from '#tests/support/designee-env.ts';

const newEnv = () => loadEnv({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ein-bench-outbox-')), ...designeeEnv });
const countMail = (folder: string) => (existsSync(folder) ? readdirSync(folder).length : 0);

async function throughput(label: string, database: Database, messages: number) {
  const env = newEnv();
  const outbox = createEmailOutbox({ db: database.db, mailer: createMailer(env), env, log: pino({ enabled: false }) });
  await database.db.transaction(async (tx) => {
    for (let index = 0; index < messages; index += 1) {
      await enqueueEmail(tx, { kind: 'order_confirmation', to: `customer${index}@example.com`, subject: `Order ${index}`, text: 'Thank you for your order.', html: '<p>Thank you for your order.</p>' });
    }
  });
  const started = performance.now();
  const sent = await outbox.deliverDue();
  const seconds = (performance.now() - started) / 1000;
  if (sent !== messages || countMail(mailFolder(env)) !== messages) throw new Error(`${label}: ${sent} of ${messages} sent`);
  printFigure(`outbox worker, file transport (${label})`, `${(messages / seconds).toFixed(0)} e-mails/s (${messages} queued, ${seconds.toFixed(2)} s)`);
}

async function paymentToEmail(payments: number) {
  const env = newEnv();
  const database = await openDatabase({ kind: 'pglite' });
  const { app, services } = await buildAppWithServices({ env, database, clientDir: path.join(env.DATA_DIR, 'no-client') });
  const { provider } = services;
  if (!isTestProcessor(provider)) throw new Error('The bench needs the test processor');
  const folder = mailFolder(env);
  const times: number[] = [];
  for (let index = 0; index < payments; index += 1) {
    const remoteAddress = `10.2.${Math.floor(index / 250)}.${index % 250}`;
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      remoteAddress,
      payload: { draftId: crypto.randomUUID(), email: 'owner@example.com', application: sampleApplication() },
    });
    if (checkout.statusCode !== 200) throw new Error(`checkout answered ${checkout.statusCode}`);
    const before = countMail(folder);
    const started = performance.now();
    // The browser's card call; the order and its e-mail then come from the webhook alone.
    const paid = await app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      remoteAddress,
      payload: { clientSecret: checkout.json<{ clientSecret: string }>().clientSecret, cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' },
    });
    if (paid.statusCode !== 200) throw new Error(`payment answered ${paid.statusCode}`);
    while (countMail(folder) === before) await tick();
    times.push(performance.now() - started);
    await provider.settled();
  }
  printTiming('payment → confirmation e-mail on disk (PGlite, webhook path)', times);
  await app.close();
  await database.close();
}

export async function benchOutbox(): Promise<void> {
  console.log('\nE-mail outbox');
  const pglite = await openDatabase({ kind: 'pglite' });
  await throughput('PGlite', pglite, 500);
  await pglite.close();
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) {
    const searchPath = `bench_outbox_${process.pid}`;
    const postgres = await openDatabase({ kind: 'postgres', url, searchPath });
    try {
      await throughput('PostgreSQL', postgres, 2000);
    } finally {
      await postgres.db.execute(`drop schema if exists "${searchPath}" cascade`);
      await postgres.close();
    }
  }
  await paymentToEmail(100);
}
