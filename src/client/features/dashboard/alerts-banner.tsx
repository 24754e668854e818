import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { getAnswered } from '#client/lib/page-answers.ts';
import { formatEasternShortDateTime } from '#client/lib/business-time.ts';
import { useManageQuery } from '#client/lib/staff/use-staff-api-error.ts';
import { paths } from '#client/paths.ts';
import type { AlertsResponse, OpenAlert } from '#shared/alerts/alerts.ts';
import { openAlertsQuery } from '#shared/site/signed-in-pages.ts';

// The service's alerts open now (members with `alerts:read`), at the top of the dashboard while they
// last: asked again every minute, so one that closes leaves the page and a new one appears.

const alertsRefreshMs = 60_000;

function useOpenAlerts() {
  return useManageQuery({
    queryKey: openAlertsQuery.key,
    queryFn: () => getAnswered<AlertsResponse>(openAlertsQuery.url),
    refetchInterval: alertsRefreshMs,
  });
}

/** The orders list searching for one order. */
function orderSearchHref(trackingNumber: string): string {
  return `${paths.manageOrders}?${new URLSearchParams({ search: trackingNumber }).toString()}`;
}

function AlertItem({ alert }: { alert: OpenAlert }) {
  return (
    <li className="space-y-1 py-3 first:pt-0 last:pb-0">
      <p className="font-semibold text-amber-950">{alert.title}</p>
      <p className="text-sm text-amber-950">{alert.description}</p>
      {alert.trackingNumbers.length > 0 ? (
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm text-amber-950">
          <span>{alert.trackingNumbers.length === 1 ? 'Order:' : 'Orders:'}</span>
          {alert.trackingNumbers.map((trackingNumber) => (
            <Link
              key={trackingNumber}
              to={orderSearchHref(trackingNumber)}
              className="font-mono text-xs font-semibold text-amber-950 underline underline-offset-2 hover:text-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {trackingNumber}
            </Link>
          ))}
        </p>
      ) : null}
      <p className="text-xs text-amber-900">
        Since <time dateTime={alert.startedAt}>{formatEasternShortDateTime(alert.startedAt)}</time>
      </p>
    </li>
  );
}

/** The open alerts, or nothing at all when there are none (or they cannot be read). */
export function AlertsBanner() {
  const alerts = useOpenAlerts();
  const open = alerts.error ? [] : (alerts.data?.alerts ?? []);
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-alerts-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5">
      <h2 id="dashboard-alerts-heading" className="flex items-center gap-2 text-base font-semibold text-amber-950">
        <TriangleAlert className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
        {open.length === 1 ? 'Open alert' : `Open alerts (${open.length})`}
      </h2>
      <ul role="list" className="mt-3 divide-y divide-amber-200">
        {open.map((alert) => (
          <AlertItem key={`${alert.key}-${alert.startedAt}`} alert={alert} />
        ))}
      </ul>
    </section>
  );
}
