// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { auditLog, orderComments, user } from '../db';
import { createPaidOrder, type Order } from '#tests/factories/orders.ts';
import { testOrigin, withStaffApp } from '#tests/support/staff-app.ts';
import { createStaffMember } from '#tests/factories/staff.ts';
import { normalisedRequestPath } from '../staff';

// The same-origin check of `/api/manage` (DESIGN 8) on the path the router reads: however the path is
// encoded, a state-changing call with a foreign or missing Origin is refused and changes nothing.

/** Ways to write `/api/manage` that a router or a proxy may read as the staff API. */
const encodings: [string, (path: string) => string][] = [
  ['plain', (path) => path],
  ['percent-encoded letter', (path) => path.replace('/api/manage', '/api/%6danage')],
  ['upper-case escape', (path) => path.replace('/api/manage', '/api/%6Danage')],
  ['every letter encoded', (path) => path.replace('/api/manage', '/%61%70%69/%6d%61%6e%61%67%65')],
  ['encoded slash', (path) => path.replace('/api/manage', '/api%2Fmanage')],
  ['double encoding', (path) => path.replace('/api/manage', '/api/%256danage')],
  ['upper case', (path) => path.replace('/api/manage', '/API/MANAGE')],
  ['doubled slashes', (path) => path.replace('/api/manage', '//api//manage')],
];

const origins: [string, Record<string, string>][] = [
  ['a foreign Origin', { origin: 'https://evil.example.com' }],
  ['no Origin', {}],
  ['the null Origin', { origin: 'null' }],
];

describe('normalisedRequestPath', () => {
  it('decodes repeatedly, drops the query and folds case and slashes', () => {
    expect(normalisedRequestPath('/api/%256danage/users?x=%41')).toBe('/api/manage/users');
    expect(normalisedRequestPath('/API%2FManage')).toBe('/api/manage');
    expect(normalisedRequestPath('//api\\manage')).toBe('/api/manage');
    expect(normalisedRequestPath('/api/%E0%A4%A')).toBe('/api/%e0%a4%a');
  });
});

describe.each(testDatabaseKinds)('the Origin check on the routed path (%s)', (kind) => {
  const harness = withStaffApp(kind);
  let adminCookie: string;
  let order: Order;
  let targetId: string;

  beforeAll(async () => {
    const admin = await harness.signedIn({ role: 'admin' });
    targetId = (await createStaffMember(harness.services, { role: 'fulfiller' })).id;
    order = await createPaidOrder(harness.database.db, { assignedTo: admin.id, assignedAt: new Date() });
    adminCookie = admin.cookie;
  });

  const routes = (): { method: 'POST' | 'PATCH' | 'DELETE'; path: string; payload?: unknown }[] => [
    { method: 'POST', path: '/api/manage/users', payload: { name: 'Mallory Admin', email: 'mallory@example.com', role: 'admin', password: 'mallory-password', notificationEnabled: true, priorityFulfiller: false, suspended: false } },
    { method: 'PATCH', path: `/api/manage/users/${targetId}`, payload: { name: 'Renamed', email: 'renamed@example.com', role: 'admin', password: '', notificationEnabled: true, priorityFulfiller: false, suspended: false } },
    { method: 'DELETE', path: `/api/manage/users/${targetId}` },
    { method: 'PATCH', path: `/api/manage/orders/${order.id}`, payload: { status: 'cancelled', priority: 'express', assignedTo: null, notes: 'x', ein: '' } },
    { method: 'POST', path: `/api/manage/orders/${order.id}/ssn` },
    { method: 'POST', path: `/api/manage/orders/${order.id}/comments`, payload: { text: 'Forged comment' } },
    { method: 'DELETE', path: '/api/manage/session' },
  ];

  async function snapshot() {
    const [users] = await harness.database.db.select({ n: count() }).from(user);
    const [comments] = await harness.database.db.select({ n: count() }).from(orderComments);
    const [audits] = await harness.database.db.select({ n: count() }).from(auditLog);
    return { users: users?.n, comments: comments?.n, audits: audits?.n };
  }

  it('refuses every state-changing route, in every encoding, without the right Origin, and changes nothing', async () => {
    const before = await snapshot();
    let cells = 0;
    for (const route of routes()) {
      for (const [encodingName, encode] of encodings) {
        for (const [originName, originHeaders] of origins) {
          const response = await harness.app.inject({
            method: route.method,
            url: encode(route.path),
            headers: { cookie: adminCookie, ...originHeaders },
            payload: route.payload as object | undefined,
          });
          const where = `${route.method} ${encode(route.path)} (${encodingName}) with ${originName}`;
          expect(response.statusCode, where).toBe(403);
          expect(response.json(), where).toMatchObject({ error: { code: 'cross_origin' } });
          cells += 1;
        }
      }
    }
    expect(cells).toBe(routes().length * encodings.length * origins.length);
    expect(await snapshot()).toEqual(before);
    // The session was not ended by the forged sign-out either.
    const stillSignedIn = await harness.app.inject({ method: 'GET', url: '/api/manage/session', headers: { cookie: adminCookie } });
    expect(stillSignedIn.statusCode).toBe(200);
  });

  it('an encoded path reaches the staff route, so the check above is about the route and not a 404', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/%6danage/orders/${order.id}/comments`,
      headers: { cookie: adminCookie, origin: testOrigin },
      payload: { text: 'Same-origin comment through an encoded path' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('over real HTTP, a percent-encoded user creation from another site is refused', async () => {
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = harness.app.server.address() as AddressInfo;
    const body = JSON.stringify(routes()[0]!.payload);
    const before = await snapshot();
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      // `http.request` sends the path exactly as written (fetch would too, but this leaves no doubt).
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/%6danage/users',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: adminCookie, origin: 'https://evil.example.com' },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'cross_origin' } });
    expect(await snapshot()).toEqual(before);
  });
});
