import { useEffect } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import { orderListQuerySchema, type OrderListQuery, type OrderListResponse } from '#shared/fulfilment/orders.ts';
import { isUnauthenticated } from '#client/lib/staff/staff-api.ts';
import { useManageQuery } from '#client/lib/staff/use-staff-api-error.ts';

/** Every query of the orders list starts with this, so a saved order can refresh them all. */
export const ordersListKey = ['manage-orders', 'list'] as const;

/** The list's filters from the page's address; anything unrecognisable falls back to its default. */
export function readOrderListQuery(searchParams: URLSearchParams): OrderListQuery {
  return orderListQuerySchema.parse(Object.fromEntries(searchParams));
}

/** The filters as address parameters, leaving out defaults so a plain list has a plain address. */
export function orderListSearchParams(query: OrderListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status !== 'all') params.set('status', query.status);
  if (query.priority !== 'all') params.set('priority', query.priority);
  if (query.language !== 'all') params.set('language', query.language);
  if (query.search) params.set('search', query.search);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.after !== undefined) params.set('after', String(query.after));
  if (query.before !== undefined) params.set('before', String(query.before));
  return params;
}

function ordersListUrl(query: OrderListQuery): string {
  const params = orderListSearchParams(query).toString();
  return params ? `/api/manage/orders?${params}` : '/api/manage/orders';
}

/**
 * One page of orders. The previous page stays on screen while the next loads. A failure is only
 * logged (spec 02 section 8): the page then shows its empty state.
 */
export function useOrdersList(query: OrderListQuery) {
  const result = useManageQuery({
    queryKey: [...ordersListKey, query],
    queryFn: () => apiRequest<OrderListResponse>('GET', ordersListUrl(query)),
    placeholderData: keepPreviousData,
  });
  const { error } = result;
  useEffect(() => {
    if (error && !isUnauthenticated(error)) console.error('Failed to load orders', error);
  }, [error]);
  return result;
}
