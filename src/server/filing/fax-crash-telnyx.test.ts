import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { crashDataDir, crashDatabase, crashServers, waitFor } from '#tests/support/crash-processes.ts';
import { adminSession, fileByFax, signedOrders, waitUntilFaxed } from '#tests/support/fax-crash.ts';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { startFakeTelnyx } from '#tests/fakes/telnyx-server.ts';
import type { FaultPoint } from '../faults';

// The fax outbox with Telnyx's SDK pointed at a local fake of its API, on real server processes killed
// with SIGKILL at every step of a send at once: one filing claimed; one with its attempt's key written
// down, not yet sent; one that Telnyx took while its answer was held on the way; one whose answer came
// and was not yet recorded; and one that goes through. A second process on the same data must ask
// Telnyx about each interrupted attempt before sending again, and each SS-4 must be faxed exactly once.

const steps: FaultPoint[] = ['fax-claimed', 'fax-attempt-recorded', 'fax-sent'];

const servers = crashServers({ OUTBOX_CLAIM_SECONDS: '600' });
const fake = await startFakeTelnyx();
afterAll(() => fake.close());

const outbound = () => [...fake.faxes.values()].filter((fax) => fax.direction === 'outbound');
const creates = () => fake.requests.filter((request) => request.method === 'POST' && request.path === '/v2/faxes');

describe.each(testDatabaseKinds)('the fax outbox after kill -9 with Telnyx (%s)', (kind) => {
  it('faxes each SS-4 exactly once when the process dies at each step of a send, asking Telnyx first', { timeout: 600_000 }, async () => {
    const database = await crashDatabase(kind);
    try {
      const dataDir = crashDataDir('ein-fax-crash-telnyx-', kind);
      const telnyx = (base: string) => ({
        ...database.env,
        FAX_PROVIDER: 'telnyx',
        TELNYX_API_KEY: fake.apiKey,
        TELNYX_PUBLIC_KEY: fake.publicKey,
        TELNYX_CONNECTION_ID: fake.connectionId,
        TELNYX_API_BASE_URL: fake.baseURL,
        // Telnyx fetches each fax's document from the process's own media link.
        PUBLIC_URL: base,
      });
      const first = await servers.start(dataDir, (base) => ({ ...telnyx(base), TEST_PAUSE_ONCE_AT: steps.join(',') }));
      const cookie = await adminSession(first);
      const orderIds = await signedOrders(first, dataDir, cookie, 5, kind === 'pglite' ? 21 : 41);
      const faxesBefore = outbound().length;
      // The first request to reach Telnyx (the third filing's) is made there, its answer held until the kill.
      fake.holdNextAnswers(1);
      const stopped = () => first.pauses() + fake.heldAnswers();

      for (const [index, orderId] of orderIds.entries()) {
        fileByFax(first, cookie, orderId);
        if (index < 4) await waitFor(`send ${index + 1} stopped`, stopped, (count) => count > index, 90);
        else await waitUntilFaxed(first, cookie, [orderId]);
      }
      expect(first.pausedAt()).toEqual(steps);
      // Telnyx holds the faxes of the three last: the held one, the unrecorded one, the one through.
      expect(outbound().length - faxesBefore).toBe(3);
      await servers.kill(first);

      await database.sql(`update filings set claimed_until = now() where claimed_until > now()`);
      const createsBefore = creates().length;
      const listsBefore = fake.requests.filter((request) => request.method === 'GET' && request.path === '/v2/faxes').length;
      const second = await servers.start(dataDir, telnyx);
      await waitUntilFaxed(second, cookie, orderIds);
      await sleep(3000);

      const made = outbound().slice(faxesBefore);
      expect(made).toHaveLength(orderIds.length);
      expect(new Set(made.map((fax) => fax.client_state)).size).toBe(orderIds.length);
      // Asked about each interrupted attempt that had a key; sent only the two Telnyx did not have.
      expect(fake.requests.filter((request) => request.method === 'GET' && request.path === '/v2/faxes').length - listsBefore).toBeGreaterThanOrEqual(3);
      const resent = creates().slice(createsBefore);
      expect(resent).toHaveLength(2);
      // The attempt cut short after its key was written is sent under that same key.
      expect(resent.every((request) => request.idempotencyKey !== null)).toBe(true);
      await servers.kill(second);
    } finally {
      await database.drop();
    }
  });
});
