import type { FastifyReply, FastifyRequest } from 'fastify';
import { APIError } from 'better-auth/api';
import type { StaffAuth } from '../auth/create-staff-auth';
import { session, user as userTable, type Database } from '#server/db/index.ts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import { forwardCookies, headersOf, staffOf } from '../guard/staff-request';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { ChangePassword } from '#shared/staff/account.ts';
import { passwordProblem } from '#shared/staff/password-rule.ts';
import { claimSignInCheck, recordSignInSuccess, refuseNoSooner } from '../sign-in/sign-in-throttle';

/**
 * Changes the signed-in member's own password. The current password is checked through the sign-in
 * throttle (a stolen session cannot guess it faster than a stranger could), and every session of the
 * member ends; this browser gets a new one, so the member stays signed in here.
 */
export async function changeOwnPassword(
  { auth, database }: { auth: StaffAuth; database: Database },
  request: FastifyRequest,
  reply: FastifyReply,
  input: ChangePassword,
): Promise<void> {
  const { db } = database;
  const started = Date.now();
  const { user, twoFactorVerifiedAt } = staffOf(request);
  const actor = { id: user.id, email: user.email };
  // The rule's e-mail and name check needs the member, which the shared schema does not know.
  const problem = passwordProblem(input.newPassword, { email: user.email, name: user.name });
  if (problem) throw new AppError('validation_failed', problem, { newPassword: [problem] });
  const claim = await claimSignInCheck(db, user.email, request.ip);
  if (!claim.allowed) {
    reply.header('retry-after', String(claim.retryAfterSeconds));
    throw new AppError('rate_limited', staffMessages.tooManySignInAttempts);
  }
  let result;
  try {
    result = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: headersOf(request),
      returnHeaders: true,
    });
  } catch (error) {
    if (!(error instanceof APIError) || error.body?.code !== 'INVALID_PASSWORD') throw error;
    await recordAudit(db, { actor, action: 'sign_in_failed', target: `user:${user.id}`, detail: { reason: 'password_change' }, ipAddress: request.ip });
    return refuseNoSooner(started, new AppError('validation_failed', staffMessages.currentPasswordWrong, { currentPassword: [staffMessages.currentPasswordWrong] }));
  }
  await recordSignInSuccess(db, user.email, request.ip, claim);
  // This browser's new session keeps the code it gave (Better Auth starts it afresh), and the member
  // has now chosen their own password.
  await db.update(userTable).set({ mustChangePassword: false }).where(eq(userTable.id, user.id));
  if (result.response.token) {
    await db.update(session).set({ ipAddress: request.ip, twoFactorVerifiedAt }).where(eq(session.token, result.response.token));
  }
  await recordAudit(db, { actor, action: 'password_changed', target: `user:${user.id}`, ipAddress: request.ip });
  forwardCookies(reply, result.headers);
}
