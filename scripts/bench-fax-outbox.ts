// The fax outbox's figures for `npm run bench` (alone with `BENCH_ONLY=fax-outbox`): signed SS-4s
// faxed per second by the worker on the built-in test transport (each one read, checked against its
// hash, stamped with its reference on every page, and written out), on PGlite.
import { mkdtempSync, readdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildAppWithServices } from '#server/app.ts';
import { filings, openDatabase, signingRequests } from '#server/db/index.ts';
import { loadEnv } from '#server/env.ts';
import { makeFilingReference } from '#server/filing/index.ts';
import { fillSs4, sha256Hex } from '#server/ss4/index.ts';
import { ss4Lines } from '#shared/ss4/ss4-mapping.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { irsFaxNumbers } from '#shared/filing/filing.ts';
import type { Application } from '#shared/application/application.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { printFigure } from './bench-timing';
import { designeeEnv } from '#tests/support/designee-env.ts';

export async function benchFaxOutbox(faxes = 40): Promise<void> {
  console.log('\nFax outbox');
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ein-bench-fax-')), TEST_FAX_IRS_REPLY_SECONDS: 'off', ...designeeEnv });
  const database = await openDatabase({ kind: 'pglite' });
  const { app, services } = await buildAppWithServices({ env, database, clientDir: path.join(env.DATA_DIR, 'no-client') });
  const { db } = database;
  const designee = { name: 'EIN Filing Service LLC', address: '500 Congress Ave, Austin, TX 78701', phone: '(512) 555-0100', fax: '(512) 555-0101' };
  const pdf = await fillSs4(ss4Lines(sampleApplication() as Application, designee));
  const sealed = services.cipher.encrypt(Buffer.from(pdf).toString('base64'));
  for (let index = 0; index < faxes; index += 1) {
    const order = await createPaidOrder(db, { status: 'ss4_signed_awaiting_irs' });
    await db.insert(signingRequests).values({
      orderId: order.id,
      tokenHash: randomUUID(),
      status: 'signed',
      signerEmail: order.billingEmail,
      sessionSecret: 'bench',
      expiresAt: new Date(Date.now() + 86_400_000),
      signedAt: new Date(),
      signedSha256: sha256Hex(pdf),
      signedPdf: sealed,
    });
    await db.insert(filings).values({ orderId: order.id, method: 'fax', status: 'queued', reference: makeFilingReference(), toNumber: irsFaxNumbers.domestic, fromNumber: '+15125550101', provider: 'test' });
  }
  const started = performance.now();
  const sent = await services.filing.faxOutbox.deliverDue();
  const seconds = (performance.now() - started) / 1000;
  const written = readdirSync(path.join(env.DATA_DIR, 'fax', 'outgoing')).filter((name) => name.endsWith('.pdf.enc')).length;
  if (sent !== faxes || written !== faxes) throw new Error(`${sent} of ${faxes} faxes tried, ${written} written`);
  printFigure(
    'fax outbox worker, test transport (PGlite)',
    `${(faxes / seconds).toFixed(1)} faxes/s, ${((seconds * 1000) / faxes).toFixed(0)} ms a fax (${faxes} queued, ${seconds.toFixed(2)} s)`,
  );
  await app.close();
  await database.close();
}
