// @vitest-environment node
import { rmSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { withStaffApp, type StaffTestApp } from '#tests/support/staff-app.ts';
import { signedSs4ForFax } from '#tests/factories/fax-backs.ts';
import { testFaxes } from '#server/db/index.ts';
import { irsFaxNumbers } from '#shared/filing/filing.ts';
import { isTestFaxTransport, type TestFaxTransport } from '..';

// The simulated IRS's fax-backs with two instances of the service on one database, as when each kept
// its own data folder: the instance that claims a fax-back may not have the fax it answers. Each
// fax-back is tried on its own and again later, so none is lost, and one missing file never drops the
// rest of the batch.

function transportOf(app: Pick<StaffTestApp, 'services'>): TestFaxTransport {
  const provider = app.services.filing.provider;
  if (!isTestFaxTransport(provider)) throw new Error('The test runs on the built-in test transport');
  return provider;
}

describe.each(testDatabaseKinds)('fax-backs with two instances (%s)', (kind) => {
  const harness = withStaffApp(kind, { env: { TEST_FAX_IRS_REPLY_SECONDS: '0' } });
  let document: Uint8Array;

  beforeAll(async () => {
    document = await signedSs4ForFax();
  }, 60_000);

  const db = () => harness.database.db;

  /** Faxes `count` SS-4s to the IRS from `transport`, reported delivered now; their ids. */
  async function faxToIrs(transport: TestFaxTransport, count: number, firstOrderId: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const sent = await transport.send({ to: irsFaxNumbers.domestic, from: '+15125550100', document, clientState: `walk-${firstOrderId + index}`, filingId: firstOrderId + index, orderId: firstOrderId + index });
      ids.push(sent.id);
    }
    await db().update(testFaxes).set({ reportAt: sql`now()` }).where(inArray(testFaxes.id, ids));
    return ids;
  }

  /** Faxes received so far: the simulated IRS's answers. */
  const received = async () => db().$count(testFaxes, eq(testFaxes.direction, 'inbound'));

  it('answers every fax-back: one instance without the files retries them, and the other answers them', { timeout: 240_000 }, async () => {
    const first = transportOf(harness);
    const second = transportOf(await harness.startAnotherApp({ env: { TEST_FAX_IRS_REPLY_SECONDS: '0' } }));
    const inboundBefore = await received();
    const sent = await faxToIrs(first, 6, 9_000);

    // The second instance reports them delivered and claims their fax-backs, but their files are in the first one's folder.
    await second.pump();
    const waiting = await db().select({ id: testFaxes.id, irsReplyAt: testFaxes.irsReplyAt }).from(testFaxes).where(inArray(testFaxes.id, sent));
    expect(waiting.every((row) => row.irsReplyAt !== null)).toBe(true);
    expect(await received()).toBe(inboundBefore);

    // Half a minute on: the first instance claims them and answers each.
    await db().update(testFaxes).set({ irsReplyAt: sql`now()` }).where(and(inArray(testFaxes.id, sent), isNotNull(testFaxes.irsReplyAt)));
    await first.pump();
    expect(await received()).toBe(inboundBefore + 6);
    const left = await db().select({ id: testFaxes.id }).from(testFaxes).where(and(inArray(testFaxes.id, sent), isNotNull(testFaxes.irsReplyAt)));
    expect(left).toEqual([]);
  });

  it('one fax whose file is gone is retried alone; the rest of the batch is answered', { timeout: 240_000 }, async () => {
    const transport = transportOf(harness);
    const inboundBefore = await received();
    const sent = await faxToIrs(transport, 3, 9_100);
    rmSync(path.join(transport.folders.outgoing, `${sent[1]}.pdf.enc`));

    const pumped = Date.now();
    await transport.pump();
    expect(await received()).toBe(inboundBefore + 2);
    const [missing] = await db().select({ irsReplyAt: testFaxes.irsReplyAt }).from(testFaxes).where(eq(testFaxes.id, sent[1]!));
    // Tried again in half a minute from the pump (however long the pump and this check take on a busy machine).
    expect(missing!.irsReplyAt!.getTime()).toBeGreaterThan(pumped + 25_000);
  });
});
