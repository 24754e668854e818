import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import { useManageQuery } from '#client/lib/staff/use-staff-api-error.ts';
import type { AccountResponse, ChangePassword } from '#shared/staff/account.ts';
import type { ConfirmPassword, RecoveryCodesResponse } from '#shared/staff/two-factor.ts';
import type { AlertEmails } from '#shared/alerts/alerts.ts';

export const accountKey = ['manage-account'] as const;

export function useAccount() {
  return useManageQuery({ queryKey: accountKey, queryFn: () => apiRequest<AccountResponse>('GET', '/api/manage/account') });
}

/** Changes the member's own password; their other sessions end, so the list is reloaded. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ChangePassword) => apiRequest<null>('POST', '/api/manage/account/password', values),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKey });
    },
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => apiRequest<null>('DELETE', `/api/manage/account/sessions/${encodeURIComponent(sessionId)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKey });
    },
  });
}

/** Turns the member's own alert e-mails on or off. */
export function useSetAlertEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AlertEmails) => apiRequest<{ alertEmails: boolean }>('PATCH', '/api/manage/account/alert-emails', values),
    onSuccess: ({ alertEmails }) => {
      queryClient.setQueryData<AccountResponse>(accountKey, (account) => (account ? { ...account, alertEmails } : account));
    },
  });
}

/** Ten new recovery codes (the old ones stop working), answered this once. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ConfirmPassword) => apiRequest<RecoveryCodesResponse>('POST', '/api/manage/account/recovery-codes', values),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKey });
    },
  });
}
