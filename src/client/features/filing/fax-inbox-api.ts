import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import { useManageQuery } from '#client/lib/staff/use-staff-api-error.ts';
import type { FaxInboxResponse, InboxFax, MatchFax } from '#shared/filing/filing.ts';

export const faxInboxKey = ['manage-fax-inbox'] as const;
const faxKey = (id: number) => [...faxInboxKey, 'fax', id] as const;

/** The address of page `page` (1-based) of a received fax, as an image. */
export const faxPagePath = (faxId: number, page: number) => `/api/manage/fax-inbox/${faxId}/pages/${page}`;

/** The faxes received, newest first. New ones arrive while the screen is open: it looks again every half minute. */
export function useFaxInbox() {
  return useManageQuery({
    queryKey: faxInboxKey,
    queryFn: () => apiRequest<FaxInboxResponse>('GET', '/api/manage/fax-inbox'),
    select: (response) => [...response.faxes].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || b.id - a.id),
    refetchInterval: 30_000,
  });
}

/** One received fax (null: none chosen). The list's copy shows at once; the server's own replaces it. */
export function useInboxFax(id: number | null, listed: InboxFax | undefined) {
  return useManageQuery({
    queryKey: faxKey(id ?? 0),
    queryFn: () => apiRequest<{ fax: InboxFax }>('GET', `/api/manage/fax-inbox/${id ?? 0}`),
    select: (response) => response.fax,
    enabled: id !== null,
    placeholderData: listed ? { fax: listed } : undefined,
  });
}

/** Confirms the order a fax answers and its EIN: the order is completed and the customer e-mailed. */
export function useMatchFax(faxId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (match: MatchFax) => apiRequest<{ fax: InboxFax }>('POST', `/api/manage/fax-inbox/${faxId}/match`, match),
    onSuccess: async (response) => {
      queryClient.setQueryData(faxKey(faxId), { fax: response.fax });
      // The order it answered changed too: its page and the orders list read it again when next shown.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: faxInboxKey }),
        queryClient.invalidateQueries({ queryKey: ['manage-order'] }),
        queryClient.invalidateQueries({ queryKey: ['manage-orders'] }),
      ]);
    },
  });
}
