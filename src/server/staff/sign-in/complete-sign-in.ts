import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Services } from '#server/contracts/index.ts';
import type { StaffServices } from '../staff-services';
import { session as sessionTable, user as userTable } from '#server/db/index.ts';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import { forwardCookies, headersOf } from '../guard/staff-request';
import { sessionRequirementOf, toStaffUser } from '../guard/staff-session';
import { withPasswordChangeReason } from '../guard/password-change-reason';
import { isStaffRole } from '#shared/staff/roles.ts';
import { twoFactorMessages, type SecondFactor, type SignedInSession } from '#shared/staff/two-factor.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { claimTwoFactorCheck, recordTwoFactorSuccess, refuseNoSooner } from './sign-in-throttle';
import { sessionCookiePrefix } from '../auth/create-staff-auth';
import { findPendingSignIn, wrongSecondFactor } from './second-factor';

/**
 * The sign-in's second step for an enrolled member: the code (or a recovery code) for the sign-in
 * waiting in the `two_factor` cookie. A right one starts the session. Every refusal takes at least
 * `refusedSignInMinMs`.
 */
export async function completeSignIn(
  { database, guards, verifySecondFactor }: Pick<Services, 'database'> & Pick<StaffServices, 'guards' | 'verifySecondFactor'>,
  request: FastifyRequest,
  reply: FastifyReply,
  factor: SecondFactor,
): Promise<SignedInSession> {
  const started = Date.now();
  const { db } = database;
  const address = request.ip;

  const pending = await findPendingSignIn(db, request.headers.cookie, sessionCookiePrefix);
  if (!pending) return refuseNoSooner(started, new AppError('two_factor_expired', twoFactorMessages.signInTimedOut));
  const actor = { id: pending.id, email: pending.email };

  // Claimed before the code is checked, atomically per account (decision 018, 024).
  const claim = await claimTwoFactorCheck(db, pending.email);
  if (!claim.allowed) {
    await recordAudit(db, { actor, action: 'sign_in_throttled', target: `user:${pending.id}`, detail: { step: 'two_factor' }, ipAddress: address });
    reply.header('retry-after', String(claim.retryAfterSeconds));
    return refuseNoSooner(started, new AppError('rate_limited', twoFactorMessages.tooManyCodes));
  }

  const outcome = await verifySecondFactor(headersOf(request), factor, pending.id);
  if (outcome.outcome !== 'verified') {
    await recordAudit(db, { actor, action: 'two_factor_failed', target: `user:${pending.id}`, detail: { step: 'sign_in', outcome: outcome.outcome }, ipAddress: address });
    if (outcome.outcome === 'expired') return refuseNoSooner(started, new AppError('two_factor_expired', twoFactorMessages.signInTimedOut));
    if (outcome.outcome === 'locked') return refuseNoSooner(started, new AppError('rate_limited', twoFactorMessages.tooManyCodes));
    return refuseNoSooner(started, wrongSecondFactor(factor));
  }

  await recordTwoFactorSuccess(db, pending.email);
  const [member] = await db.select().from(userTable).where(eq(userTable.id, pending.id));
  if (outcome.token) {
    await db.update(sessionTable).set({ ipAddress: address, twoFactorVerifiedAt: new Date() }).where(eq(sessionTable.token, outcome.token));
  }
  if (!member || !isStaffRole(member.role)) {
    if (outcome.token) await db.delete(sessionTable).where(eq(sessionTable.token, outcome.token));
    await recordAudit(db, { actor, action: 'access_denied', target: `user:${pending.id}`, detail: { reason: 'no_role' }, ipAddress: address });
    return refuseNoSooner(started, new AppError('access_denied', staffMessages.accessDenied));
  }
  if ('recoveryCode' in factor) {
    await recordAudit(db, { actor, action: 'recovery_code_used', target: `user:${pending.id}`, detail: { step: 'sign_in' }, ipAddress: address });
  }
  await recordAudit(db, { actor, action: 'sign_in', target: `user:${pending.id}`, detail: { secondFactor: 'code' in factor ? 'code' : 'recovery_code' }, ipAddress: address });
  forwardCookies(reply, outcome.headers);
  return withPasswordChangeReason(db, pending.id, {
    user: toStaffUser({ ...member, role: member.role }),
    required: sessionRequirementOf(member, guards.mfaRequired),
    twoFactorEnabled: member.twoFactorEnabled,
  });
}
