// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { orders, session, testPaymentIntents, user } from './db';
import { createPaidOrder, type Order } from '#tests/factories/orders.ts';
import { can, canSeeOrder, type Permission } from '#shared/staff/permissions.ts';
import { signIn, staffInject, testOrigin, withStaffApp } from '#tests/support/staff-app.ts';
import { createStaffMember, type TestStaffMember } from '#tests/factories/staff.ts';

// Every `/api/manage` route against every kind of caller (DESIGN 8): anonymous 401; a fulfiller on
// an order not assigned to them 404 with no order data; a fulfiller on user management 403; a
// suspended user 401 or 403; an admin 2xx. Each cell is its own assertion.

type Caller = 'anonymous' | 'fulfiller' | 'suspended' | 'admin';

type Context = {
  /** The fulfiller's own order, and one assigned to someone else. */
  ownOrder: Order;
  otherOrder: Order;
  /** A fresh account the user routes may edit or delete. */
  newTarget: () => Promise<TestStaffMember>;
  fulfiller: TestStaffMember;
  /** Who makes the call being checked. */
  caller: Caller;
  /** The id of another session of the caller's own (one they may revoke), or an unknown id. */
  spareSessionOf: (caller: Caller) => Promise<string>;
  /** The e-mail address of a new customer whose only order is completed (one that may be deleted). */
  closedCustomer: () => Promise<string>;
  /** The order's version as stored now, which a save must name. */
  versionOf: (order: Order) => Promise<number>;
};

type RouteCase = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Which order the route is about, if any. */
  order?: 'own' | 'other';
  url: (context: Context, order?: Order) => Promise<string> | string;
  body?: (context: Context, order?: Order) => Promise<unknown> | unknown;
  /** What the route needs beyond a staff session: a permission of the map, or access to its order. */
  needs?: Permission;
  /** The status of an allowed call. */
  success: number;
  /** An event stream: checked over real HTTP, reading only the status and headers. */
  stream?: boolean;
};

const suspendedStatuses = [401, 403];

// The roles of the signed-in callers; what each may do comes from the permission map itself.
const callerMembers = { fulfiller: { id: 'fulfiller', role: 'fulfiller' }, admin: { id: 'admin', role: 'admin' } } as const;

/** What `caller` must get from `route`, derived from the permission map. */
function expectedFor(route: RouteCase, caller: Caller): number | number[] {
  if (caller === 'anonymous') return 401;
  if (caller === 'suspended') return suspendedStatuses;
  const member = callerMembers[caller];
  if (route.needs && !can(member, route.needs)) return 403;
  // An order someone else holds is, to whoever may not see it, an order that does not exist.
  if (route.order && !canSeeOrder(member, { assignedTo: route.order === 'own' ? member.id : 'someone-else' })) return 404;
  return route.success;
}

const orderUpdate = (order?: Order, version = order?.version ?? 1) => ({ version, status: 'preparing_ss4_form', priority: 'express', assignedTo: order?.assignedTo ?? null, notes: 'Checked the name.', ein: '' });

