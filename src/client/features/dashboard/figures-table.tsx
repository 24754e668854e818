import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { dashboardFigures, dashboardNowCounts, periodsUpTo, type DashboardFigure, type DashboardNowCount, type DashboardSummary } from '#shared/dashboard/dashboard.ts';
import { businessDayOf } from '#shared/dates.ts';
import { comparedWith, formatChange, formatDayRange, formatFigure, noValue } from './dashboard-formats';

type Summary = Pick<DashboardSummary, 'periods' | 'figures'>;

/** What is shown of a figure not loaded yet. */
const pending = '…';

/**
 * The figures' table and the counts before the figures arrive: the same rows, periods and days (today
 * is the same Eastern day the server counts to), each value an ellipsis, so the page does not move
 * when they come.
 */
export function pendingSummary(money: boolean): Pick<DashboardSummary, 'periods' | 'figures' | 'now'> {
  const periods = periodsUpTo(businessDayOf(new Date()));
  const figures = (Object.keys(dashboardFigures) as DashboardFigure[])
    .filter((key) => money || !dashboardFigures[key].money)
    .map((key) => ({ key, label: dashboardFigures[key].label, unit: dashboardFigures[key].unit, values: periods.map((period) => ({ period: period.key, current: Number.NaN, previous: Number.NaN })) }));
  const now = (Object.keys(dashboardNowCounts) as DashboardNowCount[]).map((key) => ({ key, label: dashboardNowCounts[key].label, orders: Number.NaN }));
  return { periods, figures, now };
}

/** A figure's value, or the ellipsis of one not loaded yet. */
const shown = (value: number, unit: DashboardSummary['figures'][number]['unit']) => (Number.isNaN(value) ? pending : formatFigure(value, unit));

/**
 * Each figure for today, the last 7 and the last 30 days (one column each, headed by its days), with
 * the change and the period before's value under it. Each cell also says, to a screen reader, what it
 * compares with, so moving along a row needs no trip back to the header.
 */
export function FiguresTable({ summary }: { summary: Summary }) {
  const { periods, figures } = summary;
  return (
    <Table aria-label="Figures by period" containerClassName="focus-visible:outline-2 focus-visible:outline-brand-600" scrollLabel="Figures by period, scrollable">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Figure</TableHead>
          {periods.map((period) => (
            <TableHead key={period.key} className="text-right normal-case tracking-normal">
              <span className="block text-xs font-semibold tracking-wide text-slate-700 uppercase">{period.label}</span>
              <span className="block font-normal text-slate-600">{formatDayRange(period.from, period.to)}</span>
              <span className="block font-normal text-slate-600">
                {comparedWith[period.key]} ({formatDayRange(period.previousFrom, period.previousTo)})
              </span>
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {figures.map((figure) => (
          <TableRow key={figure.key}>
            <TableHead scope="row" className="text-sm font-medium tracking-normal text-slate-900 normal-case">
              {figure.label}
            </TableHead>
            {periods.map((period) => {
              const value = figure.values.find((candidate) => candidate.period === period.key);
              if (!value) {
                return (
                  <TableCell key={period.key} className="text-right">
                    {noValue}
                  </TableCell>
                );
              }
              return (
                <TableCell key={period.key} className="text-right align-top tabular-nums">
                  <span className="block font-semibold text-slate-900">{shown(value.current, figure.unit)}</span>
                  <span className="block text-xs text-slate-700">
                    {Number.isNaN(value.current) ? pending : formatChange(value.current, value.previous, figure.unit)}
                    <span className="sr-only"> {comparedWith[period.key]}</span>
                  </span>
                  <span className="block text-xs text-slate-600">from {shown(value.previous, figure.unit)}</span>
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The orders in each stage right now. */
export function NowCounts({ now }: { now: DashboardSummary['now'] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {now.map((count) => (
        <div key={count.key} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-600">{count.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{shown(count.orders, 'count')}</dd>
        </div>
      ))}
    </dl>
  );
}
