import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { orderStatusLabels } from '#shared/orders/lifecycle.ts';
import type { StatusHistoryEntry } from '#shared/fulfilment/orders.ts';
import { statusChangerName, systemChangerLabels } from '#shared/orders/status-changers.ts';
import { formatLongDateTime } from './order-formats';

/** Who made a change: the customer, a staff member, the part of the service that made it, or a deleted account; a first status recorded without one was the payment's. */
function changerName(entry: StatusHistoryEntry): string {
  if (entry.fromStatus === null && !entry.changedBy && !entry.changedBySystem) return systemChangerLabels.checkout;
  return statusChangerName(entry);
}

/** Every status change, oldest first, as the server recorded it. */
export function OrderStatusHistoryCard({ history }: { history: readonly StatusHistoryEntry[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Status History</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3">
          {history.map((entry, index) => (
            <li key={`${entry.changedAt}-${index}`} className="rounded-lg border border-slate-200 p-3 text-sm">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
                {entry.fromStatus ? (
                  <>
                    <span>{orderStatusLabels[entry.fromStatus]}</span>
                    <span className="text-slate-500">→</span>
                  </>
                ) : null}
                <span>{orderStatusLabels[entry.toStatus]}</span>
              </p>
              <p className="mt-1 text-slate-600">
                {changerName(entry)} · <time dateTime={entry.changedAt}>{formatLongDateTime(entry.changedAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
