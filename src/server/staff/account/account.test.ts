// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { auditLog, session } from '#server/db/index.ts';
import { sessionCookieOf, signIn, signInThroughBothSteps, staffInject, withStaffApp } from '#tests/support/staff-app.ts';
import { createStaffMember, type TestStaffMember } from '#tests/factories/staff.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { AccountResponse } from '#shared/staff/account.ts';
import type { SignedInSession } from '#shared/staff/two-factor.ts';
import { passwordRuleMessages } from '#shared/staff/password-rule.ts';

describe.each(testDatabaseKinds)('own account on %s', (kind) => {
  const harness = withStaffApp(kind);

  function signInFrom(member: TestStaffMember, password: string, userAgent: string) {
    return signInThroughBothSteps(harness.app, { ...member, password }, { headers: { 'user-agent': userAgent } });
  }

  const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

  it('shows the member and their sessions, the current one marked', async () => {
    const member = await createStaffMember(harness.services, { name: 'Sam Sessions' });
    const first = sessionCookieOf(await signInFrom(member, member.password, firefox));
    sessionCookieOf(await signInFrom(member, member.password, safari));
    const response = await staffInject(harness.app, first, 'GET', '/api/manage/account');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<AccountResponse>();
    expect(body.user).toMatchObject({ id: member.id, name: 'Sam Sessions', email: member.email, role: 'fulfiller' });
    expect(body.sessions).toHaveLength(2);
    expect(body.sessions.filter((row) => row.current).map((row) => row.userAgent)).toEqual([firefox]);
    expect(body.sessions.map((row) => row.userAgent).sort()).toEqual([firefox, safari].sort());
    expect(body.sessions.every((row) => /^203\.0\.113\.\d+$/.test(row.ipAddress ?? ''))).toBe(true);
    expect(JSON.stringify(body)).not.toContain('token');
  });

  it('changes the password with the current one: other sessions end, this one stays, the old password no longer signs in', async () => {
    const member = await createStaffMember(harness.services, { password: 'first-password' });
    const here = sessionCookieOf(await signInFrom(member, 'first-password', firefox));
    const elsewhere = sessionCookieOf(await signInFrom(member, 'first-password', safari));

    const response = await staffInject(harness.app, here, 'POST', '/api/manage/account/password', { currentPassword: 'first-password', newPassword: 'second-password' });
    expect(response.statusCode).toBe(204);
    const stillHere = response.headers['set-cookie'] ? sessionCookieOf(response) : here;
    expect((await staffInject(harness.app, stillHere, 'GET', '/api/manage/session')).statusCode).toBe(200);
    expect((await staffInject(harness.app, elsewhere, 'GET', '/api/manage/session')).statusCode).toBe(401);
    expect(await harness.database.db.select().from(session).where(eq(session.userId, member.id))).toHaveLength(1);
    expect((await signInFrom(member, 'first-password', firefox)).statusCode).toBe(401);
    expect((await signInFrom(member, 'second-password', firefox)).statusCode).toBe(200);
    const audit = await harness.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'password_changed'), eq(auditLog.target, `user:${member.id}`)));
    expect(audit).toHaveLength(1);
  }, 90_000);

  it('refuses a wrong current password or a too-short new one, and changes nothing', async () => {
    const member = await createStaffMember(harness.services, { password: 'keep this one safe 1' });
    const cookie = sessionCookieOf(await signInFrom(member, 'keep this one safe 1', firefox));
    const wrong = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/password', { currentPassword: 'not-it', newPassword: 'another strong passphrase 9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'validation_failed', fields: { currentPassword: [staffMessages.currentPasswordWrong] } } });
    const short = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/password', { currentPassword: 'keep this one safe 1', newPassword: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: { fields: { newPassword: [staffMessages.passwordTooShort] } } });
    const odd = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/password', { currentPassword: 1, newPassword: null, extra: true });
    expect(odd.statusCode).toBe(400);
    expect((await signInFrom(member, 'keep this one safe 1', firefox)).statusCode).toBe(200);
  });

  it('refuses a common, guessable, or e-mail- or name-holding new password with its reason, and accepts a long one of any characters', async () => {
    const member = await createStaffMember(harness.services, { name: 'Quentin Marlowe', password: 'unchanged passphrase 77' });
    const cookie = await signIn(harness.app, member);
    const refusals: [string, string][] = [
      ['password1234', passwordRuleMessages.tooGuessable],
      ['qwertyuiop12', passwordRuleMessages.tooGuessable],
      ['aaaaaaaaaaaaaaaa', passwordRuleMessages.tooGuessable],
      ['eleven char', passwordRuleMessages.tooShort],
      ['x'.repeat(129), passwordRuleMessages.tooLong],
      [`my ${member.email} key!`, passwordRuleMessages.containsEmail],
      ['Marlowe sails at 9 tonight', passwordRuleMessages.containsName],
    ];
    for (const [newPassword, message] of refusals) {
      const response = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/password', { currentPassword: 'unchanged passphrase 77', newPassword });
      expect(response.statusCode, newPassword).toBe(400);
      expect(response.json(), newPassword).toMatchObject({ error: { code: 'validation_failed', fields: { newPassword: [message] } } });
    }
    expect(await harness.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'password_changed'), eq(auditLog.target, `user:${member.id}`)))).toEqual([]);

    // Spaces and Unicode are allowed, compared in their NFKC form: the full-width letters sign in as typed plainly.
    const unicode = 'Ｃａｆé au lait, deux sucres ☕';
    const changed = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/password', { currentPassword: 'unchanged passphrase 77', newPassword: unicode });
    expect(changed.statusCode).toBe(204);
    expect((await signInFrom(member, unicode.normalize('NFKC'), firefox)).statusCode).toBe(200);
  }, 60_000);

  it('lets a member in with an older password the rule now refuses, once: they must choose a new one first', async () => {
    const member = await createStaffMember(harness.services, { password: 'secret1' });
    const signedIn = await signInFrom(member, 'secret1', firefox);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<SignedInSession>().required).toBe('password_change');
    expect(signedIn.json<SignedInSession>().passwordChange).toBe('refused_by_rule');
    const cookie = sessionCookieOf(signedIn);
    expect((await staffInject(harness.app, cookie, 'GET', '/api/manage/orders')).statusCode).toBe(403);
    const actions = await harness.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'password_change_required'), eq(auditLog.target, `user:${member.id}`)));
    expect(actions).toHaveLength(1);
    const changed = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/password', { currentPassword: 'secret1', newPassword: 'a far better passphrase 8' });
    expect(changed.statusCode).toBe(204);
    const after = (await staffInject(harness.app, sessionCookieOf(changed), 'GET', '/api/manage/session')).json<SignedInSession>();
    expect(after.required).toBeNull();
  }, 90_000);

  it('revokes another of the member’s sessions, not the current one nor someone else’s', async () => {
    const member = await createStaffMember(harness.services);
    const other = await createStaffMember(harness.services);
    const here = sessionCookieOf(await signInFrom(member, member.password, firefox));
    const there = sessionCookieOf(await signInFrom(member, member.password, safari));
    const othersCookie = sessionCookieOf(await signInFrom(other, other.password, safari));
    const { sessions } = (await staffInject(harness.app, here, 'GET', '/api/manage/account')).json<AccountResponse>();
    const current = sessions.find((row) => row.current)!;
    const phone = sessions.find((row) => !row.current)!;
    const [othersSession] = (await staffInject(harness.app, othersCookie, 'GET', '/api/manage/account')).json<AccountResponse>().sessions;

    const self = await staffInject(harness.app, here, 'DELETE', `/api/manage/account/sessions/${current.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(staffMessages.cannotRevokeCurrentSession);
    const foreign = await staffInject(harness.app, here, 'DELETE', `/api/manage/account/sessions/${othersSession!.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await staffInject(harness.app, othersCookie, 'GET', '/api/manage/session')).statusCode).toBe(200);
    expect((await staffInject(harness.app, here, 'DELETE', '/api/manage/account/sessions/bad%20id')).statusCode).toBe(404);

    const revoked = await staffInject(harness.app, here, 'DELETE', `/api/manage/account/sessions/${phone.id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await staffInject(harness.app, there, 'GET', '/api/manage/session')).statusCode).toBe(401);
    expect((await staffInject(harness.app, here, 'GET', '/api/manage/session')).statusCode).toBe(200);
    const audit = await harness.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'session_revoked'), eq(auditLog.target, `user:${member.id}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toStrictEqual({ session: phone.id });
  });
});
