import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { OrderDetailResponse } from '#shared/fulfilment/orders.ts';
import type { FilingEntry } from '#shared/filing/filing.ts';
import { signingConsents } from '#shared/signing/signing.ts';
import { waitFor, type CrashServer } from './crash-processes';

// What the fax crash tests do on a server process: orders signed through their links, a filing asked
// for each, and the filing read back as the order page shows it.

function signingLinks(dataDir: string): string[] {
  const folder = path.join(dataDir, 'mail');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.eml'))
    .flatMap((file) => [...readFileSync(path.join(folder, file), 'utf8').replace(/=\r?\n/g, '').matchAll(/\/sign\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!));
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const post = (server: CrashServer, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.base, ...headers }, body: JSON.stringify(body) });

/** An admin's session on `server`. */
export async function adminSession(server: CrashServer): Promise<string> {
  const admin = await json<{ email: string; password: string; totpSecret: string | null }>(await post(server, '/api/test-support/staff', { role: 'admin' }));
  const session = await post(server, '/api/test-support/sessions', { email: admin.email, password: admin.password, totpSecret: admin.totpSecret });
  expect(session.status).toBe(204);
  return (session.headers.getSetCookie() ?? []).map((line) => line.split(';')[0]).join('; ');
}

/** `count` orders signed through their links, each with a responsible party of its own (the IRS's one-a-day rule would hold a second filing of one). */
export async function signedOrders(server: CrashServer, dataDir: string, cookie: string, count: number, firstSsn = 1): Promise<number[]> {
  const orderIds: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const ssn = `1234500${String(firstSsn + index).padStart(2, '0')}`;
    const { orderId } = await json<{ orderId: number }>(await post(server, '/api/test-support/orders', { application: { contact: { rpSSN: ssn } } }));
    const before = signingLinks(dataDir).length;
    expect((await post(server, `/api/manage/orders/${orderId}/signature-requests`, {}, { cookie })).status).toBe(200);
    const token = (await waitFor('the signing link', () => signingLinks(dataDir), (links) => links.length > before)).at(-1)!;
    const verified = await post(server, `/api/sign/${token}/verify`, { ssnLast4: ssn.slice(-4) });
    expect(verified.status).toBe(200);
    const signingCookie = (verified.headers.get('set-cookie') ?? '').split(';')[0]!;
    const consents = { electronic: signingConsents.electronic.version, perjury: signingConsents.perjury.version, designee: signingConsents.designee.version };
    const signed = await post(server, `/api/sign/${token}/sign`, { name: 'John Public', title: 'Owner', signature: { kind: 'typed' }, consents }, { cookie: signingCookie });
    expect(signed.status, await signed.clone().text()).toBe(200);
    orderIds.push(orderId);
  }
  return orderIds;
}

/** Asks for the order's fax filing; the request may never be answered (its send stops at a fault). */
export function fileByFax(server: CrashServer, cookie: string, orderId: number): void {
  void post(server, `/api/manage/orders/${orderId}/filings`, { method: 'fax' }, { cookie }).catch(() => {});
}

export async function filingOf(server: CrashServer, cookie: string, orderId: number): Promise<FilingEntry | null> {
  const detail = await json<OrderDetailResponse>(await fetch(`${server.base}/api/manage/orders/${orderId}`, { headers: { cookie } }));
  return detail.order.filing?.filings[0] ?? null;
}

/** Waits until every order's fax is recorded as handed over (or delivered). */
export async function waitUntilFaxed(server: CrashServer, cookie: string, orderIds: number[], seconds = 150): Promise<void> {
  for (const orderId of orderIds) {
    await waitFor(`order ${orderId}'s fax recorded`, () => filingOf(server, cookie, orderId), (filing) => filing?.status === 'sending' || filing?.status === 'delivered', seconds);
  }
}
