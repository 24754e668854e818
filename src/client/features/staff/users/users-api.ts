import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, isFailedCall } from '#client/lib/api.ts';
import type { CreateUser, StaffUserRow, UpdateUser, UserResponse, UsersResponse } from '#shared/staff/users.ts';
import { staffSessionKey } from '#client/lib/staff/staff-api.ts';
import { useManageQuery } from '#client/lib/staff/use-staff-api-error.ts';

export const usersKey = ['manage-users'] as const;

export function useUsers() {
  return useManageQuery({ queryKey: usersKey, queryFn: () => apiRequest<UsersResponse>('GET', '/api/manage/users') });
}

/** What a failed save or delete says: the server's own message for a refused request, else the fallback. */
export function userFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !isFailedCall(error) && error.message) return error.message;
  return fallback;
}

export type SaveUser = { id: null; values: CreateUser } | { id: string; values: UpdateUser };

/** Creates a user (id null) or updates one; the list, and names shown elsewhere, are then reloaded. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: SaveUser) =>
      id === null
        ? apiRequest<UserResponse>('POST', '/api/manage/users', values)
        : apiRequest<UserResponse>('PATCH', `/api/manage/users/${encodeURIComponent(id)}`, values),
    onSuccess: async () => {
      // A renamed user is also an assignee on orders, and may be the one signed in.
      void queryClient.invalidateQueries({ queryKey: ['manage-orders'] });
      void queryClient.invalidateQueries({ queryKey: staffSessionKey });
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: StaffUserRow) => apiRequest<null>('DELETE', `/api/manage/users/${encodeURIComponent(user.id)}`),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: ['manage-orders'] });
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}

/** Lets an account whose sign-in is held back by failed attempts sign in again at once. */
export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: StaffUserRow) => apiRequest<UserResponse>('POST', `/api/manage/users/${encodeURIComponent(user.id)}/unlock`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}

/** Removes another member's authenticator and recovery codes; they set it up again at their next sign-in. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: StaffUserRow) => apiRequest<UserResponse>('POST', `/api/manage/users/${encodeURIComponent(user.id)}/two-factor/reset`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}
