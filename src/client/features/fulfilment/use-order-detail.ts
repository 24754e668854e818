import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiRequest } from '#client/lib/api.ts';
import { isDenied, isUnauthenticated } from '#client/lib/staff/staff-api.ts';
import { useManageQuery } from '#client/lib/staff/use-staff-api-error.ts';
import { ordersListKey } from './orders-list-query';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type {
  OrderDetailResponse,
  OrderUpdateInput,
  RevealSsnRequest,
  RevealSsnResponse,
  StaffListResponse,
} from '#shared/fulfilment/orders.ts';
import type { SsnField } from '#shared/application/contact.ts';

export const orderQueryKey = (orderId: number) => ['manage-order', orderId] as const;
const staffQueryKey = ['manage-staff'] as const;

const orderPath = (orderId: number) => `/api/manage/orders/${orderId}`;

/**
 * One order as staff see it (null id: the address holds no order number, nothing is asked). A 404 is
 * the page's "Order not found"; an ended session goes to the login page; any other failure is told
 * in a toast.
 */
export function useOrderDetail(orderId: number | null) {
  const query = useManageQuery({
    queryKey: orderQueryKey(orderId ?? 0),
    queryFn: () => apiRequest<OrderDetailResponse>('GET', orderPath(orderId ?? 0)),
    enabled: orderId !== null,
  });

  const notFound = orderId === null || (query.error instanceof ApiError && query.error.code === 'not_found');
  const failed = query.isError && !notFound && !isUnauthenticated(query.error);
  useEffect(() => {
    // The id keeps a re-render from stacking a second toast for the same failure.
    if (failed) toast.error(staffMessages.loadOrderFailed, { id: `order-load-${query.errorUpdatedAt}` });
  }, [failed, query.errorUpdatedAt]);

  return {
    order: query.data?.order ?? null,
    emails: query.data?.emails ?? [],
    loading: query.isPending && orderId !== null,
    notFound,
    failed,
    retry: () => void query.refetch(),
  };
}

/** Everyone an order can be assigned to; a failure is told once and leaves the select with what it knows. */
export function useAssignableStaff() {
  const query = useManageQuery({
    queryKey: staffQueryKey,
    queryFn: () => apiRequest<StaffListResponse>('GET', '/api/manage/staff'),
    staleTime: 60_000,
  });
  const failed = query.isError && !isUnauthenticated(query.error);
  useEffect(() => {
    if (failed) toast.error(staffMessages.loadProfilesFailed, { id: `staff-load-${query.errorUpdatedAt}` });
  }, [failed, query.errorUpdatedAt]);
  return { staff: query.data?.staff ?? [], loading: query.isPending };
}

/** Saves the Order Management card; the answer is the order as it now stands. */
export function useUpdateOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: OrderUpdateInput) => apiRequest<OrderDetailResponse>('PATCH', orderPath(orderId), update),
    onSuccess: async (response) => {
      queryClient.setQueryData(orderQueryKey(orderId), { order: response.order, emails: response.emails });
      // The spec reloads the order after a save: the history and anything changed meanwhile come with it.
      // The list shows status, priority and assignee too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) }),
        queryClient.invalidateQueries({ queryKey: ordersListKey }),
      ]);
    },
  });
}

/** Reads the order again from the server (after a save refused because it changed meanwhile). */
export function useReloadOrder(orderId: number) {
  const queryClient = useQueryClient();
  return async (): Promise<OrderDetailResponse> => {
    const response = await apiRequest<OrderDetailResponse>('GET', orderPath(orderId));
    queryClient.setQueryData(orderQueryKey(orderId), response);
    await queryClient.invalidateQueries({ queryKey: ordersListKey });
    return response;
  };
}

/** The message a failed save shows: the server's own for a refused change, the spec's otherwise. */
export function updateFailureMessage(error: unknown): string {
  const refused =
    error instanceof ApiError && (error.code === 'bad_request' || error.code === 'validation_failed' || error.code === 'conflict' || error.code === 'order_changed' || isDenied(error));
  if (refused && error.message) return error.message;
  return staffMessages.updateOrderFailed;
}

/** Asks for one SSN of the order in full (the server records who asked, and which). */
export function useRevealSsn(orderId: number, field: SsnField = 'rpSSN') {
  return useMutation({
    mutationFn: () => apiRequest<RevealSsnResponse>('POST', `${orderPath(orderId)}/ssn`, { field } satisfies RevealSsnRequest),
  });
}
