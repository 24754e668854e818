import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { AppServices } from '../../services';
import { session as sessionTable, user as userTable } from '../../db';
import { recordAudit } from '../../audit';
import { AppError } from '../../errors';
import { parseWith, siteOrigin } from '../../http';
import { forwardCookies, headersOf, sessionRequirementOf, signedInSessionOf, staffOf, toStaffUser } from '../guard/staff-guard';
import { isStaffRole, signInSchema } from '../../../shared/staff/session';
import { secondFactorSchema, twoFactorMessages, type SignedInSession, type SignInResponse } from '../../../shared/staff/two-factor';
import { staffMessages } from '../../../shared/staff/staff-messages';
import { claimSignInCheck, claimTwoFactorCheck, recordSignInSuccess, recordTwoFactorSuccess, refusedSignInMinMs } from './sign-in-throttle';
import { sessionCookiePrefix } from '../auth/create-staff-auth';
import { findPendingSignIn, wrongSecondFactor } from './second-factor';
import { notifyAccountAttack } from './notify-account-attack';

export { refusedSignInMinMs };

/**
 * `POST|GET|DELETE /api/manage/session`: sign in (the password, then `POST /api/manage/session/two-factor`
 * with the code for an enrolled member), who is signed in, sign out.
 */
export function registerStaffSessionRoutes(
  app: FastifyInstance,
  { auth, database, guards, outbox, env, verifySecondFactor }: Pick<AppServices, 'auth' | 'database' | 'guards' | 'outbox' | 'env' | 'verifySecondFactor'>,
): void {
  const { db } = database;

  app.post('/api/manage/session', async (request, reply) => {
    const started = Date.now();
    const { email, password } = parseWith(signInSchema, request.body);
    const address = request.ip;

    const refuse = async (error: AppError): Promise<never> => {
      await sleep(Math.max(0, started + refusedSignInMinMs - Date.now()));
      throw error;
    };

    // The attempt is counted before the password is checked (decision 018).
    const claim = await claimSignInCheck(db, email, address);
    if (!claim.allowed) {
      await recordAudit(db, { actor: null, action: 'sign_in_throttled', target: email.toLowerCase(), ipAddress: address });
      if (claim.accountBudgetJustExceeded) {
        await notifyAccountAttack({ db, outbox, email, origin: siteOrigin(env, request) });
      }
      reply.header('retry-after', String(claim.retryAfterSeconds));
      return refuse(new AppError('rate_limited', staffMessages.tooManySignInAttempts));
    }

    let result;
    try {
      result = await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: headersOf(request), returnHeaders: true });
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      if (error.body?.code === 'BANNED_USER') {
        // The password was right (Better Auth checks suspension only then), so this is no guess.
        await recordAudit(db, { actor: null, action: 'access_denied', target: email.toLowerCase(), detail: { reason: 'suspended' }, ipAddress: address });
        return refuse(new AppError('account_suspended', staffMessages.suspended));
      }
      await recordAudit(db, { actor: null, action: 'sign_in_failed', target: email.toLowerCase(), ipAddress: address });
      return refuse(new AppError('invalid_credentials', staffMessages.invalidCredentials));
    }

    // The password was right: its checks are given back whatever comes next.
    await recordSignInSuccess(db, email, address, claim);

    const response = result.response as unknown;
    if (typeof response === 'object' && response !== null && 'twoFactorRedirect' in response) {
      // An enrolled member: Better Auth made no session, only the short-lived `two_factor` cookie
      // that the code step below reads.
      forwardCookies(reply, result.headers);
      const body: SignInResponse = { twoFactorRequired: true };
      return body;
    }

    const { user, token } = result.response;
    const actor = { id: user.id, email: user.email };
    if (!isStaffRole(user.role)) {
      await db.delete(sessionTable).where(eq(sessionTable.token, token));
      await recordAudit(db, { actor, action: 'access_denied', target: `user:${user.id}`, detail: { reason: 'no_role' }, ipAddress: address });
      return refuse(new AppError('access_denied', staffMessages.accessDenied));
    }

    // Better Auth reads the address from forwarding headers only; the request's own (after the
    // `TRUST_PROXY` rule) is the one My account shows.
    await db.update(sessionTable).set({ ipAddress: address }).where(eq(sessionTable.token, token));
    await recordAudit(db, { actor, action: 'sign_in', target: `user:${user.id}`, ipAddress: address });
    forwardCookies(reply, result.headers);
    // Not enrolled yet: this session may only set up two-factor sign-in (or choose a new password first).
    const body: SignInResponse = {
      user: toStaffUser({ ...user, role: user.role }),
      required: sessionRequirementOf(user, guards.mfaRequired),
      twoFactorEnabled: false,
    };
    return body;
  });

  app.post('/api/manage/session/two-factor', async (request, reply) => {
    const started = Date.now();
    const factor = parseWith(secondFactorSchema, request.body);
    const address = request.ip;
    const refuse = async (error: AppError): Promise<never> => {
      await sleep(Math.max(0, started + refusedSignInMinMs - Date.now()));
      throw error;
    };

    const pending = await findPendingSignIn(db, request.headers.cookie, sessionCookiePrefix);
    if (!pending) return refuse(new AppError('two_factor_expired', twoFactorMessages.signInTimedOut));
    const actor = { id: pending.id, email: pending.email };

    // Claimed before the code is checked, atomically per account (decision 018, 024).
    const claim = await claimTwoFactorCheck(db, pending.email);
    if (!claim.allowed) {
      await recordAudit(db, { actor, action: 'sign_in_throttled', target: `user:${pending.id}`, detail: { step: 'two_factor' }, ipAddress: address });
      reply.header('retry-after', String(claim.retryAfterSeconds));
      return refuse(new AppError('rate_limited', twoFactorMessages.tooManyCodes));
    }

    const outcome = await verifySecondFactor(headersOf(request), factor);
    if (outcome.outcome !== 'verified') {
      await recordAudit(db, { actor, action: 'two_factor_failed', target: `user:${pending.id}`, detail: { step: 'sign_in', outcome: outcome.outcome }, ipAddress: address });
      if (outcome.outcome === 'expired') return refuse(new AppError('two_factor_expired', twoFactorMessages.signInTimedOut));
      if (outcome.outcome === 'locked') return refuse(new AppError('rate_limited', twoFactorMessages.tooManyCodes));
      return refuse(wrongSecondFactor(factor));
    }

    await recordTwoFactorSuccess(db, pending.email);
    const [member] = await db.select().from(userTable).where(eq(userTable.id, pending.id));
    if (outcome.token) {
      await db.update(sessionTable).set({ ipAddress: address, twoFactorVerifiedAt: new Date() }).where(eq(sessionTable.token, outcome.token));
    }
    if (!member || !isStaffRole(member.role)) {
      if (outcome.token) await db.delete(sessionTable).where(eq(sessionTable.token, outcome.token));
      await recordAudit(db, { actor, action: 'access_denied', target: `user:${pending.id}`, detail: { reason: 'no_role' }, ipAddress: address });
      return refuse(new AppError('access_denied', staffMessages.accessDenied));
    }
    if ('recoveryCode' in factor) {
      await recordAudit(db, { actor, action: 'recovery_code_used', target: `user:${pending.id}`, detail: { step: 'sign_in' }, ipAddress: address });
    }
    await recordAudit(db, { actor, action: 'sign_in', target: `user:${pending.id}`, detail: { secondFactor: 'code' in factor ? 'code' : 'recovery_code' }, ipAddress: address });
    forwardCookies(reply, outcome.headers);
    const body: SignedInSession = {
      user: toStaffUser({ ...member, role: member.role }),
      required: sessionRequirementOf(member, guards.mfaRequired),
      twoFactorEnabled: member.twoFactorEnabled,
    };
    return body;
  });

  app.get('/api/manage/session', { preHandler: guards.requireStaffSession }, async (request) => {
    const body: SignedInSession = signedInSessionOf(staffOf(request), guards.mfaRequired);
    return body;
  });

  app.delete('/api/manage/session', async (request, reply) => {
    const found = await auth.api.getSession({ headers: headersOf(request) }).catch(() => null);
    try {
      const result = await auth.api.signOut({ headers: headersOf(request), returnHeaders: true });
      forwardCookies(reply, result.headers);
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
    }
    // Without a session there is nothing to end: 401 like every staff route, with any stale cookie cleared above.
    if (!found) throw new AppError('unauthorized', staffMessages.notAuthenticated);
    await recordAudit(db, { actor: { id: found.user.id, email: found.user.email }, action: 'sign_out', target: `user:${found.user.id}`, ipAddress: request.ip });
    // The session is gone either way; a suspended user or one without a role still hears why they are out.
    if (found.user.banned) throw new AppError('account_suspended', staffMessages.suspended);
    if (!isStaffRole(found.user.role)) throw new AppError('access_denied', staffMessages.accessDenied);
    return reply.status(204).send();
  });
}

