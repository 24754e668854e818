// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { auditLog, session, twoFactor, twoFactorCodeClaims, user } from '#server/db/index.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { cookiePairsOf, newClientAddress, sessionCookieOf, signInThroughBothSteps, staffInject, testOrigin, withStaffApp } from '#tests/support/staff-app.ts';
import { createStaffMember, type TestStaffMember } from '#tests/factories/staff.ts';
import { totpCodeOf } from '#tests/support/totp.ts';
import { loadEnv } from '#server/env.ts';
import type { SecondFactorVerifier } from './second-factor';
import { twoFactorThrottle } from './sign-in-throttle';
import { stepUpWindowMs, twoFactorMessages, type EnrolmentResponse, type SignedInSession } from '#shared/staff/two-factor.ts';
import type { AccountResponse } from '#shared/staff/account.ts';
import { designeeEnv } from '#tests/support/designee-env.ts';

describe.each(testDatabaseKinds)('staff two-factor sign-in on %s', (kind) => {
  let codeChecks = 0;
  const harness = withStaffApp(kind, {
    wrapSecondFactorVerifier:
      (verify: SecondFactorVerifier): SecondFactorVerifier =>
      (headers, factor, memberId) => {
        codeChecks += 1;
        return verify(headers, factor, memberId);
      },
  });

  function postPassword(member: Pick<TestStaffMember, 'email' | 'password'>, remoteAddress = newClientAddress()) {
    return harness.app.inject({ method: 'POST', url: '/api/manage/session', headers: { origin: testOrigin }, remoteAddress, payload: { email: member.email, password: member.password } });
  }

  function postCode(pendingCookie: string, payload: Record<string, string>, remoteAddress = newClientAddress()) {
    return harness.app.inject({ method: 'POST', url: '/api/manage/session/two-factor', headers: { origin: testOrigin, cookie: pendingCookie }, remoteAddress, payload });
  }

  async function actionsOn(userId: string): Promise<string[]> {
    const rows = await harness.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, `user:${userId}`)).orderBy(desc(auditLog.id));
    return rows.map((row) => row.action);
  }

  async function enrolThroughTheRoutes(member: TestStaffMember): Promise<{ cookie: string; enrolment: EnrolmentResponse }> {
    const signedIn = await postPassword(member);
    const cookie = sessionCookieOf(signedIn);
    const started = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/two-factor/enrolment', { password: member.password });
    expect(started.statusCode).toBe(200);
    return { cookie, enrolment: started.json<EnrolmentResponse>() };
  }

  it('keeps a member who has not enrolled out of the panel until they enrol with a code from the shown secret', async () => {
    const member = await createStaffMember(harness.services, { enrolled: false, role: 'admin' });
    const signedIn = await postPassword(member);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<SignedInSession>()).toMatchObject({ required: 'two_factor_enrolment', twoFactorEnabled: false });
    const cookie = sessionCookieOf(signedIn);

    const refused = await staffInject(harness.app, cookie, 'GET', '/api/manage/orders');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toStrictEqual({ code: 'two_factor_enrolment_required', message: twoFactorMessages.enrolmentRequired });
    expect((await staffInject(harness.app, cookie, 'GET', '/api/manage/session')).json<SignedInSession>().required).toBe('two_factor_enrolment');

    const wrongPassword = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/two-factor/enrolment', { password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields).toHaveProperty('password');

    const started = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/two-factor/enrolment', { password: member.password });
    expect(started.statusCode).toBe(200);
    const enrolment = started.json<EnrolmentResponse>();
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/EIN%20Filing%20Service:/);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(enrolment.recoveryCodes).toHaveLength(10);
    // Drawn without look-alike characters (0/O/o, 1/l/I/i), as xxxxx-xxxxx.
    for (const code of enrolment.recoveryCodes) expect(code).toMatch(/^[A-HJKMNP-Za-hjkmnp-z2-9]{5}-[A-HJKMNP-Za-hjkmnp-z2-9]{5}$/);
    // The recovery codes are stored only as hashes.
    const [stored] = await harness.database.db.select().from(twoFactor).where(eq(twoFactor.userId, member.id));
    for (const code of enrolment.recoveryCodes) expect(stored!.backupCodes).not.toContain(code);
    expect(stored!.secret).not.toContain(enrolment.secret);

    const wrong = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/two-factor/confirm', { code: '000000' === (await totpCodeOf(enrolment.secret)) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.fields).toStrictEqual({ code: [twoFactorMessages.codeWrong] });

    const confirmed = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/two-factor/confirm', { code: await totpCodeOf(enrolment.secret) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<SignedInSession>()).toMatchObject({ required: null, twoFactorEnabled: true });
    const enrolledCookie = sessionCookieOf(confirmed);
    expect((await staffInject(harness.app, enrolledCookie, 'GET', '/api/manage/orders')).statusCode).toBe(200);
    expect(await actionsOn(member.id)).toContain('two_factor_enrolled');

    // From now on the password alone opens nothing.
    const again = await postPassword(member);
    expect(again.json()).toStrictEqual({ twoFactorRequired: true });
    expect(() => sessionCookieOf(again)).toThrow();
  });

  it('signs an enrolled member in with the code after the password, and refuses a wrong code with an audit row', async () => {
    const member = await createStaffMember(harness.services);
    const password = await postPassword(member);
    const pending = cookiePairsOf(password);
    expect(pending).toMatch(/ein_staff\.two_factor=/);
    // The pending sign-in is no session.
    expect((await staffInject(harness.app, pending, 'GET', '/api/manage/session')).statusCode).toBe(401);

    const right = await totpCodeOf(member.totpSecret!);
    const wrong = await postCode(pending, { code: right === '123456' ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'invalid_code', fields: { code: [twoFactorMessages.codeWrong] } });
    expect(await actionsOn(member.id)).toContain('two_factor_failed');

    const signedIn = await postCode(pending, { code: right });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<SignedInSession>()).toMatchObject({ user: { id: member.id }, required: null, twoFactorEnabled: true });
    const cookie = sessionCookieOf(signedIn);
    expect((await staffInject(harness.app, cookie, 'GET', '/api/manage/orders')).statusCode).toBe(200);
    expect(await actionsOn(member.id)).toContain('sign_in');

    // Without a pending sign-in there is nothing to give a code for.
    const none = await postCode('', { code: right });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('two_factor_expired');
  });

  it('accepts a recovery code once and refuses it the second time', async () => {
    const member = await createStaffMember(harness.services, { enrolled: false });
    const { cookie, enrolment } = await enrolThroughTheRoutes(member);
    await staffInject(harness.app, cookie, 'POST', '/api/manage/account/two-factor/confirm', { code: await totpCodeOf(enrolment.secret) });
    const [recoveryCode] = enrolment.recoveryCodes;

    const first = await postCode(cookiePairsOf(await postPassword(member)), { recoveryCode: recoveryCode! });
    expect(first.statusCode).toBe(200);
    expect(await actionsOn(member.id)).toContain('recovery_code_used');
    const second = await postCode(cookiePairsOf(await postPassword(member)), { recoveryCode: recoveryCode! });
    expect(second.statusCode).toBe(401);
    expect(second.json().error.fields).toStrictEqual({ recoveryCode: [twoFactorMessages.recoveryCodeWrong] });

    const account = (await staffInject(harness.app, sessionCookieOf(first), 'GET', '/api/manage/account')).json<AccountResponse>();
    expect(account.twoFactor).toStrictEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('makes at most 5 code checks for 200 concurrent wrong codes, and then refuses even the right one', async () => {
    const member = await createStaffMember(harness.services);
    const pendingCookies = await Promise.all(Array.from({ length: 4 }, async () => cookiePairsOf(await postPassword(member))));
    const right = await totpCodeOf(member.totpSecret!);
    const wrongCode = right === '000000' ? '111111' : '000000';
    codeChecks = 0;
    const answers = await Promise.all(Array.from({ length: 200 }, (_, index) => postCode(pendingCookies[index % pendingCookies.length]!, { code: wrongCode })));
    expect(codeChecks).toBeLessThanOrEqual(twoFactorThrottle.maxChecksPerAccount);
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(200 - twoFactorThrottle.maxChecksPerAccount);
    expect(answers.every((answer) => answer.statusCode === 429 || answer.statusCode === 401)).toBe(true);

    const fresh = cookiePairsOf(await postPassword(member));
    const blocked = await postCode(fresh, { code: await totpCodeOf(member.totpSecret!) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(twoFactorMessages.tooManyCodes);
    expect(codeChecks).toBeLessThanOrEqual(twoFactorThrottle.maxChecksPerAccount);
  }, 60_000);

  it('asks for a code again before an SSN or an SS-4 once 15 minutes have passed since the last one', async () => {
    const admin = await harness.signedIn({ role: 'admin' });
    const order = await createPaidOrder(harness.database.db, {});
    const { cookie } = admin;
    const reveal = () => staffInject(harness.app, cookie, 'POST', `/api/manage/orders/${order.id}/ssn`);
    const pdf = () => staffInject(harness.app, cookie, 'GET', `/api/manage/orders/${order.id}/ss4.pdf`);
    const signedPdf = () => staffInject(harness.app, cookie, 'GET', `/api/manage/orders/${order.id}/ss4-signed.pdf`);
    expect((await reveal()).statusCode).toBe(200);
    expect((await pdf()).statusCode).toBe(200);
    const session1 = (await staffInject(harness.app, cookie, 'GET', '/api/manage/session')).json<SignedInSession>();
    expect(Date.parse(session1.stepUpUntil!)).toBeGreaterThan(Date.now() + stepUpWindowMs - 60_000);

    await harness.database.db
      .update(session)
      .set({ twoFactorVerifiedAt: new Date(Date.now() - stepUpWindowMs - 1000) })
      .where(eq(session.userId, admin.id));
    for (const response of [await reveal(), await pdf(), await signedPdf()]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toStrictEqual({ code: 'step_up_required', message: twoFactorMessages.stepUpRequired });
    }
    // Everything else still works without a code.
    expect((await staffInject(harness.app, cookie, 'GET', `/api/manage/orders/${order.id}`)).statusCode).toBe(200);

    const wrong = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/step-up', { code: (await totpCodeOf(admin.totpSecret!)) === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect((await reveal()).statusCode).toBe(403);
    const stepped = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/step-up', { code: await totpCodeOf(admin.totpSecret!) });
    expect(stepped.statusCode).toBe(200);
    expect((await reveal()).statusCode).toBe(200);
    expect((await pdf()).statusCode).toBe(200);
  });

  it('lets an admin reset another member’s two-factor, not their own: the member’s sessions end and they enrol again', async () => {
    const admin = await harness.signedIn({ role: 'admin' });
    const member = await harness.signedIn();

    const own = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/users/${admin.id}/two-factor/reset`);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(twoFactorMessages.cannotResetOwnTwoFactor);
    expect((await staffInject(harness.app, member.cookie, 'POST', `/api/manage/users/${admin.id}/two-factor/reset`)).statusCode).toBe(403);

    const reset = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/users/${member.id}/two-factor/reset`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user).toMatchObject({ id: member.id, twoFactorEnabled: false });
    expect(await harness.database.db.select().from(twoFactor).where(eq(twoFactor.userId, member.id))).toHaveLength(0);
    expect((await staffInject(harness.app, member.cookie, 'GET', '/api/manage/session')).statusCode).toBe(401);
    expect(await actionsOn(member.id)).toContain('two_factor_reset');
    // Nothing left to reset.
    expect((await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/users/${member.id}/two-factor/reset`)).statusCode).toBe(409);

    const signedIn = await postPassword(member);
    expect(signedIn.json<SignedInSession>().required).toBe('two_factor_enrolment');
  });

  it('makes a member whose password an admin set choose a new one before anything else', async () => {
    const admin = await harness.signedIn({ role: 'admin' });
    const email = `new-${Date.now()}@example.com`;
    const created = await staffInject(harness.app, admin.cookie, 'POST', '/api/manage/users', {
      name: 'New Member',
      email,
      role: 'fulfiller',
      password: 'set-by-admin',
      notificationEnabled: true,
      priorityFulfiller: false,
      suspended: false,
    });
    expect(created.statusCode).toBe(201);
    const signedIn = await postPassword({ email, password: 'set-by-admin' });
    expect(signedIn.json<SignedInSession>().required).toBe('password_change');
    const cookie = sessionCookieOf(signedIn);
    const refused = await staffInject(harness.app, cookie, 'GET', '/api/manage/orders');
    expect(refused.json().error.code).toBe('password_change_required');
    expect((await staffInject(harness.app, cookie, 'POST', '/api/manage/account/two-factor/enrolment', { password: 'set-by-admin' })).json().error.code).toBe('password_change_required');

    const changed = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/password', { currentPassword: 'set-by-admin', newPassword: 'my-own-password' });
    expect(changed.statusCode).toBe(204);
    const after = (await staffInject(harness.app, sessionCookieOf(changed), 'GET', '/api/manage/session')).json<SignedInSession>();
    expect(after.required).toBe('two_factor_enrolment');
    const [row] = await harness.database.db.select({ mustChangePassword: user.mustChangePassword }).from(user).where(eq(user.email, email));
    expect(row?.mustChangePassword).toBe(false);
  });

  it('accepts an authenticator code once: at sign-in, at step-up, and for 50 uses at once across two instances', async () => {
    const member = await createStaffMember(harness.services, { role: 'admin' });
    const code = await totpCodeOf(member.totpSecret!);
    const first = await postCode(cookiePairsOf(await postPassword(member)), { code });
    expect(first.statusCode).toBe(200);
    // The same code again, within the 90 seconds it is valid: refused as a wrong one, with its audit row.
    const replayed = await postCode(cookiePairsOf(await postPassword(member)), { code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.fields).toStrictEqual({ code: [twoFactorMessages.codeWrong] });
    const cookie = sessionCookieOf(first);
    const stepUpAgain = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/step-up', { code });
    expect(stepUpAgain.statusCode).toBe(401);
    // A code not used yet still works.
    expect((await staffInject(harness.app, cookie, 'POST', '/api/manage/account/step-up', { code: await totpCodeOf(member.totpSecret!) })).statusCode).toBe(200);

    // 50 step-ups with one new code at once, half through a second instance on the same database,
    // straight to the code check (the throttle would let only five through): exactly one counts.
    const another = await harness.startAnotherApp();
    const fresh = await totpCodeOf(member.totpSecret!);
    const headers = new Headers({ cookie, origin: testOrigin });
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? harness.services : another.services).verifySecondFactor(headers, { code: fresh }, member.id)),
    );
    expect(outcomes.filter((outcome) => outcome.outcome === 'verified')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'wrong')).toHaveLength(49);
    const claims = await harness.database.db.select().from(twoFactorCodeClaims).where(eq(twoFactorCodeClaims.userId, member.id));
    // One row per accepted code: the sign-in's, the second step-up's and this one.
    expect(claims).toHaveLength(3);
    expect(claims.map((claim) => claim.code)).toEqual(expect.arrayContaining([code, fresh]));
  }, 60_000);

  it('regenerates the recovery codes with the password: the old ones stop working', async () => {
    const member = await createStaffMember(harness.services, { enrolled: false });
    const { cookie, enrolment } = await enrolThroughTheRoutes(member);
    const confirmed = await staffInject(harness.app, cookie, 'POST', '/api/manage/account/two-factor/confirm', { code: await totpCodeOf(enrolment.secret) });
    const enrolledCookie = sessionCookieOf(confirmed);

    expect((await staffInject(harness.app, enrolledCookie, 'POST', '/api/manage/account/recovery-codes', { password: 'wrong-one' })).statusCode).toBe(400);
    const regenerated = await staffInject(harness.app, enrolledCookie, 'POST', '/api/manage/account/recovery-codes', { password: member.password });
    expect(regenerated.statusCode).toBe(200);
    const { recoveryCodes } = regenerated.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(enrolment.recoveryCodes[0]);
    const old = await postCode(cookiePairsOf(await postPassword(member)), { recoveryCode: enrolment.recoveryCodes[0]! });
    expect(old.statusCode).toBe(401);
    const fresh = await signInThroughBothSteps(harness.app, { ...member, totpSecret: enrolment.secret });
    expect(fresh.statusCode).toBe(200);
    const rows = await harness.database.db.select().from(auditLog).where(and(eq(auditLog.target, `user:${member.id}`), eq(auditLog.action, 'recovery_codes_regenerated')));
    expect(rows).toHaveLength(1);
  });
});

describe('REQUIRE_STAFF_MFA', () => {
  const harness = withStaffApp('pglite', { env: { NODE_ENV: 'development', REQUIRE_STAFF_MFA: 'false' } });

  it('may be false only in development', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', REQUIRE_STAFF_MFA: 'false', ...designeeEnv })).toThrow(/REQUIRE_STAFF_MFA=false is allowed only with NODE_ENV=development/);
    expect(() => loadEnv({ NODE_ENV: 'test', REQUIRE_STAFF_MFA: 'false' })).toThrow(/REQUIRE_STAFF_MFA/);
    expect(loadEnv({ NODE_ENV: 'development', REQUIRE_STAFF_MFA: 'false' }).REQUIRE_STAFF_MFA).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', ...designeeEnv }).REQUIRE_STAFF_MFA).toBe(true);
  });

  it('off in development, a member who has not enrolled works with a password alone', async () => {
    const member = await harness.signedIn({ enrolled: false, role: 'admin' });
    const order = await createPaidOrder(harness.database.db, {});
    const { cookie } = member;
    expect((await staffInject(harness.app, cookie, 'GET', '/api/manage/session')).json<SignedInSession>().required).toBeNull();
    expect((await staffInject(harness.app, cookie, 'POST', `/api/manage/orders/${order.id}/ssn`)).statusCode).toBe(200);
  });
});
