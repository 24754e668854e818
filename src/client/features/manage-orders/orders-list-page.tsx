import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../paths';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { OrderPriority, OrderStatus } from '../../../shared/orders/statuses';
import { ordersPageSize, type OrderListQuery } from '../../../shared/staff/orders';
import { can } from '../../../shared/staff/permissions';
import { useStaffUser } from '../../lib/staff/staff-session-context';
import { OrdersListCounters } from './orders-list-counters';
import { OrdersListFilters } from './orders-list-filters';
import { OrdersListTable } from './orders-list-table';
import { orderListSearchParams, readOrderListQuery, useOrdersList } from './orders-list-query';

const countFormat = new Intl.NumberFormat('en-US');

/**
 * `/manage/orders`: the counters, the filters and one page of orders. The filters and the page live
 * in the address, so a reload, a shared link and back/forward all show the same list.
 */
export function OrdersListPage() {
  const user = useStaffUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readOrderListQuery(searchParams);
  const list = useOrdersList(query);

  const showQuery = useCallback(
    (change: Partial<OrderListQuery>) => {
      setSearchParams((current) => {
        const previous = readOrderListQuery(current);
        // Another filter is another list: it starts at its first page.
        return orderListSearchParams({ ...previous, page: 1, ...change });
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
  const pageCount = Math.max(1, Math.ceil((response?.total ?? 0) / pageSize));
  const page = Math.min(query.page, pageCount);
  const firstLoad = list.isPending;
  const summary = firstLoad ? '' : list.error || !response ? 'No orders found' : `${countFormat.format(response.total)} ${response.total === 1 ? 'order' : 'orders'} found`;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <title>Orders Management | EIN Filing Service</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Orders Management</h1>
        <p className="mt-1 text-slate-600">{can(user, 'orders:read-all') ? 'Every paid order, newest first.' : 'The orders assigned to you, newest first.'}</p>
      </div>

      <section aria-label="Order counters">
        <OrdersListCounters values={list.error ? undefined : response?.counters} />
      </section>

      <Card>
        <div className="border-b border-slate-200 p-4 sm:p-6 sm:pb-4">
          <OrdersListFilters
            query={query}
            onStatusChange={(status: OrderStatus | 'all') => showQuery({ status })}
            onPriorityChange={(priority: OrderPriority | 'all') => showQuery({ priority })}
            onSearchChange={onSearchChange}
          />
          <p role="status" className="text-sm text-slate-600">
            {summary}
          </p>
        </div>
        <div aria-busy={list.isFetching} className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <OrdersListTable orders={orders} loading={firstLoad} />
        </div>
        {orders.length > 0 || query.page > 1 ? (
          <nav aria-label="Pagination" className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 sm:px-6">
            <Button variant="secondary" disabled={page <= 1} onClick={() => showQuery({ ...query, page: page - 1 })}>
              <ChevronLeft className="hidden size-4 sm:block" aria-hidden="true" />
              Previous
            </Button>
            <p className="text-sm whitespace-nowrap text-slate-700">
              Page {page} of {pageCount}
            </p>
            <Button variant="secondary" disabled={page >= pageCount} onClick={() => showQuery({ ...query, page: page + 1 })}>
              Next
              <ChevronRight className="hidden size-4 sm:block" aria-hidden="true" />
            </Button>
          </nav>
        ) : null}
      </Card>
    </div>
  );
}
