import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations } from './fixtures';
import { signInContext, type StaffAccount } from './staff-accounts';
import { businessDayOf } from '#shared/dates.ts';
import { expectedHoursToEin, expectedSums, percentile, type DashboardPlan, type ExpectedSums } from '#tests/factories/dashboard-plan.ts';
import { dayBefore, mondayOf } from '#shared/dashboard/dashboard.ts';

// The dashboard read as its members read it, against 90 days of orders whose figures are worked out
// from the orders' own facts (tests/factories/dashboard-plan.ts): paid, refunded, disputed, filed by fax
// and online, some overdue at the IRS and some faxes given up. On the second test server, whose
// database no other test fills with orders, so every figure is the plan's alone.

test.use({ baseURL: process.env.E2E_CLAIMS_BASE_URL });
test.describe.configure({ timeout: 180_000 });

/** Where the dashboard is photographed at both widths (DASHBOARD_SCREENSHOTS=folder). */
const screenshots = process.env.DASHBOARD_SCREENSHOTS;

type Seed = { plan: DashboardPlan; fulfiller: StaffAccount };

/** The plan the test server seeded (once, whatever the retries), its times as dates again. */
async function seedDashboard(request: APIRequestContext): Promise<Seed> {
  const response = await request.post('/api/test-support/dashboard-orders');
  expect(response.status(), await response.text()).toBe(201);
  return JSON.parse(await response.text(), (_key, value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : value)) as Seed;
}

const counts = new Intl.NumberFormat('en-US');
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const hours = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const dayName = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const asDay = (day: string) => dayName.format(new Date(`${day}T00:00:00Z`));
const hoursOrDash = (values: number[], fraction: number) => (values.length === 0 ? '—' : hours.format(Math.round(percentile(values, fraction) * 10) / 10));

/** Each figure the page shows, as the plan says it, with whether it is about money. */
const figures: { label: string; money: boolean; value: (sums: ExpectedSums) => string }[] = [
  { label: 'Paid orders', money: false, value: (sums) => counts.format(sums.paidOrders) },
  { label: 'Revenue net of refunds', money: true, value: (sums) => dollars.format((sums.revenueCents - sums.refundedCents) / 100) },
  { label: 'Refunds', money: true, value: (sums) => counts.format(sums.refunds) },
  { label: 'Amount refunded', money: true, value: (sums) => dollars.format(sums.refundedCents / 100) },
  { label: 'Disputes', money: true, value: (sums) => counts.format(sums.disputes) },
  { label: 'Sent for signature', money: false, value: (sums) => counts.format(sums.entered.awaiting_user_signature) },
  { label: 'Signed, awaiting filing', money: false, value: (sums) => counts.format(sums.entered.ss4_signed_awaiting_irs) },
  { label: 'Submitted to the IRS', money: false, value: (sums) => counts.format(sums.entered.submitted_to_irs) },
  { label: 'Overdue at the IRS', money: false, value: (sums) => counts.format(sums.entered.irs_overdue) },
  { label: 'Completed', money: false, value: (sums) => counts.format(sums.entered.completed) },
];

/** The periods' days, as the server counts them (Eastern). */
function periods(today: string) {
  return [1, 7, 30].map((days) => ({ from: dayBefore(today, days - 1), to: today, previousFrom: dayBefore(today, 2 * days - 1), previousTo: dayBefore(today, days) }));
}

/** A table's body rows, each as its cells' text (the row's header first). */
async function rowsOf(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));
}

/**
 * Opens each chart's table where it is folded under the drawing, once every chart has its rows: a chart
 * still loading shows a placeholder where its fold will be, which there is nothing to open in.
 */
async function openChartTables(page: Page): Promise<void> {
  await expect(page.locator('figure[aria-busy="true"]')).toHaveCount(0);
  const folded = page.locator('details:not([open]) > summary', { hasText: 'Show as table' });
  while ((await folded.count()) > 0) await folded.first().click();
}

