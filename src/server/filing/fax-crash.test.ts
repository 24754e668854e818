import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { crashServers, waitFor, type CrashServer } from '../../../tests/support/crash-processes';
import type { OrderDetailResponse } from '../../shared/fulfilment/orders';
import { signingConsents } from '../../shared/signing/signing';

// Crash tests of the fax outbox on real server processes: killed with SIGKILL right after a filing's
// claim (nothing sent yet), or right after the provider took the fax (its id not yet written down),
// then started again on the same data folder. Each SS-4 must go out exactly once.

// A claim that outlives the test: only the release at start-up lets the restarted server send at once.
const servers = crashServers({ OUTBOX_CLAIM_SECONDS: '600', TEST_FAX_IRS_REPLY_SECONDS: 'off' });
const startServer = servers.start;
const kill = servers.kill;

/** The faxes the test transport sent: each `<id>.json` beside its PDF, as `{ orderId, to }`. */
function sentFaxes(dataDir: string): { orderId: number; to: string }[] {
  const folder = path.join(dataDir, 'fax', 'outgoing');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as { orderId: number; to: string });
}

function signingLinks(dataDir: string): string[] {
  const folder = path.join(dataDir, 'mail');
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((file) =>
    [...readFileSync(path.join(folder, file), 'utf8').replace(/=\r?\n/g, '').matchAll(/\/sign\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!),
  );
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** An admin's session on `server`, and `count` orders signed through their links. */
async function signedOrders(server: CrashServer, dataDir: string, count: number): Promise<{ cookie: string; orderIds: number[] }> {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.base, ...headers }, body: JSON.stringify(body) });
  const admin = await json<{ email: string; password: string; totpSecret: string | null }>(await post('/api/test-support/staff', { role: 'admin' }));
  const session = await post('/api/test-support/sessions', { email: admin.email, password: admin.password, totpSecret: admin.totpSecret });
  expect(session.status).toBe(204);
  const cookie = (session.headers.getSetCookie() ?? []).map((line) => line.split(';')[0]).join('; ');
  const orderIds: number[] = [];
  for (let index = 0; index < count; index += 1) {
    // A responsible party of its own each: the IRS's one-a-day rule would hold a second filing of one.
    const ssn = `1234500${String(index + 1).padStart(2, '0')}`;
    const { orderId } = await json<{ orderId: number }>(await post('/api/test-support/orders', { application: { contact: { rpSSN: ssn } } }));
    const before = signingLinks(dataDir).length;
    expect((await post(`/api/manage/orders/${orderId}/signature-requests`, {}, { cookie })).status).toBe(200);
    const token = (await waitFor('the signing link', () => signingLinks(dataDir), (links) => links.length > before)).at(-1)!;
    const verified = await post(`/api/sign/${token}/verify`, { ssnLast4: ssn.slice(-4) });
    expect(verified.status).toBe(200);
    const signingCookie = (verified.headers.get('set-cookie') ?? '').split(';')[0]!;
    const consents = { electronic: signingConsents.electronic.version, perjury: signingConsents.perjury.version, designee: signingConsents.designee.version };
    const signed = await post(`/api/sign/${token}/sign`, { name: 'John Public', title: 'Owner', signature: { kind: 'typed' }, consents }, { cookie: signingCookie });
    expect(signed.status, await signed.clone().text()).toBe(200);
    orderIds.push(orderId);
  }
  return { cookie, orderIds };
}

async function filingOf(server: CrashServer, cookie: string, orderId: number) {
  const detail = await json<OrderDetailResponse>(await fetch(`${server.base}/api/manage/orders/${orderId}`, { headers: { cookie } }));
  return detail.order.filing?.filings[0] ?? null;
}

describe('the fax outbox after kill -9', { timeout: 400_000 }, () => {
  for (const point of ['fax-claimed', 'fax-sent'] as const) {
    it(`sends each SS-4 exactly once when the process dies at ${point}`, async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `ein-crash-${point}-`));
      const first = await startServer(dataDir, { TEST_PAUSE_AT: point });
      const { cookie, orderIds } = await signedOrders(first, dataDir, 2);
      // Each filing is committed, then its send stops at the point (the request never answers).
      for (const orderId of orderIds) {
        void fetch(`${first.base}/api/manage/orders/${orderId}/filings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: first.base, cookie },
          body: JSON.stringify({ method: 'fax' }),
        }).catch(() => {});
      }
      await waitFor(`two sends stopped at ${point}`, first.pauses, (count) => count >= 2, 90);
      expect(sentFaxes(dataDir)).toHaveLength(point === 'fax-sent' ? 2 : 0);
      await kill(first);

      const second = await startServer(dataDir);
      for (const orderId of orderIds) {
        await waitFor(`order ${orderId}'s fax recorded`, () => filingOf(second, cookie, orderId), (filing) => filing?.status === 'sending' || filing?.status === 'delivered', 90);
      }
      // A few more passes of the worker send nothing more.
      await sleep(2000);
      const sent = sentFaxes(dataDir);
      expect(sent.map((fax) => fax.orderId).sort((a, b) => a - b)).toEqual([...orderIds].sort((a, b) => a - b));
      for (const orderId of orderIds) expect((await filingOf(second, cookie, orderId))?.attempts).toBe(2);
      await kill(second);
    });
  }
});
