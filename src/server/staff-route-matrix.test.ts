// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder, type Order } from '#tests/factories/orders.ts';
import { createStaffMember, type TestStaffMember } from '#tests/factories/staff.ts';
import { signIn, staffInject, withStaffApp } from '#tests/support/staff-app.ts';
import { auditLog, session, user } from './db';
import type { DeclaredStaffRoute } from './staff';
import { can, canSeeOrder, staffRoleTable, type MappedRole } from '#shared/staff/permissions.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';

// The authorization matrix, generated from the routes' own declarations: every route that declares
// staff access, as registered by the app, against every role of the permission map and three callers
// who are not members (none, suspended, a session past its 12 hours). What each cell must answer is
// derived from the declaration and the map alone, so a new role or a new route adds its rows here
// without a line of test. A call the guard lets through is checked only for having passed it: no
// refusal of the guard's own (401, 403 `permission_denied` or `access_denied`, the hidden order's 404)
// and no `access_denied` row in the audit trail. Routes about an order are called on an order assigned
// to the caller and on one assigned to someone else.

type Caller = 'anonymous' | 'suspended' | 'stale' | MappedRole;
const roles = Object.keys(staffRoleTable) as MappedRole[];
const callers: Caller[] = ['anonymous', 'suspended', 'stale', ...roles];

type Cell = { route: DeclaredStaffRoute; order: 'own' | 'other' | null };

type Expected = { passes: true } | { passes: false; statuses: number[]; codes: string[]; orderHidden?: boolean } | { endsSession: true };

/** The guard's refusals other than a missing permission (which the action's own rules may also answer, as the lifecycle does). */
const sessionCodes = ['unauthorized', 'session_expired', 'account_suspended', 'access_denied'];

/** What `caller` must get from the cell, from the declaration and the permission map. */
function expectedFor({ route, order }: Cell, caller: Caller, memberId: string): Expected {
  const { access } = route;
  // The sign-out runs no guard: it ends whatever session the cookie names, and says so in its own words.
  if (access.endsSession) return { endsSession: true };
  if (caller === 'anonymous') return { passes: false, statuses: [401], codes: ['unauthorized'] };
  // Better Auth may already refuse a banned member's session (401) before the guard says so (403).
  if (caller === 'suspended') return { passes: false, statuses: [401, 403], codes: ['account_suspended', 'unauthorized'] };
  if (caller === 'stale') return { passes: false, statuses: [401], codes: ['session_expired'] };
  const member = { id: memberId, role: caller };
  if (access.permission && !can(member, access.permission)) return { passes: false, statuses: [403], codes: ['permission_denied'] };
  if (order && !canSeeOrder(member, { assignedTo: order === 'own' ? memberId : 'someone-else' })) return { passes: false, statuses: [404], codes: ['not_found'], orderHidden: true };
  return { passes: true };
}

