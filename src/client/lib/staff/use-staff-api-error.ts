import { useCallback, useEffect } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { isUnauthenticated, retryStaffQuery } from './staff-api';
import { loginPathFor, type LoginPageState } from './login-redirect';

/**
 * Handles what every staff page does alike with a failed API call: a 401 means the session ended
 * while the page was open, so the user goes back to the login page (and returns here after signing
 * in). Answers whether the error was handled; any other error is left to the caller.
 */
export function useStaffApiErrorHandler(): (error: unknown) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (error: unknown) => {
      if (!isUnauthenticated(error)) return false;
      const state: LoginPageState = { notice: staffMessages.sessionExpired };
      void navigate(loginPathFor(location), { replace: true, state });
      return true;
    },
    [navigate, location],
  );
}

/**
 * `useQuery` for the staff panel: no retry of 4xx answers, and an ended session sends the user to
 * the login page. Mutations call `useStaffApiErrorHandler()` in their `onError`.
 */
export function useManageQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>,
): UseQueryResult<TData, Error> {
  const query = useQuery<TQueryFnData, Error, TData, TQueryKey>({ retry: retryStaffQuery, ...options });
  const handleError = useStaffApiErrorHandler();
  const { error } = query;
  useEffect(() => {
    if (error) handleError(error);
  }, [error, handleError]);
  return query;
}
