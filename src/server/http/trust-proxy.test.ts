// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../db';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { signIn, testOrigin, withStaffApp, type StaffTestApp } from '#tests/support/staff-app.ts';
import { createStaffMember } from '#tests/factories/staff.ts';
import { loadEnv, parseTrustProxy } from '../env';
import { trackingLookupsPerMinute } from '../tracking';

// TRUST_PROXY (finding 8): a hop count or the proxies' addresses; the client's address is read from
// the right of X-Forwarded-For, so what a client writes on the left changes nothing.

describe('parseTrustProxy', () => {
  it('reads nothing, a hop count or a list of addresses and ranges', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses true, a range that is not one, and junk, with a message that says what to set', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', DATA_DIR: tmpdir(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would believe any X-Forwarded-For.*number of proxies/);
    for (const value of ['10.0.0.0/33', '300.1.1.1', 'proxy.example.com', '1.2.3.4/8/2', '::1/129', ',', '11']) {
      expect(typeof parseTrustProxy(value), value).toBe('string');
    }
  });
});

describe('a spoofed X-Forwarded-For', () => {
  // One database; each test starts an app of its own on it, with the TRUST_PROXY it is about.
  const fixture = withStaffApp('pglite');

  async function withApp(trustProxy: string, run: (harness: StaffTestApp) => Promise<void>) {
    const harness = await fixture.startAnotherApp({ env: { TRUST_PROXY: trustProxy } });
    try {
      await run(harness);
    } finally {
      await harness.close();
    }
  }

  /** Tracking lookups from one client behind `proxy`, each with a different forged left-hand address. */
  async function lookups(harness: StaffTestApp, trackingNumber: string, client: string, proxy: string, forwardedBy?: string) {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= trackingLookupsPerMinute; attempt += 1) {
      const forwarded = [`192.0.2.${attempt + 1}`, client, ...(forwardedBy ? [forwardedBy] : [])].join(', ');
      const response = await harness.app.inject({ method: 'GET', url: `/api/track/${trackingNumber}`, remoteAddress: proxy, headers: { 'x-forwarded-for': forwarded } });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('with one trusted hop, the limit counts the address the proxy saw, not the forged ones', async () => {
    const order = await createPaidOrder(fixture.database.db);
    await withApp('1', async (harness) => {
      const statuses = await lookups(harness, order.applicationId, '198.51.100.61', '10.1.1.1');
      expect(statuses.slice(0, trackingLookupsPerMinute).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Another client behind the same proxy is counted on its own.
      const other = await lookups(harness, order.applicationId, '198.51.100.66', '10.1.1.1');
      expect(other[0]).toBe(200);
    });
  });

  it('with a list of proxies, hops through both and stops at the first untrusted address', async () => {
    const order = await createPaidOrder(fixture.database.db);
    await withApp('10.0.0.0/8,127.0.0.1', async (harness) => {
      const statuses = await lookups(harness, order.applicationId, '198.51.100.62', '10.2.2.2', '10.3.3.3');
      expect(statuses.at(-1)).toBe(429);
      // A different real client behind the same proxies still has its own allowance.
      const other = await lookups(harness, order.applicationId, '198.51.100.63', '10.2.2.2', '10.3.3.3');
      expect(other[0]).toBe(200);
    });
  });

  it('without TRUST_PROXY the header is ignored and the socket address counts', async () => {
    const order = await createPaidOrder(fixture.database.db);
    await withApp('', async (harness) => {
      const statuses = await lookups(harness, order.applicationId, '198.51.100.64', '10.4.4.4');
      expect(statuses.at(-1)).toBe(429);
      const fromElsewhere = await harness.app.inject({ method: 'GET', url: `/api/track/${order.applicationId}`, remoteAddress: '10.4.4.5', headers: { 'x-forwarded-for': '10.4.4.4' } });
      expect(fromElsewhere.statusCode).toBe(200);
    });
  });

  it('the audit log records the address the proxy saw', async () => {
    await withApp('1', async (harness) => {
      const admin = await createStaffMember(harness.services, { role: 'admin' });
      const cookie = await signIn(harness.app, admin);
      const order = await createPaidOrder(fixture.database.db, { assignedTo: admin.id, assignedAt: new Date() });
      const response = await harness.app.inject({
        method: 'POST',
        url: `/api/manage/orders/${order.id}/ssn`,
        remoteAddress: '10.5.5.5',
        headers: { cookie, origin: testOrigin, 'x-forwarded-for': '6.6.6.6, 198.51.100.65' },
      });
      expect(response.statusCode).toBe(200);
      const [row] = await fixture.database.db.select().from(auditLog).where(eq(auditLog.action, 'ssn_revealed')).orderBy(desc(auditLog.id)).limit(1);
      expect(row?.ipAddress).toBe('198.51.100.65');
    });
  });
});
