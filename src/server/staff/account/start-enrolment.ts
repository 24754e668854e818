import type { FastifyReply, FastifyRequest } from 'fastify';
import { APIError } from 'better-auth/api';
import type { Services } from '#server/contracts/index.ts';
import type { StaffServices } from '../staff-services';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import { headersOf, staffOf } from '../guard/staff-request';
import { claimSignInCheck, recordSignInSuccess, refuseNoSooner } from '../sign-in/sign-in-throttle';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { secretOfOtpauthUri, twoFactorMessages, type ConfirmPassword, type EnrolmentResponse } from '#shared/staff/two-factor.ts';

/**
 * Checks the member's password again (through the sign-in throttle, as a password change does) and
 * runs `check` with it; a wrong password is a field message on `password`.
 */
export async function withPasswordCheck<T>(
  { database }: Pick<Services, 'database'>,
  request: FastifyRequest,
  reply: FastifyReply,
  check: () => Promise<T>,
): Promise<T> {
  const { db } = database;
  const started = Date.now();
  const { user } = staffOf(request);
  const claim = await claimSignInCheck(db, user.email, request.ip);
  if (!claim.allowed) {
    reply.header('retry-after', String(claim.retryAfterSeconds));
    throw new AppError('rate_limited', staffMessages.tooManySignInAttempts);
  }
  try {
    const result = await check();
    await recordSignInSuccess(db, user.email, request.ip, claim);
    return result;
  } catch (error) {
    if (!(error instanceof APIError) || error.body?.code !== 'INVALID_PASSWORD') throw error;
    await recordAudit(db, { actor: { id: user.id, email: user.email }, action: 'sign_in_failed', target: `user:${user.id}`, detail: { reason: 'password_confirmation' }, ipAddress: request.ip });
    return refuseNoSooner(started, new AppError('validation_failed', staffMessages.currentPasswordWrong, { password: [staffMessages.currentPasswordWrong] }));
  }
}

/**
 * Starts (or starts again) the member's enrolment: Better Auth's two-factor plugin makes a new secret
 * and ten recovery codes (stored hashed), kept unconfirmed until the member types a code from the app.
 * The codes are answered this once.
 */
export async function startEnrolment(
  services: Pick<Services, 'database'> & Pick<StaffServices, 'auth'>,
  request: FastifyRequest,
  reply: FastifyReply,
  input: ConfirmPassword,
): Promise<EnrolmentResponse> {
  const staff = staffOf(request);
  if (staff.twoFactorEnabled) throw new AppError('conflict', twoFactorMessages.alreadyEnrolled);
  if (staff.required === 'password_change') throw new AppError('password_change_required', twoFactorMessages.passwordChangeRequired);
  const started = await withPasswordCheck(services, request, reply, () =>
    services.auth.api.enableTwoFactor({ body: { password: input.password }, headers: headersOf(request) }),
  );
  if (started.method !== 'totp' || !started.totpURI || !started.backupCodes) throw new Error('Two-factor set-up did not answer a TOTP secret');
  return { otpauthUri: started.totpURI, secret: secretOfOtpauthUri(started.totpURI), recoveryCodes: started.backupCodes };
}
