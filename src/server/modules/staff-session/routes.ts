import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { AppServices } from '../../services';
import { session as sessionTable } from '../../db/schema';
import { recordAudit } from '../../audit/audit-log';
import { AppError } from '../../plugins/errors';
import { parseWith } from '../../plugins/validation';
import { forwardCookies, headersOf, staffOf, toStaffUser } from '../../plugins/staff-guard';
import { isStaffRole, signInSchema, type SessionResponse } from '../../../shared/staff/session';
import { staffMessages } from '../../../shared/staff/staff-messages';
import { claimSignInCheck, recordSignInSuccess, refusedSignInMinMs } from '../../auth/sign-in-throttle';

export { refusedSignInMinMs };
import { notifyAccountAttack } from './notify-account-attack';
import { siteOrigin } from '../../site-links';

/** `POST|GET|DELETE /api/manage/session`: sign in, who is signed in, sign out. */
export function registerStaffSessionRoutes(app: FastifyInstance, { auth, database, guards, outbox, env }: Pick<AppServices, 'auth' | 'database' | 'guards' | 'outbox' | 'env'>): void {
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

    const { user, token } = result.response;
    const actor = { id: user.id, email: user.email };
    if (!isStaffRole(user.role)) {
      await db.delete(sessionTable).where(eq(sessionTable.token, token));
      await recordAudit(db, { actor, action: 'access_denied', target: `user:${user.id}`, detail: { reason: 'no_role' }, ipAddress: address });
      return refuse(new AppError('access_denied', staffMessages.accessDenied));
    }

    await recordSignInSuccess(db, email, address, claim);
    // Better Auth reads the address from forwarding headers only; the request's own (after the
    // `TRUST_PROXY` rule) is the one My account shows.
    await db.update(sessionTable).set({ ipAddress: address }).where(eq(sessionTable.token, token));
    await recordAudit(db, { actor, action: 'sign_in', target: `user:${user.id}`, ipAddress: address });
    forwardCookies(reply, result.headers);
    const body: SessionResponse = { user: toStaffUser({ ...user, role: user.role }) };
    return body;
  });

  app.get('/api/manage/session', { preHandler: guards.requireStaff }, async (request) => {
    const body: SessionResponse = { user: staffOf(request).user };
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
