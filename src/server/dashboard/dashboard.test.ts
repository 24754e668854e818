// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { parseCsv } from '#tests/support/parse-csv.ts';
import { expectedHoursToEin, expectedSums, percentile, planDashboardOrders, type DashboardPlan, type ExpectedSums } from '#tests/factories/dashboard-plan.ts';
import { insertDashboardPlan } from '#tests/factories/dashboard-seed.ts';
import { businessDayOf } from '#shared/dates.ts';
import { dayBefore, mondayOf, type DashboardChart, type DashboardSummary } from '#shared/dashboard/dashboard.ts';
import { user, type Database } from '../db';
import { refreshDashboard } from './refresh-dashboard';
import { readDashboardChart, readDashboardSummary } from './read-dashboard';

const hour = 60 * 60 * 1000;
// Ten days after the clocks went back (Sunday 1 November 2026, 2:00 EDT → 1:00 EST): the 30 days
// before it reach into summer time.
const now = new Date('2026-11-10T20:00:00Z');
const admin = { id: 'dash-admin', role: 'admin' };
const fulfiller = { id: 'dash-fulfiller', role: 'fulfiller' };
const support = { id: 'dash-support', role: 'support' };

/** What each summary figure is, from the plan's sums. */
const expectedFigure: Record<string, (sums: ExpectedSums) => number> = {
  paidOrders: (sums) => sums.paidOrders,
  netRevenueCents: (sums) => sums.revenueCents - sums.refundedCents,
  refunds: (sums) => sums.refunds,
  refundedCents: (sums) => sums.refundedCents,
  disputes: (sums) => sums.disputes,
  awaitingSignature: (sums) => sums.entered.awaiting_user_signature,
  awaitingFiling: (sums) => sums.entered.ss4_signed_awaiting_irs,
  atIrs: (sums) => sums.entered.submitted_to_irs,
  overdueAtIrs: (sums) => sums.entered.irs_overdue,
  completed: (sums) => sums.entered.completed,
};

/** Orders paid either side of midnight on the days around the change of the clocks. */
function aroundTheClockChange(plan: DashboardPlan): void {
  const paid = (iso: string, index: number) => ({ trackingNumber: `DSTEDGE${index}`.padEnd(12, '7'), paidAt: new Date(iso), amountCents: 1000 * (index + 1), assignee: null, events: [], filings: [] });
  plan.orders.push(
    paid('2026-11-01T03:30:00Z', 0), // 23:30 EDT on 31 October
    paid('2026-11-01T04:30:00Z', 1), // 00:30 EDT on 1 November
    paid('2026-11-02T04:30:00Z', 2), // 23:30 EST on 1 November
    paid('2026-11-02T05:30:00Z', 3), // 00:30 EST on 2 November
  );
}

