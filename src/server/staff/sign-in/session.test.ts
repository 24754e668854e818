// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { auditLog, session } from '#server/db/index.ts';
import { newClientAddress, sessionCookieOf, signInThroughBothSteps, staffInject, startStaffTestApp, testOrigin, withStaffApp } from '#tests/support/staff-app.ts';
import { createStaffMember } from '#tests/factories/staff.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { sessionLimits } from '#shared/staff/session.ts';
import { refusedSignInMinMs, signInThrottle } from './sign-in-throttle';
import { ensureFirstAdmin } from '../users/admin-accounts';
import { designeeEnv } from '#tests/support/designee-env.ts';

describe.each(testDatabaseKinds)('staff sign-in and session on %s', (kind) => {
  const harness = withStaffApp(kind);

  function postSession(payload: unknown, { address = newClientAddress(), origin = testOrigin }: { address?: string; origin?: string | null } = {}) {
    return harness.app.inject({
      method: 'POST',
      url: '/api/manage/session',
      headers: origin ? { origin } : {},
      remoteAddress: address,
      payload: payload as Record<string, unknown>,
    });
  }

  async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
    const started = performance.now();
    const result = await run();
    return { result, ms: performance.now() - started };
  }

  async function auditActions(target: string): Promise<string[]> {
    const rows = await harness.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, target)).orderBy(desc(auditLog.id));
    return rows.map((row) => row.action);
  }

  it('signs in with the right password: an HttpOnly, SameSite=Lax session cookie, the user, and an audit row', async () => {
    const admin = await createStaffMember(harness.services, { role: 'admin', name: 'Ada Admin' });
    const response = await signInThroughBothSteps(harness.app, { ...admin, email: admin.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({
      user: { id: admin.id, name: 'Ada Admin', email: admin.email, role: 'admin', notificationEnabled: true, priorityFulfiller: false },
      required: null,
      twoFactorEnabled: true,
    });
    const cookie = [response.headers['set-cookie']].flat().find((value) => value?.startsWith('ein_staff.session_token='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Max-Age=1800/);
    expect(cookie).not.toMatch(/; Secure/);
    expect(response.body).not.toContain(admin.password);

    const me = await staffInject(harness.app, sessionCookieOf(response), 'GET', '/api/manage/session');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { id: admin.id, role: 'admin' } });
    expect(await auditActions(`user:${admin.id}`)).toContain('sign_in');
  });

  it('answers a wrong password and an unknown e-mail alike, neither sooner than the floor', async () => {
    const member = await createStaffMember(harness.services);
    const wrong = await timed(() => postSession({ email: member.email, password: 'not-the-password' }));
    const unknown = await timed(() => postSession({ email: 'nobody-here@example.com', password: 'not-the-password' }));
    for (const { result, ms } of [wrong, unknown]) {
      expect(result.statusCode).toBe(401);
      expect(result.json()).toStrictEqual({ error: { code: 'invalid_credentials', message: staffMessages.invalidCredentials } });
      expect(result.headers['set-cookie']).toBeUndefined();
      expect(ms).toBeGreaterThanOrEqual(refusedSignInMinMs - 5);
    }
    expect(await auditActions(member.email)).toContain('sign_in_failed');
    expect(await auditActions('nobody-here@example.com')).toContain('sign_in_failed');
  });

  it('throttles an account after 5 failures, known or unknown alike, even with the right password then', async () => {
    const member = await createStaffMember(harness.services);
    // Each refusal takes the 400 ms floor: the failures are sent together, as a guesser would.
    const failures = await Promise.all(
      [member.email, 'ghost-account@example.com'].flatMap((email) =>
        Array.from({ length: signInThrottle.maxChecksPerAccount }, () => postSession({ email, password: 'wrong-password' })),
      ),
    );
    expect(failures.map((response) => response.statusCode)).toStrictEqual(Array(2 * signInThrottle.maxChecksPerAccount).fill(401));
    const blocked = await postSession({ email: member.email, password: member.password });
    const blockedUnknown = await postSession({ email: 'ghost-account@example.com', password: 'wrong-password' });
    for (const response of [blocked, blockedUnknown]) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toStrictEqual({ error: { code: 'rate_limited', message: staffMessages.tooManySignInAttempts } });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  it('throttles an address after 20 failures over any accounts, and not another address', async () => {
    const address = newClientAddress();
    const failures = await Promise.all(
      Array.from({ length: signInThrottle.maxChecksPerAddress }, (_, attempt) => postSession({ email: `guess${attempt}@example.com`, password: 'wrong-password' }, { address })),
    );
    expect(failures.map((response) => response.statusCode)).toStrictEqual(Array(signInThrottle.maxChecksPerAddress).fill(401));
    const member = await createStaffMember(harness.services);
    expect((await postSession({ email: member.email, password: member.password }, { address })).statusCode).toBe(429);
    expect((await postSession({ email: member.email, password: member.password })).statusCode).toBe(200);
  });

  it('a successful sign-in starts its address’s count again, and gives back the check it used', async () => {
    const member = await createStaffMember(harness.services);
    const address = newClientAddress();
    for (let round = 0; round < 3; round += 1) {
      const failures = await Promise.all(
        Array.from({ length: signInThrottle.maxChecksPerAccountAndAddress - 1 }, () => postSession({ email: member.email, password: 'wrong-password' }, { address })),
      );
      expect(failures.map((response) => response.statusCode)).toStrictEqual(Array(signInThrottle.maxChecksPerAccountAndAddress - 1).fill(401));
      expect((await postSession({ email: member.email, password: member.password }, { address })).statusCode).toBe(200);
    }
  });

  it('refuses a suspended account with the spec message only when the password is right', async () => {
    const member = await createStaffMember(harness.services, { suspended: true });
    const right = await postSession({ email: member.email, password: member.password });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toStrictEqual({ error: { code: 'account_suspended', message: staffMessages.suspended } });
    expect(right.headers['set-cookie']).toBeUndefined();
    const wrong = await postSession({ email: member.email, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(staffMessages.invalidCredentials);
    const sessions = await harness.database.db.select().from(session).where(eq(session.userId, member.id));
    expect(sessions).toHaveLength(0);
  });

  it('refuses an account without a staff role and leaves no session behind', async () => {
    const member = await createStaffMember(harness.services, { role: 'none' });
    const response = await signInThroughBothSteps(harness.app, member);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(staffMessages.accessDenied);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await harness.database.db.select().from(session).where(eq(session.userId, member.id))).toHaveLength(0);
    expect(await auditActions(`user:${member.id}`)).toContain('access_denied');
  });

  it('ends a session suspended or stripped of its role after sign-in, at its next request', async () => {
    const member = await createStaffMember(harness.services);
    const response = await signInThroughBothSteps(harness.app, member);
    const cookie = sessionCookieOf(response);
    await harness.database.db.execute(sql`update "user" set banned = true where id = ${member.id}`);
    const suspended = await staffInject(harness.app, cookie, 'GET', '/api/manage/session');
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().error.message).toBe(staffMessages.suspended);
    await harness.database.db.execute(sql`update "user" set banned = false where id = ${member.id}`);
    expect((await staffInject(harness.app, cookie, 'GET', '/api/manage/session')).statusCode).toBe(401);
  });

  it('refuses a session idle for more than 30 minutes', async () => {
    const member = await createStaffMember(harness.services);
    const cookie = sessionCookieOf(await signInThroughBothSteps(harness.app, member));
    await harness.database.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, member.id));
    expect((await staffInject(harness.app, cookie, 'GET', '/api/manage/session')).statusCode).toBe(401);
  });

  it('refreshes an active session’s idle limit, but ends it 12 hours after sign-in', async () => {
    const member = await createStaffMember(harness.services);
    const cookie = sessionCookieOf(await signInThroughBothSteps(harness.app, member));
    // Last refreshed 20 minutes ago: the request extends it to 30 minutes from now.
    await harness.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 10 * 60 * 1000), updatedAt: new Date(Date.now() - 20 * 60 * 1000) })
      .where(eq(session.userId, member.id));
    expect((await staffInject(harness.app, cookie, 'GET', '/api/manage/session')).statusCode).toBe(200);
    const [refreshed] = await harness.database.db.select().from(session).where(eq(session.userId, member.id));
    expect(refreshed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + sessionLimits.idleMs - 60_000);

    await harness.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - sessionLimits.absoluteMs - 1000) })
      .where(eq(session.userId, member.id));
    const expired = await staffInject(harness.app, cookie, 'GET', '/api/manage/session');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(staffMessages.sessionExpired);
    expect(await harness.database.db.select().from(session).where(eq(session.userId, member.id))).toHaveLength(0);
  });

  it('signs out: the cookie is cleared and the session gone', async () => {
    const member = await createStaffMember(harness.services);
    const cookie = sessionCookieOf(await signInThroughBothSteps(harness.app, member));
    const out = await staffInject(harness.app, cookie, 'DELETE', '/api/manage/session');
    expect(out.statusCode).toBe(204);
    expect([out.headers['set-cookie']].flat().join('\n')).toMatch(/ein_staff\.session_token=; Max-Age=0/);
    expect((await staffInject(harness.app, cookie, 'GET', '/api/manage/session')).statusCode).toBe(401);
    expect(await auditActions(`user:${member.id}`)).toContain('sign_out');
    // Signing out again, or without a session, has nothing to end.
    expect((await staffInject(harness.app, cookie, 'DELETE', '/api/manage/session')).statusCode).toBe(401);
    expect((await staffInject(harness.app, null, 'DELETE', '/api/manage/session')).statusCode).toBe(401);
  });

  it('refuses state-changing staff requests from another origin or without one, and changes nothing', async () => {
    const member = await createStaffMember(harness.services);
    const before = await harness.database.db.select().from(session).where(eq(session.userId, member.id));
    for (const origin of [null, 'https://evil.example.com', 'http://localhost.evil.example.com']) {
      const response = await postSession({ email: member.email, password: member.password }, { origin });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(staffMessages.crossOrigin);
    }
    expect(await harness.database.db.select().from(session).where(eq(session.userId, member.id))).toHaveLength(before.length);
  });

  it('answers field messages for a malformed sign-in, and 401 without a session', async () => {
    const empty = await postSession({ email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toStrictEqual({ email: [staffMessages.emailRequired], password: [staffMessages.passwordRequired] });
    expect((await postSession({ email: 'a@example.com', password: 'x', extra: 1 })).statusCode).toBe(400);
    const anonymous = await staffInject(harness.app, null, 'GET', '/api/manage/session');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(staffMessages.notAuthenticated);
    const forged = await staffInject(harness.app, 'ein_staff.session_token=forged.value', 'GET', '/api/manage/session');
    expect(forged.statusCode).toBe(401);
  });

  it('stores argon2id hashes, never the password', async () => {
    const member = await createStaffMember(harness.services, { password: 'plain-text-secret' });
    const result = await harness.database.db.execute(sql`select password from account where user_id = ${member.id} and provider_id = 'credential'`);
    const stored = (result.rows[0] as { password: string }).password;
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain('plain-text-secret');
  });
});

