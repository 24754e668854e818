import { Link } from 'react-router';
import type { OrderDetail } from '#shared/fulfilment/orders.ts';
import { manageOrderPath } from '#client/paths.ts';
import { isKeptOrder } from '#shared/refunds/refunds.ts';
import { formatLongDate } from './order-formats';
import { RefundDialog } from './refund-dialog';
import { useOrderPermissions } from './use-order-permissions';

/**
 * "Possible duplicate" (decision 041): other orders for the same company and responsible party paid
 * within 30 days of this one, each linked, and for those who may refund the full refund of this one as a duplicate,
 * unless the others were refunded already: this is then the order that was kept, and says so.
 */
export function PossibleDuplicateBanner({ order }: { order: OrderDetail }) {
  const may = useOrderPermissions(order);
  const duplicates = order.possibleDuplicates ?? [];
  if (duplicates.length === 0) return null;
  const earlier = duplicates.find((other) => other.createDate < order.createDate);
  const { refundableCents } = order.payments;
  const kept = isKeptOrder(duplicates);
  return (
    <section aria-labelledby="possible-duplicate-heading" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h2 id="possible-duplicate-heading" className="font-semibold">
        Possible duplicate
      </h2>
      <p className="mt-1">The same company name and responsible party&apos;s SSN were paid for within 30 days of this order in:</p>
      <ul className="mt-2 space-y-1">
        {duplicates.map((other) => (
          <li key={other.id}>
            <Link to={manageOrderPath(other.id)} className="font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-900">
              Order #{other.applicationId}
            </Link>
            , paid <time dateTime={other.createDate}>{formatLongDate(other.createDate)}</time>
            {other.createDate < order.createDate ? ' (earlier)' : ' (later)'}
            {other.paymentStatus === 'refunded' ? ', refunded' : ''}
          </li>
        ))}
      </ul>
      {kept ? (
        <p className="mt-2">
          {duplicates.length === 1 ? 'That order was' : 'Those orders were'} refunded in full as the duplicate: this is the order that was kept.
        </p>
      ) : may('refunds:create') && refundableCents > 0 && !order.payments.dispute?.open ? (
        <div className="mt-3">
          <RefundDialog
            order={order}
            triggerLabel="Refund this order in full as a duplicate"
            preset={{ amountCents: refundableCents, reason: 'duplicate_payment', note: earlier ? `Duplicate of order #${earlier.applicationId}.` : '' }}
          />
        </div>
      ) : null}
    </section>
  );
}
