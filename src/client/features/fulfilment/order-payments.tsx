import { Badge } from '#client/components/ui/badge.tsx';
import { formatUsd } from '#shared/money.ts';
import type { OrderDetail } from '#shared/fulfilment/orders.ts';
import { disputeStatusLabels, refundReasonLabels, type RefundEntry } from '#shared/refunds/refunds.ts';
import { deletedAccountLabel } from '#shared/orders/status-changers.ts';
import { formatLongDate } from './order-formats';
import { RefundDialog } from './refund-dialog';
import { useOrderPermissions } from './use-order-permissions';

const refundStateTone = { succeeded: 'success', pending: 'warning', failed: 'danger' } as const;
const refundStateLabel = { succeeded: 'Refunded', pending: 'Pending', failed: 'Failed' } as const;

function whoRefunded(refund: RefundEntry): string {
  if (refund.source === 'customer') return 'Customer';
  if (refund.source === 'provider') return 'Payment provider';
  return refund.requestedBy?.name ?? deletedAccountLabel;
}

/** Paid, refunded and net; each refund; and the Refund button for those who may refund. */
export function OrderPayments({ order }: { order: OrderDetail }) {
  const may = useOrderPermissions(order);
  const { payments } = order;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-3 gap-2 text-sm" aria-label="Payment amounts">
        <Amount label="Paid" cents={payments.paidCents} />
        <Amount label="Refunded" cents={payments.refundedCents} />
        <Amount label="Net" cents={payments.netCents} />
      </dl>
      {payments.pendingCents > 0 ? <p className="text-sm text-yellow-900">{formatUsd(payments.pendingCents)} waits for the payment provider's confirmation.</p> : null}
      {payments.dispute ? (
        <p className="text-sm">
          Dispute: <Badge tone={payments.dispute.open ? 'danger' : 'neutral'}>{disputeStatusLabels[payments.dispute.status] ?? payments.dispute.status}</Badge>
        </p>
      ) : null}
      {payments.refunds.length > 0 ? (
        <ul className="space-y-2" aria-label="Refunds">
          {payments.refunds.map((refund) => (
            <li key={refund.id} className="rounded-md border border-slate-200 p-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium tabular-nums text-slate-900">{formatUsd(refund.amountCents)}</span>
                <Badge tone={refundStateTone[refund.state]}>{refundStateLabel[refund.state]}</Badge>
              </div>
              <p className="mt-1 text-slate-700">
                {refundReasonLabels[refund.reason] ?? refund.reason}
                {refund.note ? `: ${refund.note}` : ''}
              </p>
              <p className="text-xs text-slate-600">
                {whoRefunded(refund)}, <time dateTime={refund.createdAt}>{formatLongDate(refund.createdAt)}</time>
              </p>
              {refund.failureMessage ? <p className="text-xs text-red-700">{refund.failureMessage}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {/* Offered while something of the payment can still be given back. */}
      {may('refunds:create') && payments.refundableCents > 0 ? <RefundDialog order={order} /> : null}
    </div>
  );
}

function Amount({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="rounded-md bg-slate-50 p-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900">{formatUsd(cents)}</dd>
    </div>
  );
}

/** The red banner of an order whose payment is disputed. */
export function DisputeBanner({ order }: { order: OrderDetail }) {
  const dispute = order.payments.dispute;
  if (!dispute?.open) return null;
  return (
    <div role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">Payment disputed ({disputeStatusLabels[dispute.status] ?? dispute.status})</p>
      <p className="mt-1">
        The cardholder has disputed this payment{dispute.openedAt ? ` since ${formatLongDate(dispute.openedAt)}` : ''}. The order is on hold; answer the dispute in the
        payment provider before its deadline. Refunds are not possible while it is open.
      </p>
    </div>
  );
}
