// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { AlertsResponse } from '#shared/alerts/alerts.ts';
import type { ChartRange, DashboardChart, DashboardChartKey, DashboardSummary } from '#shared/dashboard/dashboard.ts';
import type { StaffUser } from '#shared/staff/session.ts';
import { jsonResponse, requestsTo, serve, type RecordedRequest } from '#tests/client/network.ts';
import { currentLocation, renderPage } from '#tests/client/render.tsx';
import { adminUser, fulfillerUser } from '#tests/client/staff.ts';
import { paths } from '#client/paths.ts';
import { DashboardPage } from './dashboard-page';

const periods: DashboardSummary['periods'] = [
  { key: 'today', label: 'Today', from: '2026-11-20', to: '2026-11-20', previousFrom: '2026-11-19', previousTo: '2026-11-19' },
  { key: '7d', label: 'Last 7 days', from: '2026-11-14', to: '2026-11-20', previousFrom: '2026-11-07', previousTo: '2026-11-13' },
  { key: '30d', label: 'Last 30 days', from: '2026-10-22', to: '2026-11-20', previousFrom: '2026-09-22', previousTo: '2026-10-21' },
];

const values = (today: [number, number], week: [number, number], month: [number, number]) => [
  { period: 'today' as const, current: today[0], previous: today[1] },
  { period: '7d' as const, current: week[0], previous: week[1] },
  { period: '30d' as const, current: month[0], previous: month[1] },
];

const now: DashboardSummary['now'] = [
  { key: 'awaitingSignature', label: 'Awaiting signature', orders: 4 },
  { key: 'awaitingFiling', label: 'Awaiting filing', orders: 7 },
  { key: 'atIrs', label: 'At the IRS', orders: 15 },
  { key: 'overdueAtIrs', label: 'Overdue at the IRS', orders: 2 },
];

const adminSummary: DashboardSummary = {
  asOf: '2026-11-20T19:05:00.000Z',
  timeZone: 'America/New_York',
  scope: 'all',
  money: true,
  periods,
  figures: [
    { key: 'paidOrders', label: 'Paid orders', unit: 'count', values: values([12, 10], [70, 75], [300, 0]) },
    { key: 'netRevenueCents', label: 'Revenue net of refunds', unit: 'cents', values: values([178800, 149000], [1043000, 1117500], [4470000, 0]) },
    { key: 'disputes', label: 'Disputes', unit: 'count', values: values([0, 0], [1, 0], [2, 3]) },
    { key: 'completed', label: 'Completed', unit: 'count', values: values([9, 9], [61, 58], [280, 0]) },
  ],
  now,
};

const fulfillerSummary: DashboardSummary = {
  ...adminSummary,
  scope: 'own',
  money: false,
  figures: [
    { key: 'paidOrders', label: 'Paid orders', unit: 'count', values: values([3, 2], [14, 14], [55, 40]) },
    { key: 'completed', label: 'Completed', unit: 'count', values: values([1, 4], [12, 10], [50, 41]) },
  ],
};

