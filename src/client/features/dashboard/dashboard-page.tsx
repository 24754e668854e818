import { Card } from '#client/components/ui/card.tsx';
import { formatEasternDateTime } from '#client/lib/business-time.ts';
import { hasErrorCode } from '#client/lib/api.ts';
import { useStaffUser } from '#client/lib/staff/staff-session-context.tsx';
import { can } from '#shared/staff/permissions.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { ChartRange, DashboardSummary } from '#shared/dashboard/dashboard.ts';
import { AlertsBanner } from './alerts-banner';
import { ChartFigure } from './chart-figure';
import { FiguresTable, NowCounts, pendingSummary } from './figures-table';
import { chartRangeChoices, dashboardChartOrder, readChartRange, useDashboardSummary } from './dashboard-query';
import { useSearchParamsNow } from '#client/lib/use-search-params-now.ts';

/**
 * `/manage/dashboard` (decision 066): the open alerts, the figures for today, the last 7 and the last
 * 30 days beside the periods before, the orders in each stage now, and four charts over a range kept
 * in the address. A member who sees only their own orders reads the same page about those.
 */
export function DashboardPage() {
  const user = useStaffUser();
  const [searchParams, setSearchParams] = useSearchParamsNow();
  const range = readChartRange(searchParams);
  const summary = useDashboardSummary();
  const denied = hasErrorCode(summary.error, 'permission_denied');
  // Until the figures come, the same table with each value pending, so nothing moves when they do.
  const shown = summary.data ?? pendingSummary(can(user, 'dashboard:money'));
  const scope = summary.data?.scope ?? (can(user, 'orders:read-all') ? 'all' : 'own');

  function showRange(next: ChartRange) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('range', next);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <title>Dashboard | EIN Filing Service</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Dashboard</h1>
        <SummaryNotes asOf={summary.data ? summary.data.asOf : undefined} scope={scope} />
      </div>

      {denied ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {staffMessages.accessDenied}
        </p>
      ) : (
        <>
          {can(user, 'alerts:read') ? <AlertsBanner /> : null}

          <section aria-labelledby="dashboard-figures-heading" className="space-y-3">
            <h2 id="dashboard-figures-heading" className="text-lg font-semibold text-slate-900">
              Figures
            </h2>
            {summary.data ? null : (
              <p role="status" className={summary.error ? 'rounded-xl border border-red-200 bg-red-50 p-4 text-red-800' : 'sr-only'}>
                {summary.error ? `The figures could not be loaded: ${summary.error.message}` : 'Loading the figures...'}
              </p>
            )}
            <Card className="overflow-hidden" aria-busy={!summary.data}>
              <FiguresTable summary={shown} />
            </Card>
            {can(user, 'dashboard:money') ? null : <p className="text-sm text-slate-600">Revenue, refunds and disputes are shown to admins only.</p>}
            <h3 className="pt-2 text-base font-semibold text-slate-900">Right now</h3>
            <NowCounts now={shown.now} />
          </section>

          <section aria-labelledby="dashboard-charts-heading" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="dashboard-charts-heading" className="text-lg font-semibold text-slate-900">
                Charts
              </h2>
              <RangeSwitch range={range} onChange={showRange} />
            </div>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {dashboardChartOrder.map((chartKey) => (
                <ChartFigure key={chartKey} chartKey={chartKey} range={range} />
              ))}
            </div>
          </section>
        </>
      )}
    </div>
  );
}

/** When the figures were computed (Eastern, named; `undefined` while they load), and whose orders they count. */
function SummaryNotes({ asOf, scope }: { asOf: DashboardSummary['asOf'] | undefined; scope: DashboardSummary['scope'] }) {
  return (
    <div className="mt-1 space-y-1 text-slate-600">
      <p>
        {asOf === undefined ? (
          'Figures as of …'
        ) : asOf ? (
          <>
            Figures as of <time dateTime={asOf}>{formatEasternDateTime(asOf)}</time>.
          </>
        ) : (
          'The figures have not been computed yet.'
        )}{' '}
        Days are Eastern time days.
      </p>
      {scope === 'own' ? <p className="font-medium text-slate-800">Your orders only: the figures and charts count the orders assigned to you.</p> : null}
    </div>
  );
}

/** The charts' range: native radio buttons, shown as one segmented control. */
function RangeSwitch({ range, onChange }: { range: ChartRange; onChange: (range: ChartRange) => void }) {
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Charts over the last</legend>
      <span aria-hidden="true" className="text-sm text-slate-600">
        Last
      </span>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
        {chartRangeChoices.map((choice) => (
          <label
            key={choice.range}
            className="cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input type="radio" name="range" value={choice.range} checked={range === choice.range} onChange={() => onChange(choice.range)} className="sr-only" />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