describe.each(testDatabaseKinds)('the dashboard figures on %s', (kind) => {
  let database: Database;
  let plan: DashboardPlan;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(user).values([admin, fulfiller, support].map((member) => ({ id: member.id, name: member.id, email: `${member.id}@example.com`, role: member.role })));
    plan = planDashboardOrders(now, 100, [fulfiller.id, null, admin.id]);
    aroundTheClockChange(plan);
    await insertDashboardPlan(database.db, plan);
    await refreshDashboard(database.db, now);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  it('counts each figure for today, 7 and 30 days, and the period before each, on Eastern days', async () => {
    const summary = await readDashboardSummary(database.db, admin, now);
    expect(summary.scope).toBe('all');
    expect(summary.money).toBe(true);
    expect(summary.asOf).toBe(now.toISOString());
    expect(summary.periods.map((period) => [period.key, period.from, period.to, period.previousFrom, period.previousTo])).toEqual([
      ['today', '2026-11-10', '2026-11-10', '2026-11-09', '2026-11-09'],
      ['7d', '2026-11-04', '2026-11-10', '2026-10-28', '2026-11-03'],
      ['30d', '2026-10-12', '2026-11-10', '2026-09-12', '2026-10-11'],
    ]);
    expect(summary.figures.map((figure) => figure.key)).toEqual(Object.keys(expectedFigure));
    for (const figure of summary.figures) {
      for (const value of figure.values) {
        const period = summary.periods.find((candidate) => candidate.key === value.period)!;
        expect(value.current, `${figure.key} ${value.period}`).toBe(expectedFigure[figure.key]!(expectedSums(plan, period.from, period.to)));
        expect(value.previous, `${figure.key} ${value.period} before`).toBe(expectedFigure[figure.key]!(expectedSums(plan, period.previousFrom, period.previousTo)));
      }
    }
    // Not all zero: the plan has every kind of event in the last 30 days.
    const thirty = (key: string) => summary.figures.find((figure) => figure.key === key)!.values.find((value) => value.period === '30d')!.current;
    for (const key of Object.keys(expectedFigure)) expect(thirty(key), key).toBeGreaterThan(0);
  });

  it('puts an order paid before and after midnight on its Eastern day across the change of the clocks', async () => {
    const chart = await readDashboardChart(database.db, admin, 'orders-revenue', '30d', now);
    const paidOn = (day: string) => chart.rows.find((row) => row[0] === day)?.[1];
    for (const day of ['2026-10-31', '2026-11-01', '2026-11-02']) expect(paidOn(day), day).toBe(expectedSums(plan, day, day).paidOrders);
    // The four edge orders: one on 31 October, two on 1 November (EDT and EST), one on 2 November.
    const edge = plan.orders.filter((order) => order.trackingNumber.startsWith('DSTEDGE')).map((order) => businessDayOf(order.paidAt));
    expect(edge).toEqual(['2026-10-31', '2026-11-01', '2026-11-01', '2026-11-02']);
  });

  it('draws paid orders and net revenue per day for 30 and 90 days', async () => {
    for (const range of ['30d', '90d'] as const) {
      const chart = await readDashboardChart(database.db, admin, 'orders-revenue', range, now);
      const days = range === '30d' ? 30 : 90;
      expect(chart.columns.map((column) => column.key)).toEqual(['day', 'paidOrders', 'netRevenueCents']);
      expect(chart.rows).toHaveLength(days);
      expect(chart.from).toBe(dayBefore('2026-11-10', days - 1));
      for (const [day, paid, net] of chart.rows) {
        const sums = expectedSums(plan, day as string, day as string);
        expect([paid, net], day as string).toEqual([sums.paidOrders, sums.revenueCents - sums.refundedCents]);
      }
    }
  });

  it('measures the hours from payment to EIN per week, median and 90th percentile, by fax and online', async () => {
    const chart = await readDashboardChart(database.db, admin, 'time-to-ein', '90d', now);
    expect(chart.from).toBe(mondayOf(dayBefore('2026-11-10', 89)));
    let measured = 0;
    for (const row of chart.rows) {
      const week = row[0] as string;
      for (const [method, offset] of [['fax', 1], ['online', 4]] as const) {
        const hours = expectedHoursToEin(plan, week, method);
        expect(row[offset], `${week} ${method} orders`).toBe(hours.length);
        if (hours.length === 0) {
          expect([row[offset + 1], row[offset + 2]]).toEqual([null, null]);
          continue;
        }
        measured += 1;
        expect(row[offset + 1], `${week} ${method} median`).toBeCloseTo(Math.round(percentile(hours, 0.5) * 10) / 10, 5);
        expect(row[offset + 2], `${week} ${method} p90`).toBeCloseTo(Math.round(percentile(hours, 0.9) * 10) / 10, 5);
      }
    }
    expect(measured).toBeGreaterThan(10);
  });

  it('counts faxes by outcome and fax-backs by how they were matched, per week', async () => {
    const chart = await readDashboardChart(database.db, admin, 'faxes', '90d', now);
    const totals = [0, 0, 0, 0, 0];
    for (const row of chart.rows) {
      const monday = row[0] as string;
      const sums = expectedSums(plan, monday, dayBefore(monday, -6));
      expect(row.slice(1), monday).toEqual([sums.faxFirstTime, sums.faxAfterRetries, sums.faxGivenUp, sums.faxbacksAutomatic, sums.faxbacksByHand]);
      row.slice(1).forEach((value, index) => (totals[index]! += value as number));
    }
    for (const total of totals) expect(total).toBeGreaterThan(0);
  });

  it('draws the funnel of the range, from checkouts started to refunds', async () => {
    const chart = await readDashboardChart(database.db, admin, 'funnel', '30d', now);
    const sums = expectedSums(plan, dayBefore('2026-11-10', 29), '2026-11-10');
    expect(chart.rows).toEqual([
      ['Checkouts started', sums.checkoutsStarted],
      ['Paid', sums.paidOrders],
      ['Signed', sums.entered.ss4_signed_awaiting_irs],
      ['Filed', sums.entered.submitted_to_irs],
      ['EIN delivered', sums.entered.completed],
      ['Refunded', sums.refundedOrders],
    ]);
  });

  it("shows a fulfiller their own orders' figures and nothing about money", async () => {
    const summary = await readDashboardSummary(database.db, fulfiller, now);
    expect(summary.scope).toBe('own');
    expect(summary.money).toBe(false);
    expect(summary.figures.map((figure) => figure.key)).toEqual(['paidOrders', 'awaitingSignature', 'awaitingFiling', 'atIrs', 'overdueAtIrs', 'completed']);
    for (const figure of summary.figures) {
      for (const value of figure.values) {
        const period = summary.periods.find((candidate) => candidate.key === value.period)!;
        expect(value.current, `${figure.key} ${value.period}`).toBe(expectedFigure[figure.key]!(expectedSums(plan, period.from, period.to, fulfiller.id)));
      }
    }
    const revenue = await readDashboardChart(database.db, fulfiller, 'orders-revenue', '30d', now);
    expect(revenue.columns.map((column) => column.key)).toEqual(['day', 'paidOrders']);
    expect(revenue.rows.every((row) => row.length === 2)).toBe(true);
    const funnel = await readDashboardChart(database.db, fulfiller, 'funnel', '30d', now);
    expect(funnel.rows.map((row) => row[0])).toEqual(['Paid', 'Signed', 'Filed', 'EIN delivered', 'Refunded']);
    const weeks = await readDashboardChart(database.db, fulfiller, 'time-to-ein', '90d', now);
    for (const row of weeks.rows) expect(row[1], row[0] as string).toBe(expectedHoursToEin(plan, row[0] as string, 'fax', fulfiller.id).length);
    // Support reads every order, but no money either.
    const supportSummary = await readDashboardSummary(database.db, support, now);
    expect([supportSummary.scope, supportSummary.money]).toEqual(['all', false]);
  });

  it("counts the orders in each stage now from the list's counters", async () => {
    const summary = await readDashboardSummary(database.db, admin, now);
    const lastStatus = (order: DashboardPlan['orders'][number]) => order.events[order.events.length - 1]?.status ?? 'reviewing_form_data';
    const inStatus = (status: string) => plan.orders.filter((order) => lastStatus(order) === status).length;
    expect(Object.fromEntries(summary.now.map((count) => [count.key, count.orders]))).toEqual({
      awaitingSignature: inStatus('awaiting_user_signature'),
      awaitingFiling: inStatus('ss4_signed_awaiting_irs'),
      atIrs: inStatus('submitted_to_irs'),
      overdueAtIrs: inStatus('irs_overdue'),
    });
  });

  it('takes in what happened since the last run on the next one, without recomputing the whole window', async () => {
    const later = new Date(now.getTime() + 2 * hour);
    const extra: DashboardPlan = { orders: [{ trackingNumber: 'DASHLATE7777', paidAt: new Date(now.getTime() + hour), amountCents: 4200, assignee: null, events: [], filings: [] }], unpaidCheckouts: [] };
    await insertDashboardPlan(database.db, extra);
    const refresh = await refreshDashboard(database.db, later);
    expect(refresh.rebuilt).toBe(false);
    expect(refresh.fromDay).toBe('2026-11-08');
    const summary = await readDashboardSummary(database.db, admin, later);
    const paidToday = summary.figures.find((figure) => figure.key === 'paidOrders')!.values[0]!;
    expect(paidToday.current).toBe(expectedSums(plan, '2026-11-10', '2026-11-10').paidOrders + 1);
    plan.orders.push(...extra.orders);
  });
});

