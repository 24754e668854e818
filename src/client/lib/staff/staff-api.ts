import { ApiError, apiRequest, hasErrorCode, isFailedCall } from '../api';
import type { SignIn } from '#shared/staff/session.ts';
import type { SecondFactor, SignedInSession, SignInResponse } from '#shared/staff/two-factor.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { staffSessionQuery } from '#shared/site/signed-in-pages.ts';
import { getAnswered } from '../page-answers';

/** The signed-in staff member, shared by the login page and the `/manage` layout. */
export const staffSessionKey = staffSessionQuery.key;

export function fetchStaffSession(): Promise<SignedInSession> {
  return getAnswered<SignedInSession>(staffSessionQuery.url);
}

/** The password step: signed in, or (for an enrolled member) the code is still to come. */
export function signInStaff(credentials: SignIn): Promise<SignInResponse> {
  return apiRequest<SignInResponse>('POST', '/api/manage/session', credentials);
}

/** The code step of a sign-in. */
export function submitSignInCode(factor: SecondFactor): Promise<SignedInSession> {
  return apiRequest<SignedInSession>('POST', '/api/manage/session/two-factor', factor);
}

export async function signOutStaff(): Promise<void> {
  await apiRequest<null>('DELETE', '/api/manage/session');
}

// The answers that mean nobody is signed in on this browser (any more).
const signedOutCodes: ReadonlySet<ApiError['code']> = new Set(['unauthorized', 'session_expired', 'mfa_required']);

/** No session, or it ended (expired, signed out elsewhere). */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && signedOutCodes.has(error.code);
}

// The answers that refuse this account the panel (or the request) whatever it asks.
const deniedCodes: ReadonlySet<ApiError['code']> = new Set(['forbidden', 'access_denied', 'account_suspended', 'permission_denied', 'cross_origin']);

/** The account may not use the panel: suspended, no staff role, or the role does not allow it. */
export function isDenied(error: unknown): boolean {
  return error instanceof ApiError && deniedCodes.has(error.code);
}

/** The spec's message for a refused account (02, sections 6 and 8). */
export function deniedMessage(error: unknown): string {
  return hasErrorCode(error, 'account_suspended') ? staffMessages.suspended : staffMessages.accessDenied;
}

/**
 * A staff query is tried once more only when the network or the server failed: an answer about the
 * session or the request (4xx) will not change on a retry.
 */
export function retryStaffQuery(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isFailedCall(error);
}
