import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppServices } from '#server/services.ts';
import { session, user } from '#server/db/index.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { secretOfOtpauthUri } from '#shared/staff/two-factor.ts';
import { passwordProblem } from '#shared/staff/password-rule.ts';
import { currentTotpCodeOf } from '../support/totp';

// Staff accounts for every kind of test: the server tests, the browser tests' set-up API and the bench.

export type TestStaffMember = {
  id: string;
  email: string;
  password: string;
  name: string;
  role: StaffRole;
  /** The authenticator's secret as text (base32) when enrolled, for `totpCodeOf`; null when not. */
  totpSecret: string | null;
};

export type StaffMemberOptions = {
  /** `none`: an account without a staff role. */
  role?: StaffRole | 'none';
  name?: string;
  email?: string;
  password?: string;
  suspended?: boolean;
  priorityFulfiller?: boolean;
  notificationEnabled?: boolean;
  /** Enrolled in two-factor sign-in, as every member is after their first sign-in (the default). */
  enrolled?: boolean;
  /** Must choose a new password at the next sign-in, as after an admin set their password. */
  mustChangePassword?: boolean;
};

let nextStaff = 0;

/**
 * A password long and random enough for the password rule (decision 038), so a sign-in never asks to
 * change it; drawn again in the rare case its random letters spell a part of the owner's name or e-mail
 * ("Ada Admin" and "…ada…"). Nothing in it comes from the account counter: from the hundredth account
 * on, the default name's number ("Staff Member 100") is a part of the name the rule refuses. Thirteen
 * characters, just over the rule's twelve: the rule's strength estimate takes 110 ms for 27 of them
 * and 26 ms for 13, and each account is checked twice (here and by the server).
 */
export function drawStaffPassword(owner: { email: string; name: string }): string {
  for (let draw = 0; draw < 100; draw += 1) {
    const password = `pw-${randomBytes(5).toString('hex')}`;
    if (passwordProblem(password, owner, null) === null) return password;
  }
  throw new Error(`No password drawn for ${owner.name} <${owner.email}> passes the password rule`);
}

/**
 * A staff account made through Better Auth, as the Users screen makes them, and enrolled in two-factor
 * sign-in through its plugin (unless `enrolled: false`), so that signing in gives a session that has
 * passed both steps, as every staff route expects. Left-out names, e-mails and passwords are drawn
 * fresh, so parallel tests never share an account by accident.
 */
export async function createStaffMember(services: Pick<AppServices, 'auth' | 'database'>, options: StaffMemberOptions = {}): Promise<TestStaffMember> {
  nextStaff += 1;
  const unique = `${nextStaff}-${randomBytes(3).toString('hex')}`;
  const role = options.role ?? 'fulfiller';
  const name = options.name ?? `Staff Member ${nextStaff}`;
  const email = (options.email ?? `staff${unique}@example.com`).toLowerCase();
  const password = options.password ?? drawStaffPassword({ email, name });
  const created = await services.auth.api.createUser({ body: { email, password, name, role: role === 'none' ? 'fulfiller' : role } });
  // Enrolment signs in, so it comes before any suspension.
  const totpSecret = options.enrolled === false ? null : await enrolStaffMember(services, { id: created.user.id, email, password });
  await services.database.db
    .update(user)
    .set({
      role: role === 'none' ? null : role,
      banned: options.suspended ?? false,
      priorityFulfiller: options.priorityFulfiller ?? false,
      notificationEnabled: options.notificationEnabled ?? true,
      mustChangePassword: options.mustChangePassword ?? false,
    })
    .where(eq(user.id, created.user.id));
  return { id: created.user.id, email, password, name, role: role === 'none' ? 'fulfiller' : role, totpSecret };
}

/** `name=value` pairs of a response's `Set-Cookie` headers, as a `Cookie` header. */
export function cookieHeaderOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/**
 * Enrols a member in two-factor sign-in as the enrolment screen does, through Better Auth's plugin:
 * a session from the password, a new secret, and a code computed from it to confirm. The session is
 * ended afterwards. Answers the secret as text (base32), from which tests compute codes.
 */
export async function enrolStaffMember({ auth, database }: Pick<AppServices, 'auth' | 'database'>, member: { id: string; email: string; password: string }): Promise<string> {
  const signedIn = await auth.api.signInEmail({ body: { email: member.email, password: member.password }, returnHeaders: true });
  const headers = new Headers({ cookie: cookieHeaderOf(signedIn.headers) });
  const started = await auth.api.enableTwoFactor({ body: { password: member.password }, headers });
  if (started.method !== 'totp') throw new Error('No TOTP secret was made');
  const secret = secretOfOtpauthUri(started.totpURI);
  await auth.api.verifyTOTP({ body: { code: await currentTotpCodeOf(secret) }, headers });
  await database.db.delete(session).where(eq(session.userId, member.id));
  return secret;
}