function orderRoutes(order: 'own' | 'other'): RouteCase[] {
  return [
    { name: `GET order (${order})`, method: 'GET', order, url: (_c, o) => `/api/manage/orders/${o!.id}`, success: 200 },
    {
      name: `PATCH order (${order})`,
      method: 'PATCH',
      order,
      url: (_c, o) => `/api/manage/orders/${o!.id}`,
      body: async (c, o) => orderUpdate(o, await c.versionOf(o!)),
      success: 200,
    },
    { name: `POST reveal SSN (${order})`, method: 'POST', order, url: (_c, o) => `/api/manage/orders/${o!.id}/ssn`, success: 200 },
    { name: `GET SS-4 PDF (${order})`, method: 'GET', order, url: (_c, o) => `/api/manage/orders/${o!.id}/ss4.pdf`, success: 200 },
    { name: `POST signature request (${order})`, method: 'POST', order, url: (_c, o) => `/api/manage/orders/${o!.id}/signature-requests`, success: 200 },
    // Allowed callers get 409 (no IRS letter yet); the filing's own tests send a link to a letter.
    { name: `POST EIN letter link (${order})`, method: 'POST', order, url: (_c, o) => `/api/manage/orders/${o!.id}/ein-letter-link`, needs: 'orders:resend-links', success: 409 },
    // Allowed callers get 404 too here (nothing is signed yet); the signing tests download a signed file.
    { name: `GET signed SS-4 PDF (${order})`, method: 'GET', order, url: (_c, o) => `/api/manage/orders/${o!.id}/ss4-signed.pdf`, success: 404 },
    // The orders' payments exist at the test processor (below), so an allowed refund is made for real.
    {
      name: `POST refund (${order})`,
      method: 'POST',
      order,
      url: (_c, o) => `/api/manage/orders/${o!.id}/refunds`,
      body: () => ({ amountCents: 100, reason: 'customer_request', note: '' }),
      needs: 'refunds:create',
      success: 200,
    },
    { name: `GET comments (${order})`, method: 'GET', order, url: (_c, o) => `/api/manage/orders/${o!.id}/comments`, success: 200 },
    {
      name: `POST comment (${order})`,
      method: 'POST',
      order,
      url: (_c, o) => `/api/manage/orders/${o!.id}/comments`,
      body: () => ({ text: 'Called the customer.' }),
      success: 201,
    },
    {
      name: `GET comment events (${order})`,
      method: 'GET',
      order,
      stream: true,
      url: (_c, o) => `/api/manage/orders/${o!.id}/comments/events`,
      success: 200,
    },
  ];
}

const routes: RouteCase[] = [
  { name: 'GET session', method: 'GET', url: () => '/api/manage/session', success: 200 },
  { name: 'GET orders', method: 'GET', url: () => '/api/manage/orders', success: 200 },
  { name: 'GET staff', method: 'GET', url: () => '/api/manage/staff', success: 200 },
  ...orderRoutes('own'),
  ...orderRoutes('other'),
  { name: 'GET users', method: 'GET', url: () => '/api/manage/users', needs: 'users:manage', success: 200 },
  {
    name: 'POST users',
    method: 'POST',
    url: () => '/api/manage/users',
    body: () => ({
      name: 'New Person',
      email: `new-${Math.random().toString(36).slice(2)}@example.com`,
      role: 'fulfiller',
      password: 'temporary pass 51 word',
      notificationEnabled: true,
      priorityFulfiller: false,
      suspended: false,
    }),
    needs: 'users:manage',
    success: 201,
  },
  {
    name: 'PATCH users/:id',
    method: 'PATCH',
    url: async (context) => `/api/manage/users/${(await context.newTarget()).id}`,
    body: () => ({ name: 'Renamed Person', email: `renamed-${Math.random().toString(36).slice(2)}@example.com`, role: 'fulfiller', password: '', notificationEnabled: false, priorityFulfiller: true, suspended: false }),
    needs: 'users:manage',
    success: 200,
  },
  {
    name: 'POST users/:id/unlock',
    method: 'POST',
    url: async (context) => `/api/manage/users/${(await context.newTarget()).id}/unlock`,
    needs: 'users:manage',
    success: 200,
  },
  {
    name: 'POST users/:id/two-factor/reset',
    method: 'POST',
    url: async (context) => `/api/manage/users/${(await context.newTarget()).id}/two-factor/reset`,
    needs: 'users:manage',
    success: 200,
  },
  {
    name: 'DELETE users/:id',
    method: 'DELETE',
    url: async (context) => `/api/manage/users/${(await context.newTarget()).id}`,
    needs: 'users:manage',
    success: 204,
  },
  { name: 'GET audit', method: 'GET', url: () => '/api/manage/audit?action=ssn_revealed', needs: 'audit:read', success: 200 },
  { name: 'GET audit.csv', method: 'GET', url: () => '/api/manage/audit.csv', needs: 'audit:read', success: 200 },
  {
    name: 'POST customer-data/lookup',
    method: 'POST',
    url: () => '/api/manage/customer-data/lookup',
    body: () => ({ email: 'own-order@example.com' }),
    needs: 'customers:data-requests',
    success: 200,
  },
  {
    name: 'POST customer-data/export',
    method: 'POST',
    url: () => '/api/manage/customer-data/export',
    body: () => ({ email: 'own-order@example.com' }),
    needs: 'customers:data-requests',
    success: 200,
  },
  {
    name: 'POST customer-data/delete',
    method: 'POST',
    url: () => '/api/manage/customer-data/delete',
    body: async (context) => ({ email: await context.closedCustomer() }),
    needs: 'customers:data-requests',
    success: 200,
  },
  { name: 'GET alerts', method: 'GET', url: () => '/api/manage/alerts', needs: 'alerts:read', success: 200 },
  { name: 'GET account', method: 'GET', url: () => '/api/manage/account', success: 200 },
  { name: 'PATCH account/alert-emails', method: 'PATCH', url: () => '/api/manage/account/alert-emails', body: () => ({ receive: true }), needs: 'alerts:read', success: 200 },
  {
    // A change that ends the caller's other sessions would end the matrix's own; the allowed cell is
    // the field check, which runs only past the guard.
    name: 'POST account/password',
    method: 'POST',
    url: () => '/api/manage/account/password',
    body: () => ({ currentPassword: 'same-password', newPassword: 'same-password' }),
    success: 400,
  },
  // The two-factor routes of the member's own account: the allowed cell is the field check (a right
  // code or password would change the caller's own session; the two-factor tests do that).
  { name: 'POST account/step-up', method: 'POST', url: () => '/api/manage/account/step-up', body: () => ({ code: '12' }), success: 400 },
  { name: 'POST account/recovery-codes', method: 'POST', url: () => '/api/manage/account/recovery-codes', body: () => ({ password: '' }), success: 400 },
  { name: 'POST account/two-factor/enrolment', method: 'POST', url: () => '/api/manage/account/two-factor/enrolment', body: () => ({ password: '' }), success: 400 },
  { name: 'POST account/two-factor/confirm', method: 'POST', url: () => '/api/manage/account/two-factor/confirm', body: () => ({ code: '' }), success: 400 },
  {
    name: 'DELETE account/sessions/:id',
    method: 'DELETE',
    url: async (context) => `/api/manage/account/sessions/${await context.spareSessionOf(context.caller)}`,
    success: 204,
  },
  // Last, since it ends the caller's session.
  { name: 'DELETE session', method: 'DELETE', url: () => '/api/manage/session', success: 204 },
];