function chartOf(key: DashboardChartKey, range: ChartRange, money: boolean): DashboardChart {
  const frame = { key, range, from: '2026-11-14', to: '2026-11-20', timeZone: 'America/New_York' };
  switch (key) {
    case 'orders-revenue':
      return {
        ...frame,
        title: money ? 'Paid orders and net revenue per day' : 'Paid orders per day',
        columns: [
          { key: 'day', label: 'Day', unit: 'day' },
          { key: 'paidOrders', label: 'Paid orders', unit: 'count' },
          ...(money ? [{ key: 'netRevenueCents', label: 'Net revenue', unit: 'cents' as const }] : []),
        ],
        rows: [
          ['2026-11-19', 10, ...(money ? [149000] : [])],
          ['2026-11-20', 12, ...(money ? [178800] : [])],
        ],
      };
    case 'time-to-ein':
      return {
        ...frame,
        title: 'Time from payment to EIN per week (hours)',
        columns: [
          { key: 'week', label: 'Week of', unit: 'week' },
          { key: 'faxOrders', label: 'Fax filings', unit: 'count' },
          { key: 'faxMedianHours', label: 'Fax median', unit: 'hours' },
          { key: 'faxP90Hours', label: 'Fax 90th percentile', unit: 'hours' },
          { key: 'onlineOrders', label: 'Online filings', unit: 'count' },
          { key: 'onlineMedianHours', label: 'Online median', unit: 'hours' },
          { key: 'onlineP90Hours', label: 'Online 90th percentile', unit: 'hours' },
        ],
        rows: [
          ['2026-11-09', 8, 26.5, 71.25, 0, null, null],
          ['2026-11-16', 5, 30, 48.04, 2, 0.5, 1],
        ],
      };
    case 'faxes':
      return {
        ...frame,
        title: 'Faxes per week by outcome, and fax-backs matched',
        columns: [
          { key: 'week', label: 'Week of', unit: 'week' },
          { key: 'deliveredFirstTime', label: 'Delivered first time', unit: 'count' },
          { key: 'deliveredAfterRetries', label: 'Delivered after retries', unit: 'count' },
          { key: 'givenUp', label: 'Given up', unit: 'count' },
          { key: 'matchedAutomatically', label: 'Fax-backs matched automatically', unit: 'count' },
          { key: 'matchedByHand', label: 'Fax-backs matched by hand', unit: 'count' },
        ],
        rows: [['2026-11-16', 1040, 3, 1, 9, 2]],
      };
    case 'funnel':
      return {
        ...frame,
        title: 'Order funnel',
        columns: [
          { key: 'stage', label: 'Stage', unit: 'stage' },
          { key: 'orders', label: 'Orders', unit: 'count' },
        ],
        rows: [
          ['Checkouts started', 412],
          ['Paid', 300],
          ['EIN delivered', 280],
        ],
      };
  }
}

const chartKeyOf = (request: RecordedRequest) => request.path.split('/').pop() as DashboardChartKey;

const alerts: AlertsResponse = {
  alerts: [
    {
      key: 'fax_given_up',
      title: 'A fax to the IRS was given up',
      description: 'The fax was tried five times and did not go through. Send it again or file online.',
      startedAt: '2026-11-20T14:30:00.000Z',
      trackingNumbers: ['K7Q2M9X4B1ZP'],
      measured: null,
    },
  ],
};

function renderDashboard({ staff = adminUser, summary = adminSummary, url = paths.manageDashboard }: { staff?: StaffUser; summary?: DashboardSummary; url?: string } = {}) {
  serve({
    'GET /api/manage/dashboard': () => jsonResponse(summary),
    'GET /api/manage/dashboard/charts/:chart': (request) => jsonResponse(chartOf(chartKeyOf(request), (request.search.get('range') ?? '30d') as ChartRange, summary.money)),
    'GET /api/manage/alerts': () => jsonResponse(alerts),
  });
  return renderPage(
    <Routes>
      <Route path={paths.manageDashboard} element={<DashboardPage />} />
    </Routes>,
    { url, staff },
  );
}

/** The figures' table once its figures came (before, the same table shows each one pending). */
async function figuresTable(): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: 'Figures by period' });
  await waitFor(() => expect(table.closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('false'));
  return table;
}
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const rowOf = (table: HTMLElement, heading: string) => within(table).getByRole('rowheader', { name: heading }).closest('tr')!;
const tableRows = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent));

