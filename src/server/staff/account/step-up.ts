import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Services } from '#server/contracts/index.ts';
import type { StaffServices } from '../staff-services';
import { session } from '#server/db/index.ts';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import { headersOf, staffOf } from '../guard/staff-request';
import { claimTwoFactorCheck, recordTwoFactorSuccess } from '../sign-in/sign-in-throttle';
import { wrongSecondFactor } from '../sign-in/second-factor';
import { twoFactorMessages, type SecondFactor } from '#shared/staff/two-factor.ts';

/**
 * The member gives a code again (or a recovery code) before revealing an SSN or downloading an SS-4;
 * it counts for this session for the next 15 minutes. Throttled like the sign-in's code.
 */
export async function stepUp(
  { database, verifySecondFactor }: Pick<Services, 'database'> & Pick<StaffServices, 'verifySecondFactor'>,
  request: FastifyRequest,
  reply: FastifyReply,
  factor: SecondFactor,
): Promise<{ verifiedAt: string }> {
  const { db } = database;
  const staff = staffOf(request);
  const actor = { id: staff.user.id, email: staff.user.email };
  if (!staff.twoFactorEnabled) throw new AppError('two_factor_enrolment_required', twoFactorMessages.enrolmentRequired);
  const claim = await claimTwoFactorCheck(db, staff.user.email);
  if (!claim.allowed) {
    await recordAudit(db, { actor, action: 'sign_in_throttled', target: `user:${staff.user.id}`, detail: { step: 'step_up' }, ipAddress: request.ip });
    reply.header('retry-after', String(claim.retryAfterSeconds));
    throw new AppError('rate_limited', twoFactorMessages.tooManyCodes);
  }
  const outcome = await verifySecondFactor(headersOf(request), factor, staff.user.id);
  if (outcome.outcome !== 'verified') {
    await recordAudit(db, { actor, action: 'two_factor_failed', target: `user:${staff.user.id}`, detail: { step: 'step_up' }, ipAddress: request.ip });
    if (outcome.outcome === 'locked') throw new AppError('rate_limited', twoFactorMessages.tooManyCodes);
    throw wrongSecondFactor(factor);
  }
  await recordTwoFactorSuccess(db, staff.user.email);
  const verifiedAt = new Date();
  await db.update(session).set({ twoFactorVerifiedAt: verifiedAt }).where(eq(session.id, staff.sessionId));
  if ('recoveryCode' in factor) {
    await recordAudit(db, { actor, action: 'recovery_code_used', target: `user:${staff.user.id}`, detail: { step: 'step_up' }, ipAddress: request.ip });
  }
  return { verifiedAt: verifiedAt.toISOString() };
}
