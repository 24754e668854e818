import { APIError } from 'better-auth/api';
import { and, eq, gt } from 'drizzle-orm';
import { user, verification, type Db } from '#server/db/index.ts';
import type { StaffAuth } from '../auth/create-staff-auth';
import type { RecoveryCodeHasher } from '../auth/recovery-codes';
import { claimTotpCode, matchingTotpStep } from '../auth/claim-totp-code';
import { twoFactorMessages, type SecondFactor } from '#shared/staff/two-factor.ts';
import { AppError } from '#server/errors.ts';

// The second factor, checked by Better Auth's two-factor plugin (decision 024). The panel's routes
// claim a check from the throttle first (`claimTwoFactorCheck`), then call `verify` here, once.

export type SecondFactorOutcome =
  | { outcome: 'verified'; headers: Headers; /** The new session's token at sign-in; null at step-up. */ token: string | null }
  /** The code or recovery code is wrong (or the recovery code was used already). */
  | { outcome: 'wrong' }
  /** The sign-in waiting for a code is unknown, expired, or used up its attempts. */
  | { outcome: 'expired' }
  /** Better Auth's own lock after 10 wrong codes in a row. */
  | { outcome: 'locked' };

/**
 * Checks one code of the member `memberId`. With a session in `headers` it is that member's code
 * (enrolment confirmation, step-up); without one, the pending sign-in's (the `two_factor` cookie), and
 * a right code starts the session. A right authenticator code is claimed before it counts, so it is
 * accepted once (decision 038): used again, even at once from another process, it is wrong. Tests
 * wrap this to count the checks.
 */
export type SecondFactorVerifier = (headers: Headers, factor: SecondFactor, memberId: string) => Promise<SecondFactorOutcome>;

export function createSecondFactorVerifier(auth: StaffAuth, recoveryCodes: RecoveryCodeHasher, db: Db): SecondFactorVerifier {
  return async (headers, factor, memberId) => {
    try {
      if ('code' in factor) {
        const step = await matchingTotpStep(auth, db, memberId, factor.code);
        if (step !== null && !(await claimTotpCode(db, memberId, factor.code, step))) return { outcome: 'wrong' };
      }
      const result =
        'code' in factor
          ? await auth.api.verifyTOTP({ body: { code: factor.code }, headers, returnHeaders: true })
          : await auth.api.verifyBackupCode({ body: { code: recoveryCodes.hash(factor.recoveryCode) }, headers, returnHeaders: true });
      return { outcome: 'verified', headers: result.headers, token: sessionTokenOf(result.headers) };
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      const code = error.body?.code;
      if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE' || code === 'TOTP_NOT_ENABLED' || code === 'BACKUP_CODES_NOT_ENABLED') return { outcome: 'wrong' };
      if (code === 'ACCOUNT_TEMPORARILY_LOCKED') return { outcome: 'locked' };
      if (code === 'INVALID_TWO_FACTOR_COOKIE' || code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return { outcome: 'expired' };
      // A recovery code spent by a concurrent request: the same as a used one.
      if (error.statusCode === 409) return { outcome: 'wrong' };
      throw error;
    }
  };
}

/** The session token a `Set-Cookie` from Better Auth carries (the signed cookie's value before its signature). */
export function sessionTokenOf(headers: Headers | null | undefined): string | null {
  for (const cookie of headers?.getSetCookie() ?? []) {
    const match = /^(?:__Secure-)?[^=]*\.session_token=([^;]+)/.exec(cookie);
    if (!match?.[1]) continue;
    const value = decodeURIComponent(match[1]);
    const token = value.slice(0, value.indexOf('.'));
    if (token) return token;
  }
  return null;
}

/** The value of the cookie named `<prefix>.<name>` (or its `__Secure-` form) in a `Cookie` header. */
function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name || key === `__Secure-${name}`) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The member a sign-in waiting for its code belongs to, read from the `two_factor` cookie's
 * identifier (Better Auth checks the cookie's signature itself when the code is verified). Null when
 * there is no such pending sign-in, so nothing is counted against anyone.
 */
export async function findPendingSignIn(db: Db, cookieHeader: string | undefined, cookiePrefix: string): Promise<{ id: string; email: string } | null> {
  const signed = cookieValue(cookieHeader, `${cookiePrefix}.two_factor`);
  if (!signed) return null;
  const identifier = signed.slice(0, signed.lastIndexOf('.'));
  if (!identifier.startsWith('2fa-')) return null;
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** The refusal of a wrong code, with the message under the field that held it. */
export function wrongSecondFactor(factor: SecondFactor): AppError {
  return 'code' in factor
    ? new AppError('invalid_code', twoFactorMessages.codeWrong, { code: [twoFactorMessages.codeWrong] })
    : new AppError('invalid_code', twoFactorMessages.recoveryCodeWrong, { recoveryCode: [twoFactorMessages.recoveryCodeWrong] });
}