async function checkFigures(page: Page, plan: DashboardPlan, today: string, assignee: string | undefined, money: boolean): Promise<void> {
  const table = page.getByRole('table', { name: 'Figures by period' });
  const shown = figures.filter((figure) => money || !figure.money);
  const rows = await rowsOf(table);
  expect(rows.map((row) => row[0])).toEqual(shown.map((figure) => figure.label));
  const days = periods(today);
  shown.forEach((figure, index) => {
    days.forEach((period, column) => {
      const cell = rows[index]![column + 1]!;
      const current = figure.value(expectedSums(plan, period.from, period.to, assignee));
      const previous = figure.value(expectedSums(plan, period.previousFrom, period.previousTo, assignee));
      expect(cell, `${figure.label}, period ${column}`).toMatch(new RegExp(`^${escape(current)}.*from ${escape(previous)}$`));
    });
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&');

async function checkCharts(page: Page, plan: DashboardPlan, today: string, assignee: string | undefined, money: boolean): Promise<void> {
  await openChartTables(page);
  const from = dayBefore(today, 89);
  const days = Array.from({ length: 90 }, (_, index) => dayBefore(today, 89 - index));
  const weeks: string[] = [];
  for (let week = mondayOf(from); week <= today; week = dayBefore(week, -7)) weeks.push(week);

  // The charts' rows come from the API after the page has loaded: each table is read until it matches.
  const daily = page.getByRole('table', { name: 'Paid orders and net revenue per day' });
  await expect.poll(() => rowsOf(daily)).toEqual(
    days.map((day) => {
      const sums = expectedSums(plan, day, day, assignee);
      return [asDay(day), counts.format(sums.paidOrders), ...(money ? [dollars.format((sums.revenueCents - sums.refundedCents) / 100)] : [])];
    }),
  );

  const timeToEin = page.getByRole('table', { name: 'Time from payment to EIN per week (hours)' });
  await expect.poll(() => rowsOf(timeToEin)).toEqual(
    weeks.map((week) => {
      const fax = expectedHoursToEin(plan, week, 'fax', assignee);
      const online = expectedHoursToEin(plan, week, 'online', assignee);
      return [asDay(week), counts.format(fax.length), hoursOrDash(fax, 0.5), hoursOrDash(fax, 0.9), counts.format(online.length), hoursOrDash(online, 0.5), hoursOrDash(online, 0.9)];
    }),
  );

  const faxes = page.getByRole('table', { name: 'Faxes per week by outcome, and fax-backs matched' });
  await expect.poll(() => rowsOf(faxes)).toEqual(
    weeks.map((week) => {
      const sums = expectedSums(plan, week, dayBefore(week, -6), assignee);
      return [asDay(week), ...[sums.faxFirstTime, sums.faxAfterRetries, sums.faxGivenUp, sums.faxbacksAutomatic, sums.faxbacksByHand].map((value) => counts.format(value))];
    }),
  );

  const funnel = page.getByRole('table', { name: 'Order funnel' });
  const sums = expectedSums(plan, from, today, assignee);
  await expect.poll(() => rowsOf(funnel)).toEqual([
    ...(assignee === undefined ? [['Checkouts started', counts.format(sums.checkoutsStarted)]] : []),
    ['Paid', counts.format(sums.paidOrders)],
    ['Signed', counts.format(sums.entered.ss4_signed_awaiting_irs)],
    ['Filed', counts.format(sums.entered.submitted_to_irs)],
    ['EIN delivered', counts.format(sums.entered.completed)],
    ['Refunded', counts.format(sums.refundedOrders)],
  ]);
}

test('an admin lands on the dashboard and reads every figure and chart of 90 days of orders, at both widths', async ({ page, request, signedInAs }) => {
  const { plan } = await seedDashboard(request);
  await signedInAs('admin');
  const today = businessDayOf(new Date());
  // The page the server rendered hydrates as it is: React reports any difference as an error.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  // The panel's first page for an admin.
  await page.goto('/manage');
  await expect(page).toHaveURL(/\/manage\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(/Figures as of .* (EST|EDT)\./)).toBeVisible();

  await page.goto('/manage/dashboard?range=90d');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(page.getByRole('table', { name: 'Figures by period' })).toBeVisible();
    await checkFigures(page, plan, today, undefined, true);
    await checkCharts(page, plan, today, undefined, true);
    // Nothing wider than the screen but the tables' own scrolling boxes.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width === 1280) {
      // The charts are drawn, beside their tables.
      await expect(page.locator('figure canvas')).not.toHaveCount(0);
      expect(await page.locator('figure canvas').count()).toBeGreaterThanOrEqual(4);
    }
    if (screenshots) await page.screenshot({ path: `${screenshots}/dashboard-admin-${width}.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  }

  await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')))).toBe(true);
  expect(errors).toEqual([]);

  // Each chart's CSV is the link's download, with the chart's range.
  const link = page.locator('figure', { has: page.getByRole('table', { name: 'Order funnel' }) }).getByRole('link', { name: /Download CSV/ });
  await expect(link).toHaveAttribute('href', '/api/manage/dashboard/charts/funnel.csv?range=90d');
  const download = await page.request.get('/api/manage/dashboard/charts/funnel.csv?range=90d');
  expect(download.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await download.text()).toContain(`Paid,${expectedSums(plan, dayBefore(today, 89), today).paidOrders}`);
});

test('a fulfiller reads the same page about their own orders, without money', async ({ page, context, request, baseURL }) => {
  const { plan, fulfiller } = await seedDashboard(request);
  await signInContext(context, fulfiller, baseURL!);
  const today = businessDayOf(new Date());

  // Their first page stays the orders list; the dashboard is in the nav.
  await page.goto('/manage');
  await expect(page).toHaveURL(/\/manage\/orders$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/manage\/dashboard/);
  await page.goto('/manage/dashboard?range=90d');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(page.getByText('Your orders only: the figures and charts count the orders assigned to you.')).toBeVisible();
    await expect(page.getByText('Revenue, refunds and disputes are shown to admins only.')).toBeVisible();
    await checkFigures(page, plan, today, fulfiller.id, false);
    await checkCharts(page, plan, today, fulfiller.id, false);
    await expect(page.getByRole('main')).not.toContainText('$');
    if (screenshots) await page.screenshot({ path: `${screenshots}/dashboard-fulfiller-${width}.png`, fullPage: true });
  }
  // The money is not in what the server sent either.
  const summary = (await (await page.request.get('/api/manage/dashboard')).json()) as { money: boolean; figures: { unit: string }[] };
  expect(summary.money).toBe(false);
  expect(summary.figures.every((figure) => figure.unit === 'count')).toBe(true);
});

test("the dashboard's figures come with its HTML, before any of the panel's scripts", async ({ browser, context, request, signedInAs, baseURL }) => {
  const { plan } = await seedDashboard(request);
  await signedInAs('admin');
  const today = businessDayOf(new Date());
  // The same member's session in a browser that runs no script: what shows is the server's HTML alone.
  const scriptless = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await context.storageState() });
  try {
    const page = await scriptless.newPage();
    const response = await page.goto('/manage/dashboard');
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Management Panel' })).toBeVisible();
    await checkFigures(page, plan, today, undefined, true);
    await expect(page.getByText(/Figures as of .* (EST|EDT)\./)).toBeVisible();
  } finally {
    await scriptless.close();
  }
});
