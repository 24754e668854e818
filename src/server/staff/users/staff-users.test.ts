// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { APIError } from 'better-auth/api';
import { and, desc, eq } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { account, auditLog, orderComments, orders, session, user } from '#server/db/index.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { AppError } from '#server/errors.ts';
import { newClientAddress, signIn, staffInject, testOrigin, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { createStaffMember } from '#tests/factories/staff.ts';
import { newUserDefaults, type CreateUser, type StaffUserRow, type UserResponse, type UsersResponse } from '#shared/staff/users.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { isUniqueViolation, toAppError } from './auth-errors';
import { passwordRuleMessages } from '#shared/staff/password-rule.ts';

const usersUrl = '/api/manage/users';
const userUrl = (id: string) => `/api/manage/users/${id}`;

let nextEmail = 0;
function uniqueEmail(prefix = 'new') {
  nextEmail += 1;
  return `${prefix}${nextEmail}-${Date.now().toString(36)}@example.com`;
}

/** The dialog's fields for an existing row, as the browser sends them on Update User. */
function editOf(row: StaffUserRow, changes: Partial<CreateUser> = {}) {
  return {
    name: row.name,
    email: row.email,
    role: row.role,
    notificationEnabled: row.notificationEnabled,
    priorityFulfiller: row.priorityFulfiller,
    suspended: row.suspended,
    password: '',
    ...changes,
  };
}

describe.each(testDatabaseKinds)('staff users on %s', (kind) => {
  const harness = withStaffApp(kind);
  let app: FastifyInstance;
  let admin: SignedInMember;

  const signInAs = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/manage/session', headers: { origin: testOrigin }, remoteAddress: newClientAddress(), payload: { email, password } });
  const whoAmI = (cookie: string) => staffInject(app, cookie, 'GET', '/api/manage/session');
  const auditRows = (action: string, target: string) =>
    harness.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
      .orderBy(desc(auditLog.id));
  const rowOf = async (id: string) => {
    const { users } = (await staffInject(app, admin.cookie, 'GET', usersUrl)).json<UsersResponse>();
    const row = users.find((candidate) => candidate.id === id);
    if (!row) throw new Error(`No row for ${id}`);
    return row;
  };

  beforeAll(async () => {
    app = harness.app;
    admin = await harness.signedIn({ role: 'admin', name: 'Ada Admin' });
  });

  it('lists every account by name with its open assigned orders', async () => {
    const zed = await createStaffMember(harness.services, { role: 'fulfiller', name: 'zed Zimmer', priorityFulfiller: true });
    const bea = await createStaffMember(harness.services, { role: 'fulfiller', name: 'Bea Busy', suspended: true, notificationEnabled: false });
    for (const status of ['reviewing_form_data', 'on_hold', 'submitted', 'completed', 'cancelled']) {
      await createPaidOrder(harness.database.db, { assignedTo: bea.id, status });
    }
    await createPaidOrder(harness.database.db, { assignedTo: zed.id, status: 'submitted_to_irs' });
    await createPaidOrder(harness.database.db, { status: 'reviewing_form_data' });

    const response = await staffInject(app, admin.cookie, 'GET', usersUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { users } = response.json<UsersResponse>();
    const names = users.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names.indexOf('Ada Admin')).toBeLessThan(names.indexOf('Bea Busy'));
    expect(names.indexOf('Bea Busy')).toBeLessThan(names.indexOf('zed Zimmer'));

    expect(users.find((row) => row.id === bea.id)).toStrictEqual({
      id: bea.id,
      name: 'Bea Busy',
      email: bea.email,
      role: 'fulfiller',
      suspended: true,
      notificationEnabled: false,
      priorityFulfiller: false,
      // Completed and cancelled orders are done; the legacy 'submitted' is still open.
      activeOrders: 3,
      signInLocked: false,
      twoFactorEnabled: expect.any(Boolean),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(users.find((row) => row.id === zed.id)).toMatchObject({ priorityFulfiller: true, activeOrders: 1, suspended: false });
    expect(users.find((row) => row.id === admin.id)).toMatchObject({ role: 'admin', activeOrders: 0 });
  });

  it('creates a user with the defaults, who can then sign in', async () => {
    const email = uniqueEmail();
    const response = await staffInject(app, admin.cookie, 'POST', usersUrl, { ...newUserDefaults, name: '  New Person ', email: ` ${email.toUpperCase()} `, password: 'sturdy lantern 4 river' });
    expect(response.statusCode).toBe(201);
    const created = response.json<UserResponse>().user;
    expect(created).toStrictEqual({
      id: expect.any(String),
      name: 'New Person',
      email,
      role: 'fulfiller',
      suspended: false,
      notificationEnabled: true,
      priorityFulfiller: false,
      activeOrders: 0,
      signInLocked: false,
      twoFactorEnabled: expect.any(Boolean),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const [credential] = await harness.database.db.select().from(account).where(eq(account.userId, created.id));
    expect(credential?.password).toMatch(/^\$argon2id\$/);
    const signedIn = await signInAs(email, 'sturdy lantern 4 river');
    expect(signedIn.statusCode).toBe(200);
    // The admin chose the password: the member chooses their own first, then sets up two-factor sign-in.
    expect(signedIn.json()).toMatchObject({ user: { id: created.id, role: 'fulfiller' }, required: 'password_change', passwordChange: 'set_by_admin' });

    const [audit] = await auditRows('user_created', `user:${created.id}`);
    expect(audit).toMatchObject({ actorId: admin.id, actorEmail: admin.email, detail: { email, name: 'New Person', role: 'fulfiller', suspended: false } });
    expect(JSON.stringify(audit)).not.toContain('sturdy lantern 4 river');
  });

  it('creates an admin with both switches, or a suspended user who cannot sign in', async () => {
    const adminEmail = uniqueEmail('admin');
    const asAdmin = await staffInject(app, admin.cookie, 'POST', usersUrl, {
      ...newUserDefaults,
      name: 'Second Admin',
      email: adminEmail,
      password: 'quiet harbor 7 meadow',
      role: 'admin',
      notificationEnabled: false,
      priorityFulfiller: true,
    });
    expect(asAdmin.statusCode).toBe(201);
    expect(asAdmin.json<UserResponse>().user).toMatchObject({ role: 'admin', notificationEnabled: false, priorityFulfiller: true, suspended: false });

    const suspendedEmail = uniqueEmail('suspended');
    const suspended = await staffInject(app, admin.cookie, 'POST', usersUrl, { ...newUserDefaults, name: 'On Leave', email: suspendedEmail, password: 'amber falcon 3 canyon', suspended: true });
    expect(suspended.statusCode).toBe(201);
    expect(suspended.json<UserResponse>().user.suspended).toBe(true);
    const refused = await signInAs(suspendedEmail, 'amber falcon 3 canyon');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: staffMessages.suspended } });
  });

  it('refuses an e-mail that is already taken, in any letter case', async () => {
    const before = await harness.database.db.select().from(user);
    const response = await staffInject(app, admin.cookie, 'POST', usersUrl, { ...newUserDefaults, name: 'Copy', email: admin.email.toUpperCase(), password: 'sturdy lantern 4 river' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'conflict', message: staffMessages.emailTaken } });
    expect(await harness.database.db.select().from(user)).toHaveLength(before.length);
  });

  it.each([
    ['no password', { password: '' }, 'password', staffMessages.passwordRequiredOnCreate],
    ['a short password', { password: 'abc12' }, 'password', staffMessages.passwordTooShort],
    ['a password too long', { password: 'p'.repeat(129) }, 'password', staffMessages.passwordTooLong],
    ['a common password', { password: 'password1234' }, 'password', passwordRuleMessages.tooGuessable],
    ['a guessable password', { password: 'abcdefghijkl' }, 'password', passwordRuleMessages.tooGuessable],
    ['a password holding the name', { password: 'Valid Name rocks 2024' }, 'password', passwordRuleMessages.containsName],
    ['a password holding the e-mail', { email: 'nora.quill@example.com', password: 'nora.quill@example.com!' }, 'password', passwordRuleMessages.containsEmail],
    ['no name', { name: '   ' }, 'name', staffMessages.fullNameRequired],
    ['no e-mail', { email: '' }, 'email', staffMessages.emailRequired],
    ['a bad e-mail', { email: 'not-an-email' }, 'email', staffMessages.emailInvalid],
    ['an unknown role', { role: 'owner' }, 'role', staffMessages.roleRequired],
  ])('refuses to create a user with %s', async (_case, changes, field, message) => {
    const before = await harness.database.db.select().from(user);
    const response = await staffInject(app, admin.cookie, 'POST', usersUrl, { ...newUserDefaults, name: 'Valid Name', email: uniqueEmail(), password: 'sturdy lantern 4 river', ...changes });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_failed', fields: { [field]: [message] } } });
    expect(await harness.database.db.select().from(user)).toHaveLength(before.length);
  });

  it('refuses unknown fields', async () => {
    const response = await staffInject(app, admin.cookie, 'POST', usersUrl, { ...newUserDefaults, name: 'X', email: uniqueEmail(), password: 'sturdy lantern 4 river', banReason: 'x' });
    expect(response.statusCode).toBe(400);
  });

  it('edits the details and keeps the password when it is left blank', async () => {
    const member = await harness.signedIn({ role: 'fulfiller', name: 'Old Name', password: 'keep-me-1' });
    const newEmail = uniqueEmail('renamed');
    const response = await staffInject(
      app,
      admin.cookie,
      'PATCH',
      userUrl(member.id),
      editOf(await rowOf(member.id), { name: 'New Name', email: newEmail, role: 'admin', notificationEnabled: false, priorityFulfiller: true }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<UserResponse>().user).toMatchObject({ id: member.id, name: 'New Name', email: newEmail, role: 'admin', notificationEnabled: false, priorityFulfiller: true, suspended: false });

    // Their session goes on, now as an admin; the old password signs in with the new e-mail.
    expect((await whoAmI(member.cookie)).json()).toMatchObject({ user: { role: 'admin', email: newEmail } });
    expect((await signInAs(newEmail, 'keep-me-1')).statusCode).toBe(200);
    const { password: _omitted, ...withoutPassword } = editOf(await rowOf(member.id));
    expect((await staffInject(app, admin.cookie, 'PATCH', userUrl(member.id), withoutPassword)).statusCode).toBe(200);
    expect((await signInAs(newEmail, 'keep-me-1')).statusCode).toBe(200);

    const [audit] = await auditRows('user_updated', `user:${member.id}`);
    expect(audit?.detail).toMatchObject({
      changed: ['name', 'email', 'role', 'notificationEnabled', 'priorityFulfiller'],
      role: { from: 'fulfiller', to: 'admin' },
      email: { from: member.email, to: newEmail },
    });
    expect(await auditRows('user_password_reset', `user:${member.id}`)).toEqual([]);
  });

  it('records nothing when nothing changed', async () => {
    const member = await createStaffMember(harness.services);
    const response = await staffInject(app, admin.cookie, 'PATCH', userUrl(member.id), editOf(await rowOf(member.id)));
    expect(response.statusCode).toBe(200);
    expect(await auditRows('user_updated', `user:${member.id}`)).toEqual([]);
  });

  it('resets the password when one is given: the new one signs in, the old one and their sessions end', async () => {
    const member = await harness.signedIn({ password: 'old copper kettle 5' });
    const response = await staffInject(app, admin.cookie, 'PATCH', userUrl(member.id), editOf(await rowOf(member.id), { password: 'new violet canyon 3' }));
    expect(response.statusCode).toBe(200);

    expect((await whoAmI(member.cookie)).statusCode).toBe(401);
    expect((await signInAs(member.email, 'old copper kettle 5')).statusCode).toBe(401);
    expect((await signInAs(member.email, 'new violet canyon 3')).statusCode).toBe(200);
    const [audit] = await auditRows('user_password_reset', `user:${member.id}`);
    expect(audit).toMatchObject({ actorId: admin.id });
    expect(JSON.stringify(audit)).not.toContain('new violet canyon 3');
  });

  it('refuses a short new password and changes nothing', async () => {
    const member = await createStaffMember(harness.services, { password: 'unchanged cobalt 61' });
    const response = await staffInject(app, admin.cookie, 'PATCH', userUrl(member.id), editOf(await rowOf(member.id), { name: 'Changed', password: 'short' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { fields: { password: [staffMessages.passwordTooShort] } } });
    expect((await rowOf(member.id)).name).toBe(member.name);
    expect((await signInAs(member.email, 'unchanged cobalt 61')).statusCode).toBe(200);
  });

  it("refuses another account's e-mail on edit", async () => {
    const member = await createStaffMember(harness.services);
    const response = await staffInject(app, admin.cookie, 'PATCH', userUrl(member.id), editOf(await rowOf(member.id), { name: 'Changed', email: admin.email }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'conflict', message: staffMessages.emailTaken } });
    expect(await rowOf(member.id)).toMatchObject({ name: member.name, email: member.email });
  });

  it('suspends a user, ending their sessions, and reactivates them', async () => {
    const member = await harness.signedIn({ password: 'suspend-me' });
    const suspended = await staffInject(app, admin.cookie, 'PATCH', userUrl(member.id), editOf(await rowOf(member.id), { suspended: true }));
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json<UserResponse>().user.suspended).toBe(true);

    expect((await whoAmI(member.cookie)).statusCode).toBe(401);
    expect(await harness.database.db.select().from(session).where(eq(session.userId, member.id))).toEqual([]);
    const refused = await signInAs(member.email, 'suspend-me');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: staffMessages.suspended } });
    expect(await auditRows('user_suspended', `user:${member.id}`)).toHaveLength(1);

    const reactivated = await staffInject(app, admin.cookie, 'PATCH', userUrl(member.id), editOf(await rowOf(member.id), { suspended: false }));
    expect(reactivated.json<UserResponse>().user.suspended).toBe(false);
    expect((await signInAs(member.email, 'suspend-me')).statusCode).toBe(200);
    expect(await auditRows('user_reactivated', `user:${member.id}`)).toHaveLength(1);
  });

  it('deletes a user: their sessions end, their orders are unassigned, their comments lose the author', async () => {
    const member = await harness.signedIn({ name: 'Gone Soon' });
    const open = await createPaidOrder(harness.database.db, { assignedTo: member.id, assignedAt: new Date() });
    const done = await createPaidOrder(harness.database.db, { assignedTo: member.id, assignedAt: new Date(), status: 'completed' });
    const someoneElses = await createPaidOrder(harness.database.db, { assignedTo: admin.id, assignedAt: new Date() });
    await harness.database.db.insert(orderComments).values({ orderId: open.id, userId: member.id, commentText: 'I was here' });

    const response = await staffInject(app, admin.cookie, 'DELETE', userUrl(member.id));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect((await whoAmI(member.cookie)).statusCode).toBe(401);
    expect(await harness.database.db.select().from(user).where(eq(user.id, member.id))).toEqual([]);
    expect(await harness.database.db.select().from(account).where(eq(account.userId, member.id))).toEqual([]);
    for (const order of [open, done]) {
      const [row] = await harness.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ assignedTo: null, assignedAt: null });
    }
    const [untouched] = await harness.database.db.select().from(orders).where(eq(orders.id, someoneElses.id));
    expect(untouched?.assignedTo).toBe(admin.id);
    expect(untouched?.assignedAt).not.toBeNull();

    const comments = await staffInject(app, admin.cookie, 'GET', `/api/manage/orders/${open.id}/comments`);
    expect(comments.json()).toMatchObject({ comments: [{ text: 'I was here', author: null }] });

    const [audit] = await auditRows('user_deleted', `user:${member.id}`);
    expect(audit).toMatchObject({ actorId: admin.id, detail: { email: member.email, name: 'Gone Soon', unassignedOrders: 2 } });
    expect((await staffInject(app, admin.cookie, 'DELETE', userUrl(member.id))).statusCode).toBe(404);
  });

  it('keeps an admin from suspending, demoting or deleting themselves', async () => {
    const self = await rowOf(admin.id);
    const suspend = await staffInject(app, admin.cookie, 'PATCH', userUrl(admin.id), editOf(self, { suspended: true }));
    expect(suspend.statusCode).toBe(400);
    expect(suspend.json()).toMatchObject({ error: { message: staffMessages.cannotSuspendSelf } });
    const demote = await staffInject(app, admin.cookie, 'PATCH', userUrl(admin.id), editOf(self, { role: 'fulfiller', name: 'Renamed' }));
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toMatchObject({ error: { message: staffMessages.cannotDemoteSelf } });
    const remove = await staffInject(app, admin.cookie, 'DELETE', userUrl(admin.id));
    expect(remove.statusCode).toBe(400);
    expect(remove.json()).toMatchObject({ error: { message: staffMessages.cannotDeleteSelf } });

    expect(await rowOf(admin.id)).toStrictEqual(self);
    expect((await whoAmI(admin.cookie)).statusCode).toBe(200);
  });

  it('lets an admin reset their own password and stay signed in here, ending their other sessions', async () => {
    const other = await harness.signedIn({ role: 'admin', password: 'first-password' });
    const here = other.cookie;
    const elsewhere = await signIn(app, other);
    const response = await staffInject(app, here, 'PATCH', userUrl(other.id), editOf(await rowOf(other.id), { password: 'second-password' }));
    expect(response.statusCode).toBe(200);
    expect((await whoAmI(here)).statusCode).toBe(200);
    expect((await whoAmI(elsewhere)).statusCode).toBe(401);
    expect((await signInAs(other.email, 'second-password')).statusCode).toBe(200);
  });

  it('shows an account whose sign-in is held back, and unlocks it with an audit row', async () => {
    const member = await createStaffMember(harness.services, { password: 'locked-out-1' });
    for (let attempt = 0; attempt < 8; attempt += 1) await signInAs(member.email, 'a-stranger-guess');
    expect((await signInAs(member.email, 'locked-out-1')).statusCode).toBe(429);
    expect((await rowOf(member.id)).signInLocked).toBe(true);

    const response = await staffInject(app, admin.cookie, 'POST', `${userUrl(member.id)}/unlock`);
    expect(response.statusCode).toBe(200);
    expect(response.json<UserResponse>().user).toMatchObject({ id: member.id, signInLocked: false });
    const [audit] = await auditRows('account_unlocked', `user:${member.id}`);
    expect(audit).toMatchObject({ actorId: admin.id, actorEmail: admin.email });
    expect((await signInAs(member.email, 'locked-out-1')).statusCode).toBe(200);

    const unknown = await staffInject(app, admin.cookie, 'POST', `${userUrl('no-such-user')}/unlock`);
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    const body = editOf(await rowOf(admin.id), { email: uniqueEmail(), name: 'Nobody' });
    for (const id of ['no-such-user', 'bad%20id', 'x'.repeat(65)]) {
      for (const method of ['PATCH', 'DELETE'] as const) {
        const response = await staffInject(app, admin.cookie, method, userUrl(id), method === 'PATCH' ? body : undefined);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'not_found', message: staffMessages.userNotFound } });
      }
    }
  });

  it('lets only admins manage users', async () => {
    const fulfiller = await harness.signedIn({ role: 'fulfiller' });
    const target = await createStaffMember(harness.services);
    const edit = editOf(await rowOf(target.id), { name: 'Hijacked' });
    const create = { ...newUserDefaults, name: 'Sneaky', email: uniqueEmail(), password: 'sturdy lantern 4 river', role: 'admin' };
    const calls = [
      ['GET', usersUrl, undefined],
      ['POST', usersUrl, create],
      ['PATCH', userUrl(target.id), edit],
      ['DELETE', userUrl(target.id), undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const response = await staffInject(app, fulfiller.cookie, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'permission_denied', message: staffMessages.adminsOnly } });
      expect((await staffInject(app, null, method, url, payload)).statusCode, `${method} ${url} without a session`).toBe(401);
    }
    expect(await rowOf(target.id)).toMatchObject({ name: target.name });
    expect(await harness.database.db.select().from(user).where(eq(user.email, create.email))).toEqual([]);
  });
});