describe.each(testDatabaseKinds)('the first admin on %s', (kind) => {
  // A database of its own is opened here, slow on a busy machine.
  it('is made once on an empty database, from the given e-mail and password, or with a generated one', { timeout: 60_000 }, async () => {
    const database = await openTestDatabase(kind);
    const harness = await startStaffTestApp(database);
    try {
      const made = await ensureFirstAdmin(database, { email: 'Owner@Example.com', password: 'first-admin-pw' });
      expect(made).toStrictEqual({ email: 'owner@example.com', password: 'first-admin-pw', generated: false });
      expect(await ensureFirstAdmin(database, {})).toBeNull();
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/manage/session',
        headers: { origin: testOrigin },
        payload: { email: 'owner@example.com', password: 'first-admin-pw' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.role).toBe('admin');
      // The operator chose this password: nothing says it was generated, nor asks to change it.
      expect(response.json().required).not.toBe('password_change');
      expect(response.json()).not.toHaveProperty('passwordChange');
    } finally {
      await harness.close();
      await database.close();
    }

    const fresh = await openTestDatabase(kind);
    const second = await startStaffTestApp(fresh);
    try {
      const generated = await ensureFirstAdmin(fresh, {});
      expect(generated?.generated).toBe(true);
      expect(generated?.password).toMatch(/^[A-Za-z0-9]{20}$/);
      const response = await second.app.inject({
        method: 'POST',
        url: '/api/manage/session',
        headers: { origin: testOrigin },
        payload: { email: generated!.email, password: generated!.password },
      });
      expect(response.statusCode).toBe(200);
      // The first sign-in says why a new password is asked for: this one was generated at start-up.
      expect(response.json()).toMatchObject({ required: 'password_change', passwordChange: 'generated_at_start_up' });
      const session = await staffInject(second.app, sessionCookieOf(response), 'GET', '/api/manage/session');
      expect(session.json()).toMatchObject({ required: 'password_change', passwordChange: 'generated_at_start_up' });
    } finally {
      await second.close();
      await fresh.close();
    }
  });
});

describe('production cookies', () => {
  const harness = withStaffApp('pglite', { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://ein.example.com', ...designeeEnv } });

  it('are Secure with the __Secure- prefix', async () => {
    // Not enrolled, so the password step itself sets the session cookie (kept to setting up two-factor sign-in).
    const member = await createStaffMember(harness.services, { enrolled: false });
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/manage/session',
      headers: { origin: 'https://ein.example.com' },
      payload: { email: member.email, password: member.password },
    });
    expect(response.statusCode).toBe(200);
    const cookie = [response.headers['set-cookie']].flat().find((value) => value?.includes('session_token='));
    expect(cookie).toMatch(/^__Secure-ein_staff\.session_token=.*; Secure/);
  });
});

