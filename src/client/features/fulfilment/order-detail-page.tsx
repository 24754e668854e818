import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ArrowLeft, FileLock2 } from 'lucide-react';
import { Button, ButtonLink } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useStaffUser } from '#client/lib/staff/staff-session-context.tsx';
import { can } from '#shared/staff/permissions.ts';
import type { OrderDetail } from '#shared/fulfilment/orders.ts';
import { paths } from '#client/paths.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { CommentsCard } from './comments-card';
import { OrderApplicationCard } from './order-application-card';
import { formatLongDate } from './order-formats';
import { OrderManagementCard } from './order-management-card';
import { OrderStatusHistoryCard } from './order-status-history-card';
import { OrderEmailsCard } from './order-emails-card';
import { OrderSignatureCard } from './order-signature-card';
import { OrderFilingCard } from './order-filing-card';
import { useOrderDetail } from './use-order-detail';
import { DisputeBanner } from './order-payments';
import { PossibleDuplicateBanner } from './possible-duplicate-banner';

/** The route's id as a whole number; anything else names no order. */
export function parseOrderId(id: string | undefined): number | null {
  if (!id || !/^\d{1,15}$/.test(id)) return null;
  const value = Number(id);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * What the orders list may put in the history entry of the link it opens this page with, so Back
 * to Orders returns to the same filters.
 */
export type OrderDetailLinkState = { ordersSearch?: string };

/** `/manage/orders/{id}`: one order, its management form, signature and filing, the application, comments, history and e-mails. */
export function OrderDetailPage() {
  const { id } = useParams();
  const orderId = parseOrderId(id);
  const { order, emails, loading, notFound, failed, retry } = useOrderDetail(orderId);
  const user = useStaffUser();

  if (loading) {
    return (
      <PageFrame title="Order Details">
        <p role="status" className="py-12 text-center text-slate-600">
          Loading order details...
        </p>
      </PageFrame>
    );
  }

  if (!order) {
    return (
      <PageFrame title={notFound ? staffMessages.orderNotFound : 'Order Details'}>
        <div className="py-12 text-center">
          {notFound ? (
            <h1 className="text-xl font-semibold text-slate-900">{staffMessages.orderNotFound}</h1>
          ) : failed ? (
            <>
              <h1 className="text-xl font-semibold text-slate-900">{staffMessages.loadOrderFailed}</h1>
              <Button variant="secondary" className="mt-4" onClick={retry}>
                Try again
              </Button>
            </>
          ) : null}
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={`Order #${order.applicationId}`}>
      <header className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-all text-slate-900 sm:text-3xl">Order #{order.applicationId}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Created on <time dateTime={order.createDate}>{formatLongDate(order.createDate)}</time>
          </p>
        </div>
        {can(user, 'customers:data-requests') && !order.personalDataErasedAt ? (
          <ButtonLink variant="secondary" to={`${paths.manageCustomerData}?order=${order.id}`}>
            <FileLock2 className="size-4" aria-hidden="true" />
            Customer Data
          </ButtonLink>
        ) : null}
      </header>
      <DisputeBanner order={order} />
      <PossibleDuplicateBanner order={order} />

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {/* On wide screens the form stays in view while the application beside it is read. */}
        <div className="lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:overflow-y-auto">
          <div className="flex flex-col gap-6">
            <OrderManagementCard order={order} />
            <OrderSignatureCard order={order} />
            {order.filing ? <OrderFilingCard order={order} filing={order.filing} /> : null}
          </div>
        </div>
        {order.personalDataErasedAt ? <ErasedApplicationCard order={order} /> : <OrderApplicationCard order={order} />}
      </div>

      <div className={`mt-6 grid items-start gap-6 ${order.statusHistory.length > 0 || emails.length > 0 ? 'lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : ''}`}>
        <CommentsCard orderId={order.id} assignedTo={order.assignee?.id ?? null} />
        {order.statusHistory.length > 0 || emails.length > 0 ? (
          <div className="grid gap-6">
            {order.statusHistory.length > 0 ? <OrderStatusHistoryCard history={order.statusHistory} /> : null}
            {emails.length > 0 ? <OrderEmailsCard emails={emails} /> : null}
          </div>
        ) : null}
      </div>
    </PageFrame>
  );
}

/** In place of the application once the retention window or the customer's request erased it. */
function ErasedApplicationCard({ order }: { order: OrderDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Data Erased</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm text-slate-700">
        <p>
          On <time dateTime={order.personalDataErasedAt ?? undefined}>{formatLongDate(order.personalDataErasedAt ?? '')}</time> this order&apos;s application,
          e-mail address, SSNs, signed SS-4, e-mails and comments were deleted. Its amount, dates and status are kept for bookkeeping.
        </p>
        {order.einLastFour ? <p className="font-medium text-slate-900">EIN ending in {order.einLastFour}</p> : null}
      </CardContent>
    </Card>
  );
}

function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl">
      <title>{title}</title>
      <BackToOrders />
      {children}
    </div>
  );
}

/**
 * A plain link to the list; when the list opened this page, a plain click goes back to the list as
 * it was filtered.
 */
function BackToOrders() {
  const location = useLocation();
  const navigate = useNavigate();
  const ordersSearch = (location.state as OrderDetailLinkState | null)?.ordersSearch;

  function backToFilteredList(event: MouseEvent<HTMLAnchorElement>) {
    if (!ordersSearch || !ordersSearch.startsWith('?')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ pathname: paths.manageOrders, search: ordersSearch });
  }

  return (
    <Link
      to={paths.manageOrders}
      onClick={backToFilteredList}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Orders
    </Link>
  );
}