describe.each(testDatabaseKinds)('GET /api/manage/dashboard on %s', (kind) => {
  const harness = withStaffApp(kind);
  let admin: SignedInMember;
  let fulfiller: SignedInMember;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
    fulfiller = await harness.signedIn({ role: 'fulfiller' });
    const plan = planDashboardOrders(new Date(), 40, [fulfiller.id, null]);
    await insertDashboardPlan(harness.database.db, plan);
    await refreshDashboard(harness.database.db);
  }, 120_000);

  it('answers the figures to a member, and refuses a visitor', async () => {
    const summary = await staffInject(harness.app, admin.cookie, 'GET', '/api/manage/dashboard');
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.headers['cache-control']).toBe('no-store');
    expect(summary.json<DashboardSummary>().figures.some((figure) => figure.key === 'netRevenueCents')).toBe(true);
    const own = (await staffInject(harness.app, fulfiller.cookie, 'GET', '/api/manage/dashboard')).json<DashboardSummary>();
    expect([own.scope, own.money, own.figures.some((figure) => figure.unit === 'cents')]).toEqual(['own', false, false]);
    expect((await harness.app.inject({ method: 'GET', url: '/api/manage/dashboard' })).statusCode).toBe(401);
  });

  it("writes each chart's CSV with the same rows as its table, amounts in dollars", async () => {
    for (const chart of ['orders-revenue', 'time-to-ein', 'faxes', 'funnel']) {
      for (const member of [admin, fulfiller]) {
        const table = (await staffInject(harness.app, member.cookie, 'GET', `/api/manage/dashboard/charts/${chart}?range=90d`)).json<DashboardChart>();
        const csv = await staffInject(harness.app, member.cookie, 'GET', `/api/manage/dashboard/charts/${chart}.csv?range=90d`);
        expect(csv.statusCode, csv.body).toBe(200);
        expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(csv.headers['content-disposition']).toBe(`attachment; filename="${chart}-${table.from}-to-${table.to}.csv"`);
        const [header, ...rows] = parseCsv(csv.body);
        expect(header!.length).toBe(table.columns.length);
        expect(header![0]).toContain(table.columns[0]!.label);
        expect(rows).toEqual(
          table.rows.map((row) => row.map((value, index) => (value === null ? '' : table.columns[index]!.unit === 'cents' ? ((value as number) / 100).toFixed(2) : String(value)))),
        );
      }
    }
    const revenue = (await staffInject(harness.app, admin.cookie, 'GET', '/api/manage/dashboard/charts/orders-revenue.csv?range=30d')).body;
    expect(parseCsv(revenue)[0]).toEqual(['Day (YYYY-MM-DD)', 'Paid orders', 'Net revenue (USD)']);
  });

  it('refuses an unknown chart or range with a clear message', async () => {
    for (const url of ['/api/manage/dashboard/charts/profits', '/api/manage/dashboard/charts/funnel?range=1y', '/api/manage/dashboard/charts/funnel.csv?range=all']) {
      const response = await staffInject(harness.app, admin.cookie, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message.length, url).toBeGreaterThan(0);
    }
  });
});
