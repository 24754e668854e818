import { keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import { getAnswered } from '#client/lib/page-answers.ts';
import { useManageQuery } from '#client/lib/staff/use-staff-api-error.ts';
import { dashboardSummaryQuery } from '#shared/site/signed-in-pages.ts';
import type { ChartRange, DashboardChart, DashboardChartKey, DashboardSummary } from '#shared/dashboard/dashboard.ts';

/** The charts' range when the address names none (the server's default too). */
export const defaultChartRange: ChartRange = '30d';

/** The ranges the page offers, in order, with their labels. */
export const chartRangeChoices: readonly { range: ChartRange; label: string }[] = [
  { range: '7d', label: '7 days' },
  { range: '30d', label: '30 days' },
  { range: '90d', label: '90 days' },
];

/** The range in the address, or the default one for anything else. */
export function readChartRange(searchParams: URLSearchParams): ChartRange {
  const range = searchParams.get('range');
  return chartRangeChoices.find((choice) => choice.range === range)?.range ?? defaultChartRange;
}

/** The charts, in the order the page shows them. */
export const dashboardChartOrder: readonly DashboardChartKey[] = ['orders-revenue', 'time-to-ein', 'faxes', 'funnel'];

const chartPath = (chart: DashboardChartKey) => `/api/manage/dashboard/charts/${chart}`;

/** The same rows as the chart shows, as a CSV download. */
export function chartCsvHref(chart: DashboardChartKey, range: ChartRange): string {
  return `${chartPath(chart)}.csv?${new URLSearchParams({ range }).toString()}`;
}

export function useDashboardSummary() {
  return useManageQuery({
    queryKey: dashboardSummaryQuery.key,
    queryFn: () => getAnswered<DashboardSummary>(dashboardSummaryQuery.url),
  });
}

/** One chart's rows; the previous range's stay on screen while another range loads. */
export function useDashboardChart(chart: DashboardChartKey, range: ChartRange) {
  return useManageQuery({
    queryKey: ['manage-dashboard-chart', chart, range],
    queryFn: () => apiRequest<DashboardChart>('GET', `${chartPath(chart)}?${new URLSearchParams({ range }).toString()}`),
    placeholderData: keepPreviousData,
  });
}
