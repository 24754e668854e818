import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { crashDataDir, crashDatabase, crashServers, waitFor } from '#tests/support/crash-processes.ts';
import { adminSession, fileByFax, signedOrders, waitUntilFaxed } from '#tests/support/fax-crash.ts';
import { testDatabaseKinds } from '#tests/support/database.ts';
import type { FaultPoint } from '../faults';

// The fax outbox with the built-in test transport on real server processes, killed with SIGKILL at
// every step of a send at once: one process holds one filing at each step (claimed; its attempt's key
// written down; the fax's document written, its details not; both written, the fax not recorded by the
// transport; the transport's answer not yet recorded by the outbox), and one more goes through. A
// second process on the same data must send each SS-4 exactly once, and lose none.

const steps: FaultPoint[] = ['fax-claimed', 'fax-attempt-recorded', 'fax-document-written', 'fax-details-written', 'fax-sent'];

// A claim that outlives the test: only the release at start-up (embedded) or its running out lets the second process send.
const servers = crashServers({ OUTBOX_CLAIM_SECONDS: '600', TEST_FAX_IRS_REPLY_SECONDS: 'off' });

/** The transport's outgoing folder: each fax's details (`<id>.json`, with its order) and documents (`<id>.pdf.enc`). */
function outgoing(dataDir: string) {
  const folder = path.join(dataDir, 'fax', 'outgoing');
  const names = existsSync(folder) ? readdirSync(folder) : [];
  const ids = (suffix: string) => names.filter((name) => name.endsWith(suffix) && !name.startsWith('.')).map((name) => name.slice(0, -suffix.length)).sort();
  const details = ids('.json').map((id) => ({ id, orderId: (JSON.parse(readFileSync(path.join(folder, `${id}.json`), 'utf8')) as { orderId: number }).orderId }));
  return { details, documents: ids('.pdf.enc') };
}

/** How many faxes each order got. */
const faxesPerOrder = (dataDir: string, orderIds: number[]) =>
  orderIds.map((orderId) => outgoing(dataDir).details.filter((fax) => fax.orderId === orderId).length);

describe.each(testDatabaseKinds)('the fax outbox after kill -9 with the test transport (%s)', (kind) => {
  it('sends each SS-4 exactly once when the process dies at each step of a send', { timeout: 600_000 }, async () => {
    const database = await crashDatabase(kind);
    try {
      const dataDir = crashDataDir('ein-fax-crash-', kind);
      const first = await servers.start(dataDir, { ...database.env, TEST_PAUSE_ONCE_AT: steps.join(',') });
      const cookie = await adminSession(first);
      const orderIds = await signedOrders(first, dataDir, cookie, steps.length + 1);

      // One filing at a time: each stops at the next step not yet taken, and the last goes through.
      for (const [index, orderId] of orderIds.entries()) {
        fileByFax(first, cookie, orderId);
        if (index < steps.length) await waitFor(`a send stopped at ${steps[index]}`, first.pauses, (count) => count > index, 90);
        else await waitUntilFaxed(first, cookie, [orderId]);
      }
      expect(first.pausedAt()).toEqual(steps);
      // What the kill leaves: a document without details (cut short mid-write), details the transport
      // never recorded, a fax the outbox never recorded, and the one that went through.
      const left = outgoing(dataDir);
      expect(left.documents).toHaveLength(4);
      expect(left.details.map((fax) => fax.orderId).sort((a, b) => a - b)).toEqual(orderIds.slice(3));
      await servers.kill(first);

      // On PostgreSQL the dead process's claims run out (the embedded database releases them at start-up).
      await database.sql(`update filings set claimed_until = now() where claimed_until > now()`);
      const second = await servers.start(dataDir, database.env);
      await waitUntilFaxed(second, cookie, orderIds);
      // A few more passes of the worker send nothing more.
      await sleep(3000);

      expect(faxesPerOrder(dataDir, orderIds)).toEqual(orderIds.map(() => 1));
      const after = outgoing(dataDir);
      expect(after.documents).toEqual(after.details.map((fax) => fax.id));
      await servers.kill(second);
    } finally {
      await database.drop();
    }
  });
});