describe("Better Auth's refusals", () => {
  it('become our errors, and a server error stays one', () => {
    const taken = toAppError(new APIError('BAD_REQUEST', { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'User already exists.' }), 'fallback');
    expect(taken).toMatchObject({ code: 'conflict', message: staffMessages.emailTaken });
    expect(toAppError(new APIError('NOT_FOUND', { code: 'USER_NOT_FOUND', message: 'User not found' }), 'fallback')).toMatchObject({ code: 'not_found', message: staffMessages.userNotFound });
    expect(toAppError(new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_SHORT', message: 'short' }), 'fallback')).toMatchObject({
      code: 'validation_failed',
      fields: { password: [staffMessages.passwordTooShort] },
    });
    const unknown = toAppError(new APIError('BAD_REQUEST', { code: 'SOMETHING_NEW', message: 'Something new' }), staffMessages.saveUserFailed);
    expect(unknown).toBeInstanceOf(AppError);
    expect(unknown).toMatchObject({ code: 'bad_request', message: staffMessages.saveUserFailed });
    expect(toAppError(new APIError('UNAUTHORIZED'), 'fallback')).toMatchObject({ code: 'unauthorized' });

    const serverError = new APIError('INTERNAL_SERVER_ERROR', { message: 'boom' });
    expect(toAppError(serverError, 'fallback')).toBe(serverError);
    const plain = new Error('plain');
    expect(toAppError(plain, 'fallback')).toBe(plain);
  });

  it("recognises PostgreSQL's unique violation however it is wrapped", () => {
    expect(isUniqueViolation(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: Object.assign(new Error('duplicate'), { code: '23505' }) }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('other'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
