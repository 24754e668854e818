import { useCallback } from 'react';
import { paths } from '#client/paths.ts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import type { OrderPriority } from '#shared/orders/lifecycle.ts';
import { ordersPageSize, type OrderLanguageFilter, type OrderListQuery, type OrderStatusFilter } from '#shared/fulfilment/orders.ts';
import { can } from '#shared/staff/permissions.ts';
import { useStaffUser } from '#client/lib/staff/staff-session-context.tsx';
import { OrdersListCounters } from './orders-list-counters';
import { OrdersListFilters } from './orders-list-filters';
import { OrdersListTable } from './orders-list-table';
import { orderListSearchParams, readOrderListQuery, useOrdersList } from './orders-list-query';
import { useSearchParamsNow } from '#client/lib/use-search-params-now.ts';

const countFormat = new Intl.NumberFormat('en-US');

/**
 * `/manage/orders`: the counters, the filters and one page of orders. The filters and the page live
 * in the address, so a reload, a shared link and back/forward all show the same list.
 */
export function OrdersListPage() {
  const user = useStaffUser();
  const [searchParams, setSearchParams] = useSearchParamsNow();
  const query = readOrderListQuery(searchParams);
  const list = useOrdersList(query);

  const showQuery = useCallback(
    (change: Partial<OrderListQuery>) => {
      setSearchParams((current) => {
        const previous = readOrderListQuery(current);
        // Another filter is another list: it starts at its first page.
        return orderListSearchParams({ ...previous, page: 1, after: undefined, before: undefined, ...change });
      });
    },
    [setSearchParams],
  );
  const onSearchChange = useCallback(
    (search: string) => {
      // A search still pending when an order is opened must not pull the user back to the list while
      // the order page loads (the list stays on screen until then).
      if (window.location.pathname !== paths.manageOrders) return;
      showQuery({ search });
    },
    [showQuery],
  );

  const response = list.data;
  const orders = list.error ? [] : (response?.orders ?? []);
  const pageSize = response?.pageSize ?? ordersPageSize;
  const total = response?.total ?? 0;
  // A very broad search is counted up to a limit: its pages are numbered without a last one.
  const pageCount = response?.totalIsLowerBound ? null : Math.max(1, Math.ceil(total / pageSize));
  const page = pageCount === null ? query.page : Math.min(query.page, pageCount);
  const firstLoad = list.isPending;
  const found = response?.totalIsLowerBound ? `${countFormat.format(total)}+ orders found` : `${countFormat.format(total)} ${total === 1 ? 'order' : 'orders'} found`;
  const summary = firstLoad ? '' : list.error || !response ? 'No orders found' : found;
  const counterHref = (status: OrderStatusFilter) => {
    const params = orderListSearchParams({ ...query, status, page: 1, after: undefined, before: undefined }).toString();
    return params ? `${paths.manageOrders}?${params}` : paths.manageOrders;
  };
  // Next and Previous go by key from the page shown (the list may change meanwhile); the number is the label's.
  const previousCursor = response?.previousCursor ?? null;
  const nextCursor = response?.nextCursor ?? null;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <title>Orders Management | EIN Filing Service</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Orders Management</h1>
        <p className="mt-1 text-slate-600">{can(user, 'orders:read-all') ? 'Every paid order, newest first.' : 'The orders assigned to you, newest first.'}</p>
      </div>

      <section aria-label="Order counters">
        <OrdersListCounters values={list.error ? undefined : response?.counters} status={query.status} hrefOf={counterHref} />
      </section>

      <Card>
        <div className="border-b border-slate-200 p-4 sm:p-6 sm:pb-4">
          <OrdersListFilters
            query={query}
            onStatusChange={(status: OrderStatusFilter) => showQuery({ status })}
            onPriorityChange={(priority: OrderPriority | 'all') => showQuery({ priority })}
            onLanguageChange={(language: OrderLanguageFilter) => showQuery({ language })}
            onSearchChange={onSearchChange}
          />
          <p role="status" className="text-sm text-slate-600">
            {summary}
          </p>
        </div>
        <div aria-busy={list.isFetching} className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <OrdersListTable orders={orders} loading={firstLoad} />
        </div>
        {orders.length > 0 || query.page > 1 || previousCursor !== null ? (
          <nav aria-label="Pagination" className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 sm:px-6">
            <Button
              variant="secondary"
              disabled={previousCursor === null}
              onClick={() => previousCursor !== null && showQuery({ ...query, page: Math.max(1, page - 1), before: previousCursor, after: undefined })}
            >
              <ChevronLeft className="hidden size-4 sm:block" aria-hidden="true" />
              Previous
            </Button>
            <p className="text-sm whitespace-nowrap text-slate-700">{pageCount === null ? `Page ${page}` : `Page ${page} of ${pageCount}`}</p>
            <Button
              variant="secondary"
              disabled={nextCursor === null}
              onClick={() => nextCursor !== null && showQuery({ ...query, page: page + 1, after: nextCursor, before: undefined })}
            >
              Next
              <ChevronRight className="hidden size-4 sm:block" aria-hidden="true" />
            </Button>
          </nav>
        ) : null}
      </Card>
    </div>
  );
}
