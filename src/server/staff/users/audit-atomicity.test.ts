// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { account, auditLog, session, user } from '#server/db/index.ts';
import { signIn, staffInject, withStaffApp } from '#tests/support/staff-app.ts';
import { unstorableTextMessage } from '#shared/storable-text.ts';

// Finding 7: an account change and its audit row commit together. The audit insert is made to fail
// (a trigger refuses it); the change must then not have happened either.

const newUser = (email: string, name = 'Audited Person') => ({ name, email, role: 'admin', password: 'quiet lantern 58 harbor', notificationEnabled: true, priorityFulfiller: false, suspended: false });

describe.each(testDatabaseKinds)('account changes and their audit rows (%s)', (kind) => {
  const harness = withStaffApp(kind);
  let cookie: string;

  beforeAll(async () => {
    cookie = (await harness.signedIn({ role: 'admin' })).cookie;
    await harness.database.db.execute(sql`
      create function refuse_audit() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from audit_log where action = 'access_denied' and target = 'refuse-audit') then
          raise exception 'audit log unavailable';
        end if;
        return new;
      end $$`);
    await harness.database.db.execute(sql`create trigger refuse_audit before insert on audit_log for each row when (new.action like 'user_%') execute function refuse_audit()`);
  });

  async function withAuditRefused<T>(run: () => Promise<T>): Promise<T> {
    await harness.database.db.insert(auditLog).values({ action: 'access_denied', target: 'refuse-audit' });
    try {
      return await run();
    } finally {
      await harness.database.db.delete(auditLog).where(eq(auditLog.target, 'refuse-audit'));
    }
  }

  it('a name with a lone surrogate or a NUL is refused with a message, and no account is made', async () => {
    for (const name of ['Admin \uD83D', 'Admin \u0000']) {
      const email = `surrogate-${name.length}-${Math.random().toString(36).slice(2)}@example.com`;
      const response = await staffInject(harness.app, cookie, 'POST', '/api/manage/users', newUser(email, name));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.name).toContain(unstorableTextMessage);
      expect(await harness.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
  });

  it('creation: when the audit row cannot be written, the account does not exist', async () => {
    const email = 'unaudited@example.com';
    const response = await withAuditRefused(() => staffInject(harness.app, cookie, 'POST', '/api/manage/users', newUser(email)));
    expect(response.statusCode).toBe(500);
    expect(await harness.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    expect(await harness.database.db.select().from(account).where(eq(account.accountId, email))).toEqual([]);
    // And with the audit log back, the same creation works and can sign in.
    const created = await staffInject(harness.app, cookie, 'POST', '/api/manage/users', newUser(email));
    expect(created.statusCode).toBe(201);
    await signIn(harness.app, { email, password: 'quiet lantern 58 harbor' });
  });

  it('suspension, password reset and deletion: nothing changes without the audit row', async () => {
    const target = await harness.signedIn({ role: 'fulfiller' });
    const edit = { name: target.name, email: target.email, role: 'fulfiller', password: '', notificationEnabled: true, priorityFulfiller: false, suspended: false };

    const suspend = await withAuditRefused(() => staffInject(harness.app, cookie, 'PATCH', `/api/manage/users/${target.id}`, { ...edit, suspended: true }));
    expect(suspend.statusCode).toBe(500);
    const [afterSuspend] = await harness.database.db.select().from(user).where(eq(user.id, target.id));
    expect(afterSuspend?.banned).toBe(false);
    expect((await harness.database.db.select().from(session).where(eq(session.userId, target.id))).length).toBeGreaterThan(0);

    const reset = await withAuditRefused(() => staffInject(harness.app, cookie, 'PATCH', `/api/manage/users/${target.id}`, { ...edit, password: 'brand-new-password' }));
    expect(reset.statusCode).toBe(500);
    await signIn(harness.app, target);

    const removal = await withAuditRefused(() => staffInject(harness.app, cookie, 'DELETE', `/api/manage/users/${target.id}`));
    expect(removal.statusCode).toBe(500);
    expect(await harness.database.db.select({ id: user.id }).from(user).where(eq(user.id, target.id))).toEqual([{ id: target.id }]);
    expect((await harness.app.inject({ method: 'GET', url: '/api/manage/session', headers: { cookie: target.cookie } })).statusCode).toBe(200);

    // With the audit log back, each change happens with its row.
    expect((await staffInject(harness.app, cookie, 'PATCH', `/api/manage/users/${target.id}`, { ...edit, suspended: true, password: 'brand-new-password' })).statusCode).toBe(200);
    expect((await harness.app.inject({ method: 'GET', url: '/api/manage/session', headers: { cookie: target.cookie } })).statusCode).toBe(401);
    expect((await staffInject(harness.app, cookie, 'DELETE', `/api/manage/users/${target.id}`)).statusCode).toBe(204);
    const actions = (await harness.database.db.select().from(auditLog).where(eq(auditLog.target, `user:${target.id}`))).map((row) => row.action).filter((action) => action.startsWith('user_')).sort();
    expect(actions).toEqual(['user_deleted', 'user_password_reset', 'user_suspended']);
  });
});
