import type { FastifyReply, FastifyRequest } from 'fastify';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Services } from '#server/contracts/index.ts';
import type { StaffServices } from '../staff-services';
import { session as sessionTable, user as userTable, type Db } from '#server/db/index.ts';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import { siteOrigin } from '#server/http/index.ts';
import { forwardCookies, headersOf } from '../guard/staff-request';
import { sessionRequirementOf, toStaffUser } from '../guard/staff-session';
import { withPasswordChangeReason } from '../guard/password-change-reason';
import type { SignIn } from '#shared/staff/session.ts';
import { isStaffRole } from '#shared/staff/roles.ts';
import type { SignInResponse } from '#shared/staff/two-factor.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { passwordProblem } from '#shared/staff/password-rule.ts';
import { claimSignInCheck, recordSignInSuccess, refuseNoSooner } from './sign-in-throttle';
import { notifyAccountAttack } from './notify-account-attack';

/**
 * The sign-in's first step: the e-mail and password. A member without two-factor sign-in gets a
 * session at once (one that may only enrol); an enrolled member gets the short-lived `two_factor`
 * cookie that `completeSignIn` reads. Every refusal takes at least `refusedSignInMinMs`.
 */
export async function signInWithPassword(
  { auth, database, guards, outbox, env }: Pick<Services, 'database' | 'outbox' | 'env'> & Pick<StaffServices, 'auth' | 'guards'>,
  request: FastifyRequest,
  reply: FastifyReply,
  { email, password }: SignIn,
): Promise<SignInResponse> {
  const started = Date.now();
  const { db } = database;
  const address = request.ip;

  // The attempt is counted before the password is checked (decision 018).
  const claim = await claimSignInCheck(db, email, address);
  if (!claim.allowed) {
    await recordAudit(db, { actor: null, action: 'sign_in_throttled', target: email.toLowerCase(), ipAddress: address });
    if (claim.accountBudgetJustExceeded) {
      await notifyAccountAttack({ db, outbox, email, origin: siteOrigin(env, request) });
    }
    reply.header('retry-after', String(claim.retryAfterSeconds));
    return refuseNoSooner(started, new AppError('rate_limited', staffMessages.tooManySignInAttempts));
  }

  let result;
  try {
    result = await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: headersOf(request), returnHeaders: true });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.body?.code === 'BANNED_USER') {
      // The password was right (Better Auth checks suspension only then), so this is no guess.
      await recordAudit(db, { actor: null, action: 'access_denied', target: email.toLowerCase(), detail: { reason: 'suspended' }, ipAddress: address });
      return refuseNoSooner(started, new AppError('account_suspended', staffMessages.suspended));
    }
    await recordAudit(db, { actor: null, action: 'sign_in_failed', target: email.toLowerCase(), ipAddress: address });
    return refuseNoSooner(started, new AppError('invalid_credentials', staffMessages.invalidCredentials));
  }

  // The password was right: its checks are given back whatever comes next.
  await recordSignInSuccess(db, email, address, claim);
  // A password chosen before the current rule still opens the account, once more: the member must
  // choose one the rule accepts before anything else (decision 038).
  await requireChangeOfRefusedPassword(db, email, password, address);

  const response = result.response as unknown;
  if (typeof response === 'object' && response !== null && 'twoFactorRedirect' in response) {
    // An enrolled member: Better Auth made no session, only the short-lived `two_factor` cookie
    // that the code step reads.
    forwardCookies(reply, result.headers);
    return { twoFactorRequired: true };
  }

  const { user, token } = result.response;
  const actor = { id: user.id, email: user.email };
  if (!isStaffRole(user.role)) {
    await db.delete(sessionTable).where(eq(sessionTable.token, token));
    await recordAudit(db, { actor, action: 'access_denied', target: `user:${user.id}`, detail: { reason: 'no_role' }, ipAddress: address });
    return refuseNoSooner(started, new AppError('access_denied', staffMessages.accessDenied));
  }

  // Better Auth reads the address from forwarding headers only; the request's own (after the
  // `TRUST_PROXY` rule) is the one My account shows.
  await db.update(sessionTable).set({ ipAddress: address }).where(eq(sessionTable.token, token));
  await recordAudit(db, { actor, action: 'sign_in', target: `user:${user.id}`, ipAddress: address });
  forwardCookies(reply, result.headers);
  // Not enrolled yet: this session may only set up two-factor sign-in (or choose a new password first).
  const [member] = await db.select({ mustChangePassword: userTable.mustChangePassword }).from(userTable).where(eq(userTable.id, user.id));
  return withPasswordChangeReason(db, user.id, {
    user: toStaffUser({ ...user, role: user.role }),
    required: sessionRequirementOf({ ...user, mustChangePassword: member?.mustChangePassword ?? user.mustChangePassword }, guards.mfaRequired),
    twoFactorEnabled: false,
  });
}

/** Marks the member to choose a new password when the one they signed in with breaks the rule. */
async function requireChangeOfRefusedPassword(db: Db, email: string, password: string, address: string): Promise<void> {
  const [member] = await db
    .select({ id: userTable.id, email: userTable.email, name: userTable.name, mustChangePassword: userTable.mustChangePassword })
    .from(userTable)
    .where(eq(userTable.email, email.trim().toLowerCase()));
  if (!member || member.mustChangePassword || passwordProblem(password, member) === null) return;
  await db.transaction(async (tx) => {
    await tx.update(userTable).set({ mustChangePassword: true }).where(eq(userTable.id, member.id));
    await recordAudit(tx, { actor: { id: member.id, email: member.email }, action: 'password_change_required', target: `user:${member.id}`, ipAddress: address });
  });
}
