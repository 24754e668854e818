import { APIError } from 'better-auth/api';
import { AppError } from '#server/errors.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';

// Better Auth answers the panel's mistakes (a taken e-mail, an unknown user, a short password) with
// its own codes and English; the browser must get our codes and the spec's messages instead.

const byAuthCode: Record<string, () => AppError> = {
  USER_ALREADY_EXISTS: () => new AppError('conflict', staffMessages.emailTaken, { email: [staffMessages.emailTaken] }),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: () => new AppError('conflict', staffMessages.emailTaken, { email: [staffMessages.emailTaken] }),
  USER_NOT_FOUND: () => new AppError('not_found', staffMessages.userNotFound),
  YOU_CANNOT_BAN_YOURSELF: () => new AppError('bad_request', staffMessages.cannotSuspendSelf),
  YOU_CANNOT_REMOVE_YOURSELF: () => new AppError('bad_request', staffMessages.cannotDeleteSelf),
  INVALID_EMAIL: () => new AppError('validation_failed', staffMessages.emailInvalid, { email: [staffMessages.emailInvalid] }),
  PASSWORD_TOO_SHORT: () => new AppError('validation_failed', staffMessages.passwordTooShort, { password: [staffMessages.passwordTooShort] }),
  PASSWORD_TOO_LONG: () => new AppError('validation_failed', staffMessages.passwordTooLong, { password: [staffMessages.passwordTooLong] }),
};

/**
 * Runs a Better Auth call, turning its refusals into `AppError`s: known codes get our message, any
 * other client error `fallback`; a server error stays one.
 */
export async function withAuthErrors<T>(fallback: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(error, fallback);
  }
}

export function toAppError(error: unknown, fallback: string): unknown {
  if (!(error instanceof APIError)) return error;
  const code = typeof error.body?.code === 'string' ? error.body.code : '';
  const known = byAuthCode[code];
  if (known) return known();
  const status = error.statusCode;
  if (status === 401) return new AppError('unauthorized', staffMessages.notAuthenticated);
  if (status === 403) return new AppError('permission_denied', staffMessages.adminsOnly);
  if (status === 404) return new AppError('not_found', staffMessages.userNotFound);
  if (status >= 400 && status < 500) return new AppError('bad_request', fallback);
  return error;
}

/** True for PostgreSQL's unique violation, however deep the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