describe('DashboardPage', () => {
  beforeEach(() => {
    // jsdom has no canvas: the page shows each chart's table in its place.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('shows each figure for today, 7 and 30 days with the period before and the change, money in dollars, and when it was computed', async () => {
    renderDashboard();
    const table = await figuresTable();
    // Date ranges come with thin spaces around their dash.
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent?.replace(/\s/g, ' '));
    expect(headers).toEqual([
      'Figure',
      'TodayNov 20, 2026vs yesterday (Nov 19, 2026)',
      'Last 7 daysNov 14 – 20, 2026vs previous 7 days (Nov 7 – 13, 2026)',
      'Last 30 daysOct 22 – Nov 20, 2026vs previous 30 days (Sep 22 – Oct 21, 2026)',
    ]);
    expect(cellsOf(rowOf(table, 'Paid orders'))).toEqual(['12+20% vs yesterdayfrom 10', '70−7% vs previous 7 daysfrom 75', '300+300 vs previous 30 daysfrom 0']);
    expect(cellsOf(rowOf(table, 'Revenue net of refunds'))).toEqual([
      '$1,788.00+20% vs yesterdayfrom $1,490.00',
      '$10,430.00−7% vs previous 7 daysfrom $11,175.00',
      '$44,700.00+$44,700.00 vs previous 30 daysfrom $0.00',
    ]);
    expect(cellsOf(rowOf(table, 'Disputes'))).toEqual(['00 vs yesterdayfrom 0', '1+1 vs previous 7 daysfrom 0', '2−33% vs previous 30 daysfrom 3']);
    expect(screen.getByText(/Figures as of/).textContent).toBe('Figures as of November 20, 2026 at 2:05 PM EST. Days are Eastern time days.');
    expect(screen.getByText('Awaiting filing').nextElementSibling?.textContent).toBe('7');
    expect(screen.getByText('Overdue at the IRS').nextElementSibling?.textContent).toBe('2');
    expect(screen.queryByText(/Your orders only/)).toBeNull();
  });

  it('shows the same table with each figure pending until the figures come, so nothing moves when they do', async () => {
    renderDashboard();
    const pending = screen.getByRole('table', { name: 'Figures by period' });
    expect(within(pending).getAllByRole('rowheader')).toHaveLength(10);
    expect(cellsOf(rowOf(pending, 'Paid orders'))[0]).toBe('…… vs yesterdayfrom …');
    expect(screen.getByText('Awaiting filing').nextElementSibling?.textContent).toBe('…');
    const table = await figuresTable();
    expect(cellsOf(rowOf(table, 'Paid orders'))[0]).toBe('12+20% vs yesterdayfrom 10');
  });

  it('shows a member without money no money figures and says the page counts their orders only', async () => {
    renderDashboard({ staff: fulfillerUser, summary: fulfillerSummary });
    const table = await figuresTable();
    expect(within(table).getAllByRole('rowheader').map((header) => header.textContent)).toEqual(['Paid orders', 'Completed']);
    expect(cellsOf(rowOf(table, 'Paid orders'))).toEqual(['3+50% vs yesterdayfrom 2', '140% vs previous 7 daysfrom 14', '55+38% vs previous 30 daysfrom 40']);
    expect(table.textContent).not.toContain('$');
    expect(screen.getByText('Revenue, refunds and disputes are shown to admins only.')).toBeTruthy();
    expect(screen.getByText('Your orders only: the figures and charts count the orders assigned to you.')).toBeTruthy();

    const orders = await screen.findByRole('table', { name: 'Paid orders per day' });
    expect(tableRows(orders)).toEqual([
      ['Day', 'Paid orders'],
      ['Nov 19, 2026', '10'],
      ['Nov 20, 2026', '12'],
    ]);
    expect(document.body.textContent).not.toMatch(/Net revenue|\$/);
    // Alerts are for members with `alerts:read`: not asked for.
    expect(screen.queryByRole('region', { name: /alert/i })).toBeNull();
    expect(requestsTo('GET', '/api/manage/alerts')).toHaveLength(0);
  });

  it('shows each chart as a table of the API’s rows: days as dates, cents as dollars, hours to one decimal, nothing as a dash', async () => {
    renderDashboard();
    const figure = (title: string) => screen.getAllByRole('figure').find((candidate) => within(candidate).queryByText(title) !== null)!;

    const orders = await screen.findByRole('table', { name: 'Paid orders and net revenue per day' });
    expect(tableRows(orders)).toEqual([
      ['Day', 'Paid orders', 'Net revenue'],
      ['Nov 19, 2026', '10', '$1,490.00'],
      ['Nov 20, 2026', '12', '$1,788.00'],
    ]);
    expect(within(orders).getByRole('rowheader', { name: 'Nov 20, 2026' })).toBeTruthy();
    expect(figure('Paid orders and net revenue per day').contains(orders)).toBe(true);

    const timeToEin = await screen.findByRole('table', { name: 'Time from payment to EIN per week (hours)' });
    expect(tableRows(timeToEin)).toEqual([
      ['Week of', 'Fax filings', 'Fax median', 'Fax 90th percentile', 'Online filings', 'Online median', 'Online 90th percentile'],
      ['Nov 9, 2026', '8', '26.5', '71.3', '0', '—', '—'],
      ['Nov 16, 2026', '5', '30.0', '48.0', '2', '0.5', '1.0'],
    ]);

    const faxes = await screen.findByRole('table', { name: 'Faxes per week by outcome, and fax-backs matched' });
    expect(tableRows(faxes)).toEqual([
      ['Week of', 'Delivered first time', 'Delivered after retries', 'Given up', 'Fax-backs matched automatically', 'Fax-backs matched by hand'],
      ['Nov 16, 2026', '1,040', '3', '1', '9', '2'],
    ]);

    const funnel = await screen.findByRole('table', { name: 'Order funnel' });
    expect(tableRows(funnel)).toEqual([
      ['Stage', 'Orders'],
      ['Checkouts started', '412'],
      ['Paid', '300'],
      ['EIN delivered', '280'],
    ]);
    expect(screen.getAllByRole('figure')).toHaveLength(4);
    expect(within(figure('Order funnel')).getByText(/^Nov 14\s–\s20, 2026$/)).toBeTruthy();
  });

  it('links each chart’s CSV with its key and the range shown, and asks again for another range', async () => {
    const { user } = renderDashboard();
    const csvLink = (title: string) => screen.getByRole('link', { name: `Download CSV: ${title}` });
    await screen.findByRole('table', { name: 'Order funnel' });
    expect(csvLink('Order funnel').getAttribute('href')).toBe('/api/manage/dashboard/charts/funnel.csv?range=30d');
    expect(csvLink('Order funnel').hasAttribute('download')).toBe(true);
    expect(requestsTo('GET', '/api/manage/dashboard/charts/faxes')[0]!.search.get('range')).toBe('30d');

    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(csvLink('Faxes per week by outcome, and fax-backs matched').getAttribute('href')).toBe('/api/manage/dashboard/charts/faxes.csv?range=7d'));
    expect(csvLink('Paid orders and net revenue per day').getAttribute('href')).toBe('/api/manage/dashboard/charts/orders-revenue.csv?range=7d');
    expect(csvLink('Time from payment to EIN per week (hours)').getAttribute('href')).toBe('/api/manage/dashboard/charts/time-to-ein.csv?range=7d');
    expect(currentLocation().search.get('range')).toBe('7d');
    await waitFor(() => expect(requestsTo('GET', '/api/manage/dashboard/charts/funnel').map((request) => request.search.get('range'))).toEqual(['30d', '7d']));
    expect((screen.getByRole('radio', { name: '7 days' }) as HTMLInputElement).checked).toBe(true);
  });

  it('opens at the range in the address', async () => {
    renderDashboard({ url: `${paths.manageDashboard}?range=90d` });
    await screen.findByRole('table', { name: 'Order funnel' });
    expect(screen.getByRole('link', { name: 'Download CSV: Order funnel' }).getAttribute('href')).toBe('/api/manage/dashboard/charts/funnel.csv?range=90d');
    expect((screen.getByRole('radio', { name: '90 days' }) as HTMLInputElement).checked).toBe(true);
  });

  it('lists the open alerts at the top, naming their orders with a link to find each', async () => {
    renderDashboard();
    const banner = await screen.findByRole('region', { name: 'Open alert' });
    expect(within(banner).getByText('A fax to the IRS was given up')).toBeTruthy();
    expect(within(banner).getByText(/tried five times/)).toBeTruthy();
    const order = within(banner).getByRole('link', { name: 'K7Q2M9X4B1ZP' });
    expect(order.getAttribute('href')).toBe('/manage/orders?search=K7Q2M9X4B1ZP');
    expect(within(banner).getByText(/^Since/).textContent).toBe('Since Nov 20, 2026, 9:30 AM EST');
  });
});
