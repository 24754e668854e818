import { Link, useLocation } from 'react-router';
import { Badge, type BadgeTone, type BadgeVariant } from '#client/components/ui/badge.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { manageOrderPath } from '#client/paths.ts';
import { formatUsd } from '#shared/money.ts';
import { dueDateIndicator, type DueDateTone } from '#shared/orders/due-date.ts';
import { isInStatusGroup, orderPriorityLabels, orderStatusLabels, type OrderPriority } from '#shared/orders/lifecycle.ts';
import type { OrderListItem } from '#shared/fulfilment/orders.ts';
import type { OrderDetailLinkState } from './order-detail-page';
import { businessTimeZone } from '#shared/dates.ts';

const priorityVariants: Record<OrderPriority, BadgeVariant> = { standard: 'default', express: 'secondary', rush: 'destructive' };
const dueTones: Record<DueDateTone, BadgeTone> = { red: 'danger', orange: 'caution', yellow: 'warning', green: 'success' };

const listDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
// A due date is the business's day (Eastern), the day its badge counts from.
const listDueDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: businessTimeZone });

function formatListDate(isoDate: string, format = listDate): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : format.format(date);
}

/** An e-mail address that may wrap before its @ rather than anywhere inside a word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/**
 * One line (or two), cut with an ellipsis where it does not fit; the whole text is its tooltip and stays in the
 * page for screen readers and copying.
 */
function TruncatedText({ text, className = '', lines = 1 }: { text: string | null; className?: string; lines?: 1 | 2 }) {
  if (!text) return <span className="block text-slate-600">—</span>;
  return (
    <span className={`${lines === 1 ? 'block truncate' : 'line-clamp-2 break-words'} ${className}`.trim()} title={text}>
      {text}
    </span>
  );
}

// The View link's column stays in sight at the table's right edge, should the table ever scroll sideways.
const actionsColumn = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)]';

function PriorityBadge({ priority }: { priority: OrderPriority }) {
  return <Badge variant={priorityVariants[priority]}>{orderPriorityLabels[priority]}</Badge>;
}

/** The due date and how close it is; the label says it, the colour only repeats it. */
function DueDate({ order, now }: { order: OrderListItem; now: Date }) {
  if (!order.dueDate) return <span className="text-slate-500">—</span>;
  // A finished order is not late: its date stays, without the urgency.
  const indicator = isInStatusGroup('closed', order.status) ? null : dueDateIndicator(new Date(order.dueDate), now);
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="whitespace-nowrap">{formatListDate(order.dueDate, listDueDate)}</span>
      {indicator ? <Badge tone={dueTones[indicator.tone]}>{indicator.label}</Badge> : null}
    </span>
  );
}

function ViewLink({ order }: { order: OrderListItem }) {
  // The list's filters travel with the link, so the order's "Back to Orders" returns to this list.
  const { search } = useLocation();
  const state: OrderDetailLinkState = { ordersSearch: search };
  return (
    <Link
      to={manageOrderPath(order.id)}
      state={state}
      aria-label={`View order ${order.applicationId}`}
      className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      View
    </Link>
  );
}

type OrdersListTableProps = {
  orders: readonly OrderListItem[];
  /** Nothing to show yet (the first load). */
  loading: boolean;
  now?: Date;
};

/**
 * The orders: a table on wide screens, one card per order on narrow ones (the same facts, labelled),
 * so a phone reads them without scrolling sideways.
 */
export function OrdersListTable({ orders, loading, now = new Date() }: OrdersListTableProps) {
  if (loading) {
    return (
      <p role="status" className="px-4 py-12 text-center text-slate-600">
        Loading orders...
      </p>
    );
  }
  if (orders.length === 0) {
    return <p className="px-4 py-12 text-center text-slate-600">No orders found</p>;
  }
  return (
    <>
      {/* Fixed columns: the narrow ones get what their content needs, the order and e-mail columns share
          the rest (cut with a tooltip), so the table fits its box from 1280 px up without scrolling. */}
      <Table containerClassName="hidden xl:block" className="table-fixed" aria-label="Orders">
        <colgroup>
          <col />
          <col />
          <col className="w-20" />
          <col className="w-30" />
          <col className="w-24" />
          <col className="w-24" />
          <col className="w-26" />
          <col className="w-27" />
          <col className="w-19" />
        </colgroup>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>
              Order # <span className="font-normal normal-case">/ Company</span>
            </TableHead>
            <TableHead>Billing Email</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Priority</TableHead>
            <TableHead>Assignee</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Due Date</TableHead>
            <TableHead className={`${actionsColumn} bg-slate-50`}>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id} className={order.disputed ? 'bg-red-50 hover:bg-red-100' : undefined}>
              <TableCell className={order.disputed ? 'border-l-4 border-l-red-600' : undefined}>
                <span className="block font-mono text-xs font-semibold whitespace-nowrap text-slate-900">{order.applicationId}</span>
                <DisputedBadge order={order} />
                <TruncatedText text={order.companyName} className="text-slate-600" lines={2} />
              </TableCell>
              <TableCell>
                <TruncatedText text={order.billingEmail} />
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{formatUsd(order.amountCents)}</TableCell>
              <TableCell>{orderStatusLabels[order.status]}</TableCell>
              <TableCell>
                <PriorityBadge priority={order.priority} />
              </TableCell>
              <TableCell>{order.assignee ? <TruncatedText text={order.assignee.name} /> : <span className="text-slate-600">Unassigned</span>}</TableCell>
              <TableCell className="whitespace-nowrap">{formatListDate(order.createDate)}</TableCell>
              <TableCell>
                <DueDate order={order} now={now} />
              </TableCell>
              <TableCell className={`bg-white text-right ${actionsColumn}`}>
                <ViewLink order={order} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="divide-y divide-slate-200 xl:hidden" aria-label="Orders">
        {orders.map((order) => (
          <li key={order.id} className={order.disputed ? 'border-l-4 border-l-red-600 bg-red-50 p-4' : 'p-4'}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-mono text-sm font-semibold text-slate-900">{order.applicationId}</p>
                <DisputedBadge order={order} />
                <p className="truncate text-sm text-slate-700">{order.companyName ?? '—'}</p>
              </div>
              <ViewLink order={order} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
              <div className="col-span-2 sm:col-span-1">
                <dt className="text-xs text-slate-600">Billing Email</dt>
                <dd className="wrap-anywhere text-slate-900">
                  <EmailAddress email={order.billingEmail} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Amount</dt>
                <dd className="text-slate-900 tabular-nums">{formatUsd(order.amountCents)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Status</dt>
                <dd className="text-slate-900">{orderStatusLabels[order.status]}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Priority</dt>
                <dd>
                  <PriorityBadge priority={order.priority} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Assignee</dt>
                <dd className="text-slate-900">{order.assignee?.name ?? 'Unassigned'}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Created</dt>
                <dd className="text-slate-900">{formatListDate(order.createDate)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Due Date</dt>
                <dd className="text-slate-900">
                  <DueDate order={order} now={now} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** An open dispute (chargeback) on the order's payment: red, and said in words. */
function DisputedBadge({ order }: { order: OrderListItem }) {
  return order.disputed ? (
    <Badge variant="destructive" className="mt-1">
      Payment disputed
    </Badge>
  ) : null;
}
