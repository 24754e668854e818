import { ApiError, apiRequest } from '../api';
import type { SessionResponse, SignIn } from '../../../shared/staff/session';

/** The signed-in staff member, shared by the login page and the `/manage` layout. */
export const staffSessionKey = ['staff-session'] as const;

export function fetchStaffSession(): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('GET', '/api/manage/session');
}

export function signInStaff(credentials: SignIn): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('POST', '/api/manage/session', credentials);
}

export async function signOutStaff(): Promise<void> {
  await apiRequest<null>('DELETE', '/api/manage/session');
}

/** No session, or it ended (expired, signed out elsewhere, suspended since). */
export function isUnauthenticated(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/**
 * A staff query is tried once more only when the network or the server failed: an answer about the
 * session or the request (4xx) will not change on a retry.
 */
export function retryStaffQuery(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof ApiError && (error.status === 0 || error.status >= 500);
}
