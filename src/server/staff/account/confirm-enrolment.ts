import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Services } from '#server/contracts/index.ts';
import type { StaffServices } from '../staff-services';
import { session, twoFactor, user } from '#server/db/index.ts';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import { forwardCookies, headersOf, staffOf } from '../guard/staff-request';
import { sessionRequirementOf } from '../guard/staff-session';
import { claimTwoFactorCheck, recordTwoFactorSuccess } from '../sign-in/sign-in-throttle';
import { wrongSecondFactor } from '../sign-in/second-factor';
import { twoFactorMessages, type SignedInSession, type TotpCodeInput } from '#shared/staff/two-factor.ts';

/**
 * Confirms the enrolment with a code from the app. Better Auth then marks the member enrolled and
 * replaces this browser's session; the new one is marked as having given a code now, so the panel
 * (and a step-up's 15 minutes) opens at once.
 */
export async function confirmEnrolment(
  { database, guards, verifySecondFactor }: Pick<Services, 'database'> & Pick<StaffServices, 'guards' | 'verifySecondFactor'>,
  request: FastifyRequest,
  reply: FastifyReply,
  input: TotpCodeInput,
): Promise<SignedInSession> {
  const { db } = database;
  const staff = staffOf(request);
  const actor = { id: staff.user.id, email: staff.user.email };
  if (staff.twoFactorEnabled) throw new AppError('conflict', twoFactorMessages.alreadyEnrolled);
  const [pending] = await db.select({ id: twoFactor.id }).from(twoFactor).where(eq(twoFactor.userId, staff.user.id));
  if (!pending) throw new AppError('conflict', twoFactorMessages.enrolmentNotStarted);

  const claim = await claimTwoFactorCheck(db, staff.user.email);
  if (!claim.allowed) {
    reply.header('retry-after', String(claim.retryAfterSeconds));
    throw new AppError('rate_limited', twoFactorMessages.tooManyCodes);
  }
  const outcome = await verifySecondFactor(headersOf(request), { code: input.code }, staff.user.id);
  if (outcome.outcome !== 'verified') {
    await recordAudit(db, { actor, action: 'two_factor_failed', target: `user:${staff.user.id}`, detail: { step: 'enrolment' }, ipAddress: request.ip });
    throw wrongSecondFactor({ code: input.code });
  }
  await recordTwoFactorSuccess(db, staff.user.email);
  await db.transaction(async (tx) => {
    if (outcome.token) await tx.update(session).set({ twoFactorVerifiedAt: new Date(), ipAddress: request.ip }).where(eq(session.token, outcome.token));
    // Any other session of the member began before this enrolment and never gave a code: it ends.
    const others = await tx.select({ id: session.id, token: session.token }).from(session).where(eq(session.userId, staff.user.id));
    for (const other of others) if (other.token !== outcome.token) await tx.delete(session).where(eq(session.id, other.id));
    await recordAudit(tx, { actor, action: 'two_factor_enrolled', target: `user:${staff.user.id}`, ipAddress: request.ip });
  });
  forwardCookies(reply, outcome.headers);
  const [member] = await db.select({ mustChangePassword: user.mustChangePassword }).from(user).where(eq(user.id, staff.user.id));
  return { user: staff.user, required: sessionRequirementOf({ mustChangePassword: member?.mustChangePassword, twoFactorEnabled: true }, guards.mfaRequired), twoFactorEnabled: true };
}
