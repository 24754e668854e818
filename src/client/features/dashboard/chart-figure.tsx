import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Download } from 'lucide-react';
import { buttonClass } from '#client/components/ui/button.tsx';
import { dashboardCharts, type ChartRange, type DashboardChartKey } from '#shared/dashboard/dashboard.ts';
import { ChartTable } from './chart-table';
import { formatDayRange } from './dashboard-formats';
import { chartCsvHref, useDashboardChart } from './dashboard-query';

// uPlot comes with the first chart drawn, in a chunk of its own: the figures show without waiting for it.
const ChartPlot = lazy(() => import('./chart-plot').then((module) => ({ default: module.ChartPlot })));

const plotBoxClass = 'h-[19rem] w-full';

let drawable: boolean | undefined;

/**
 * Whether this browser can draw the charts (a 2D canvas, and a way to follow its box's width). Where it
 * cannot, each chart's table stands in its place.
 */
function canDrawCharts(): boolean {
  drawable ??= typeof ResizeObserver === 'function' && document.createElement('canvas').getContext('2d') !== null;
  return drawable;
}

const noChange = () => () => {};

/**
 * Whether the browser can draw. The server's render (the dashboard is rendered signed in) assumes it
 * can, as nearly every browser can, so the charts' boxes are already their size when the page hydrates.
 */
function useCanDrawCharts(): boolean {
  return useSyncExternalStore(noChange, canDrawCharts, () => true);
}

/** One chart: its title, the drawing, its table (the drawing's text alternative) and its rows as CSV. */
export function ChartFigure({ chartKey, range }: { chartKey: DashboardChartKey; range: ChartRange }) {
  const query = useDashboardChart(chartKey, range);
  const draw = useCanDrawCharts();
  const chart = query.error ? undefined : query.data;

  if (!chart) {
    // The figure as it will be, its drawing's box holding the news, so nothing moves when the rows come.
    return (
      <figure aria-busy={!query.error} className="min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <figcaption className="font-semibold text-slate-900">{dashboardCharts[chartKey].title}</figcaption>
        <div className={`${draw ? plotBoxClass : 'min-h-40'} flex items-center justify-center text-center text-sm text-slate-600`}>
          <p role="status">{query.error ? `The chart could not be loaded: ${query.error.message}` : 'Loading the chart...'}</p>
        </div>
        {draw ? <p className="mt-3 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-400">Show as table</p> : null}
        <a href={chartCsvHref(chartKey, range)} download className={buttonClass({ variant: 'secondary' })}>
          <Download className="size-4" aria-hidden="true" />
          Download CSV<span className="sr-only">: {dashboardCharts[chartKey].title}</span>
        </a>
      </figure>
    );
  }

  return (
    <figure aria-busy={query.isFetching} className="min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-semibold text-slate-900">{chart.title}</span>
        <span className="text-xs text-slate-600">{formatDayRange(chart.from, chart.to)}</span>
      </figcaption>
      <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
        {draw ? (
          <>
            <Suspense fallback={<div className={plotBoxClass} />}>
              <ChartPlot chart={chart} />
            </Suspense>
            <details className="mt-3 rounded-lg border border-slate-200">
              <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                Show as table
              </summary>
              <ChartTable chart={chart} />
            </details>
          </>
        ) : (
          <ChartTable chart={chart} />
        )}
      </div>
      <a href={chartCsvHref(chartKey, range)} download className={buttonClass({ variant: 'secondary' })}>
        <Download className="size-4" aria-hidden="true" />
        Download CSV<span className="sr-only">: {chart.title}</span>
      </a>
    </figure>
  );
}