const callers: Caller[] = ['anonymous', 'fulfiller', 'suspended', 'admin'];

describe.each(testDatabaseKinds)('authorization of every /api/manage route on %s', (kind) => {
  // Listening too, for the event stream, which `inject` cannot end.
  const harness = withStaffApp(kind, { listen: true });
  let context: Context;
  const cookies: Record<Caller, string | null> = { anonymous: null, fulfiller: null, suspended: null, admin: null };
  let suspended: TestStaffMember;

  beforeAll(async () => {
    const admin = await harness.signedIn({ role: 'admin' });
    const fulfiller = await harness.signedIn({ role: 'fulfiller' });
    const colleague = await createStaffMember(harness.services, { role: 'fulfiller' });
    suspended = await createStaffMember(harness.services, { role: 'admin' });
    const ownOrder = await createPaidOrder(harness.database.db, { assignedTo: fulfiller.id, assignedAt: new Date(), billingEmail: 'own-order@example.com' });
    const otherOrder = await createPaidOrder(harness.database.db, {
      assignedTo: colleague.id,
      assignedAt: new Date(),
      billingEmail: 'someone-elses-order@example.com',
      application: { company: { companyName: 'Hidden Holdings LLC' } },
    });
    for (const order of [ownOrder, otherOrder]) {
      await harness.database.db.insert(testPaymentIntents).values({
        id: order.paymentIntentId,
        clientSecret: `${order.paymentIntentId}_secret_matrix`,
        amountCents: order.amount,
        currency: order.currency,
        description: 'EIN Application Service',
        metadata: {},
        status: 'succeeded',
        paymentMethodType: 'card',
      });
    }
    context = {
      ownOrder,
      otherOrder,
      fulfiller,
      newTarget: () => createStaffMember(harness.services),
      closedCustomer: async () => {
        const email = `closed-${Math.random().toString(36).slice(2)}@example.com`;
        await createPaidOrder(harness.database.db, { billingEmail: email, status: 'completed', completedAt: new Date(), ein: '12-3456789' });
        return email;
      },
      caller: 'anonymous',
      versionOf: async (order) => {
        const [row] = await harness.database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, order.id));
        return row?.version ?? order.version;
      },
      spareSessionOf: async (caller) => {
        if (caller !== 'admin' && caller !== 'fulfiller') return 'no-such-session';
        const member = caller === 'admin' ? admin : fulfiller;
        const spare = await signIn(harness.app, member);
        const token = decodeURIComponent(spare.split('=')[1] ?? '').split('.')[0] ?? '';
        const [row] = await harness.database.db.select({ id: session.id }).from(session).where(eq(session.token, token));
        if (!row) throw new Error('The spare session was not stored');
        return row.id;
      },
    };
    cookies.admin = admin.cookie;
    cookies.fulfiller = fulfiller.cookie;
  });

  /** A suspended caller: signed in, then suspended (the session stays until its next request). */
  async function suspendedCookie(): Promise<string> {
    await harness.database.db.update(user).set({ banned: false }).where(eq(user.id, suspended.id));
    const cookie = await signIn(harness.app, suspended);
    await harness.database.db.update(user).set({ banned: true }).where(eq(user.id, suspended.id));
    return cookie;
  }

  async function call(route: RouteCase, caller: Caller): Promise<{ status: number; body: string }> {
    const order = route.order === 'own' ? context.ownOrder : route.order === 'other' ? context.otherOrder : undefined;
    context.caller = caller;
    const url = await route.url(context, order);
    const body = route.body ? await route.body(context, order) : undefined;
    let cookie = cookies[caller];
    if (caller === 'suspended') cookie = await suspendedCookie();
    if (route.method === 'DELETE' && url === '/api/manage/session' && caller !== 'anonymous' && caller !== 'suspended') {
      // Sign out a session of its own, so the other cells keep theirs.
      cookie = await signIn(harness.app, caller === 'admin' ? await adminOf() : context.fulfiller);
    }
    if (route.stream) {
      const controller = new AbortController();
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (cookie) headers.cookie = cookie;
      const response = await fetch(`${harness.baseUrl}${url}`, { headers, signal: controller.signal });
      const text = response.ok ? '' : await response.text();
      if (response.ok) expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      controller.abort();
      return { status: response.status, body: text };
    }
    const response = await staffInject(harness.app, cookie, route.method, url, body);
    return { status: response.statusCode, body: response.body };
  }

  let admin: TestStaffMember | null = null;
  async function adminOf(): Promise<TestStaffMember> {
    admin ??= await createStaffMember(harness.services, { role: 'admin' });
    return admin;
  }

  for (const route of routes) {
    for (const caller of callers) {
      const expected = expectedFor(route, caller);
      it(`${route.name} as ${caller}: ${Array.isArray(expected) ? expected.join(' or ') : expected}`, async () => {
        const { status, body } = await call(route, caller);
        if (Array.isArray(expected)) expect(expected).toContain(status);
        else expect(status).toBe(expected);
        if (status >= 400 || caller === 'fulfiller') {
          // A refusal carries an error; neither it nor anything a fulfiller gets holds another's order.
          if (status >= 400) expect(JSON.parse(body)).toHaveProperty('error.code');
          const secrets = [context.otherOrder.applicationId, context.otherOrder.billingEmail, 'Hidden Holdings LLC'];
          if (status >= 400) secrets.push('form_data', 'formData');
          for (const secret of secrets) expect(body).not.toContain(secret);
        }
      });
    }
  }

  it('a state-changing call from another origin is refused even with an admin session', async () => {
    const response = await harness.app.inject({
      method: 'PATCH',
      url: `/api/manage/orders/${context.otherOrder.id}`,
      headers: { cookie: cookies.admin!, origin: 'https://evil.example.com' },
      payload: orderUpdate(context.otherOrder),
    });
    expect(response.statusCode).toBe(403);
    expect(testOrigin).not.toBe('https://evil.example.com');
  });
});