describe.each(testDatabaseKinds)('the authorization matrix of every declared staff route on %s', (kind) => {
  // Listening too, for the event stream, which `inject` cannot end.
  const harness = withStaffApp(kind, { listen: true });
  const members = new Map<Caller, TestStaffMember & { cookie?: string }>();
  const ownOrders = new Map<Caller, Order>();
  let otherOrder: Order;
  let cells: Cell[] = [];
  /** The routes that answer an event stream (`METHOD /path/:id`), called over HTTP and closed once they answer. */
  let streams = new Set<string>();

  beforeAll(async () => {
    const colleague = await createStaffMember(harness.services, { role: 'fulfiller' });
    otherOrder = await createPaidOrder(harness.database.db, { assignedTo: colleague.id, assignedAt: new Date(), application: { company: { companyName: 'Hidden Holdings LLC' } } });
    for (const caller of callers) {
      if (caller === 'anonymous') continue;
      const member = await createStaffMember(harness.services, { role: caller === 'suspended' || caller === 'stale' ? 'admin' : caller });
      members.set(caller, roles.includes(caller as MappedRole) ? { ...member, cookie: await signIn(harness.app, member) } : member);
      ownOrders.set(caller, await createPaidOrder(harness.database.db, { assignedTo: member.id, assignedAt: new Date() }));
    }
    const document = harness.app.swagger() as { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>> };
    streams = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => 'text/event-stream' in (operation.responses?.['200']?.content ?? {}))
          .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const declared = harness.services.guards.declaredRoutes();
    cells = declared.flatMap((route): Cell[] => (route.access.order ? [{ route, order: 'own' }, { route, order: 'other' }] : [{ route, order: null }]));
  });

  /** A cookie for the caller: a member's own session, or one made for this call (suspended, stale, or a session the sign-out ends). */
  async function cookieFor(caller: Caller, route: DeclaredStaffRoute): Promise<string | null> {
    if (caller === 'anonymous') return null;
    const member = members.get(caller)!;
    if (caller === 'suspended') {
      await harness.database.db.update(user).set({ banned: false }).where(eq(user.id, member.id));
      const cookie = await signIn(harness.app, member);
      await harness.database.db.update(user).set({ banned: true }).where(eq(user.id, member.id));
      return cookie;
    }
    if (caller === 'stale' || route.access.endsSession) {
      const cookie = await signIn(harness.app, member);
      if (caller === 'stale') {
        const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
        await harness.database.db.update(session).set({ createdAt: sql`now() - interval '13 hours'` }).where(eq(session.token, token));
      }
      return cookie;
    }
    return member.cookie ?? null;
  }

  /** The address with its parameters filled: the cell's order for `:id` of an order route, else ids nobody has. */
  function urlOf({ route, order }: Cell, caller: Caller): string {
    const orderId = order === 'own' ? ownOrders.get(caller)?.id ?? otherOrder.id : otherOrder.id;
    return route.url.replace(/:(\w+)/g, (_match: string, name: string) => (name === 'id' && route.access.order ? String(orderId) : name === 'page' ? '1' : '999999'));
  }

  /** An event stream's answer: its status, and its body only when it refused (an open stream is closed at once). */
  async function openStream(url: string, cookie: string | null): Promise<{ statusCode: number; body: string }> {
    const controller = new AbortController();
    const response = await fetch(`${harness.baseUrl}${url}`, { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) }, signal: controller.signal });
    const body = response.ok ? '' : await response.text();
    controller.abort();
    return { statusCode: response.status, body };
  }

  /** The audit trail's last row, and the refusals it records after it: the guard audits each one it makes. */
  const lastAuditId = async () => (await harness.database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog))[0]!.id;
  const deniedRows = async (after: number) => harness.database.db.$count(auditLog, and(eq(auditLog.action, 'access_denied'), gt(auditLog.id, after)));

  it('covers every route of the API document that a staff session opens, each by its own declaration', () => {
    const document = harness.app.swagger() as { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security?.some((scheme) => 'staffSession' in scheme))
        .map(([method, _operation]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const declared = harness.services.guards.declaredRoutes().map((route) => `${route.method} ${route.url}`);
    expect(documented.length).toBeGreaterThan(40);
    expect([...declared].sort()).toEqual([...documented].sort());
    // And every route under /api/manage is one of them (the sign-in's own steps excepted: they make the session).
    for (const route of documented) expect(route.includes('/api/manage') || route.includes('/api/openapi')).toBe(true);
    // What no declaration may leave out: a route about an order checks that order, and a change names its permission
    // (the member's own account and session excepted: every member may act on their own).
    for (const { method, url, access } of harness.services.guards.declaredRoutes()) {
      if (url.startsWith('/api/manage/orders/:id')) expect(access.order, `${method} ${url}`).toBe(true);
      const own = url.startsWith('/api/manage/account') || url.startsWith('/api/manage/session');
      if (method !== 'GET' && !own) expect(access.permission, `${method} ${url}`).toBeDefined();
    }
  });

  it('answers each cell as the declaration and the permission map say', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let checked = 0;
    // The sign-out last: it ends the session it is called with.
    const ordered = [...cells].sort((a, b) => Number(Boolean(a.route.access.endsSession)) - Number(Boolean(b.route.access.endsSession)));
    for (const cell of ordered) {
      for (const caller of callers) {
        const memberId = members.get(caller)?.id ?? 'nobody';
        const expected = expectedFor(cell, caller, memberId);
        const url = urlOf(cell, caller);
        const cookie = await cookieFor(caller, cell.route);
        const since = Number(await lastAuditId());
        const response = streams.has(`${cell.route.method} ${cell.route.url}`)
          ? await openStream(url, cookie)
          : await staffInject(harness.app, cookie, cell.route.method as 'GET', url, cell.route.method === 'GET' || cell.route.method === 'DELETE' ? undefined : {});
        checked += 1;
        const name = `${cell.route.method} ${url}${cell.order ? ` (${cell.order} order)` : ''} as ${caller}`;
        const code = response.statusCode >= 400 ? (JSON.parse(response.body) as { error?: { code?: string; message?: string } }).error : undefined;
        if ('endsSession' in expected) {
          if (response.statusCode >= 500 || (roles.includes(caller as MappedRole) && response.statusCode !== 204)) failures.push(`${name}: ${response.statusCode}`);
        } else if (expected.passes) {
          const refusedByGuard =
            response.statusCode === 401 ||
            (code?.code !== undefined && sessionCodes.includes(code.code)) ||
            (cell.order !== null && response.statusCode === 404 && code?.message === staffMessages.orderNotFound) ||
            (await deniedRows(since)) > 0;
          if (refusedByGuard) failures.push(`${name}: refused (${response.statusCode} ${response.body.slice(0, 120)}), expected to pass the guard`);
        } else {
          const ok = expected.statuses.includes(response.statusCode) && code?.code !== undefined && expected.codes.includes(code.code);
          if (!ok) failures.push(`${name}: ${response.statusCode} ${response.body.slice(0, 120)}, expected ${expected.statuses.join('/')} ${expected.codes.join('/')}`);
          // A refusal says nothing of the order it hides.
          for (const secret of [otherOrder.applicationId, otherOrder.billingEmail ?? '', 'Hidden Holdings LLC'].filter(Boolean)) {
            if (response.body.includes(secret)) failures.push(`${name}: the refusal shows ${secret}`);
          }
          if (expected.orderHidden && (await deniedRows(since)) === 0) failures.push(`${name}: the hidden order's refusal was not audited`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(cells.length * callers.length);
  });
});
