import { and, between, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { businessDayOf, businessTimeZone } from '#shared/dates.ts';
import { can } from '#shared/staff/permissions.ts';
import {
  chartRanges,
  dashboardCharts,
  dashboardFigures,
  dashboardNowCounts,
  dayBefore,
  funnelStages,
  mondayOf,
  periodsUpTo,
  type ChartRange,
  type DashboardChart,
  type DashboardChartKey,
  type DashboardFigure,
  type DashboardNowCount,
  type DashboardSummary,
  type FunnelStage,
} from '#shared/dashboard/dashboard.ts';
import { dashboardDays, dashboardRefreshes, dashboardWeeks, orderCounters, storedValuesOf, type Db } from '../db';
import type { OrderStatus } from '#shared/orders/lifecycle.ts';

// The dashboard's answers, read from the figures the refresh computed (refresh-dashboard.ts) and from
// the staff list's maintained counters: a member who may see every order reads every assignee's rows,
// any other member their own; money is left out for a member without `dashboard:money`.

type Viewer = { id: string; role: string | null };
const seesEveryOrder = (viewer: Viewer) => can(viewer, 'orders:read-all');
const seesMoney = (viewer: Viewer) => can(viewer, 'dashboard:money');

/** The columns of `dashboard_days` a figure or chart sums. */
const d = dashboardDays;
const daySums = {
  checkoutsStarted: sql<number>`sum(${d.checkoutsStarted})`,
  paidOrders: sql<number>`sum(${d.paidOrders})`,
  revenueCents: sql<number>`sum(${d.revenueCents})`,
  refunds: sql<number>`sum(${d.refunds})`,
  refundedOrders: sql<number>`sum(${d.refundedOrders})`,
  refundedCents: sql<number>`sum(${d.refundedCents})`,
  disputes: sql<number>`sum(${d.disputes})`,
  enteredAwaitingSignature: sql<number>`sum(${d.enteredAwaitingSignature})`,
  enteredAwaitingFiling: sql<number>`sum(${d.enteredAwaitingFiling})`,
  enteredAtIrs: sql<number>`sum(${d.enteredAtIrs})`,
  enteredOverdue: sql<number>`sum(${d.enteredOverdue})`,
  enteredCompleted: sql<number>`sum(${d.enteredCompleted})`,
  faxFirstTime: sql<number>`sum(${d.faxFirstTime})`,
  faxAfterRetries: sql<number>`sum(${d.faxAfterRetries})`,
  faxGivenUp: sql<number>`sum(${d.faxGivenUp})`,
  faxbacksAutomatic: sql<number>`sum(${d.faxbacksAutomatic})`,
  faxbacksByHand: sql<number>`sum(${d.faxbacksByHand})`,
};
type DaySums = Record<keyof typeof daySums, number>;

/** What each figure is, from a period's sums. */
const figureOf: Record<DashboardFigure, (sums: DaySums) => number> = {
  paidOrders: (sums) => sums.paidOrders,
  netRevenueCents: (sums) => sums.revenueCents - sums.refundedCents,
  refunds: (sums) => sums.refunds,
  refundedCents: (sums) => sums.refundedCents,
  disputes: (sums) => sums.disputes,
  awaitingSignature: (sums) => sums.enteredAwaitingSignature,
  awaitingFiling: (sums) => sums.enteredAwaitingFiling,
  atIrs: (sums) => sums.enteredAtIrs,
  overdueAtIrs: (sums) => sums.enteredOverdue,
  completed: (sums) => sums.enteredCompleted,
};

const nowStatus: Record<DashboardNowCount, OrderStatus> = {
  awaitingSignature: 'awaiting_user_signature',
  awaitingFiling: 'ss4_signed_awaiting_irs',
  atIrs: 'submitted_to_irs',
  overdueAtIrs: 'irs_overdue',
};

function scopeOf(viewer: Viewer): SQL | undefined {
  return seesEveryOrder(viewer) ? undefined : eq(d.assignee, viewer.id);
}

function numbers<T extends Record<string, unknown>>(row: T | undefined, keys: readonly (keyof T)[]): Record<keyof T, number> {
  return Object.fromEntries(keys.map((key) => [key, Number(row?.[key] ?? 0)])) as Record<keyof T, number>;
}

/** Sums of the days from `from` to `to` (inclusive), of the orders the viewer may see. */
async function sumDays(db: Db, viewer: Viewer, from: string, to: string): Promise<DaySums> {
  const [row] = await db.select(daySums).from(d).where(and(between(d.day, from, to), scopeOf(viewer)));
  return numbers(row as DaySums | undefined, Object.keys(daySums) as (keyof DaySums)[]);
}

async function refreshedAt(db: Db): Promise<string | null> {
  const [row] = await db.select({ at: dashboardRefreshes.refreshedAt }).from(dashboardRefreshes).where(eq(dashboardRefreshes.id, 1));
  return row ? row.at.toISOString() : null;
}

/** The figures for today, 7 and 30 days beside the period before, and the orders in each stage now. */
export async function readDashboardSummary(db: Db, viewer: Viewer, now: Date = new Date()): Promise<DashboardSummary> {
  const today = businessDayOf(now);
  const money = seesMoney(viewer);
  const periods = periodsUpTo(today);
  const sums = await Promise.all(periods.map(async (period) => ({ current: await sumDays(db, viewer, period.from, period.to), previous: await sumDays(db, viewer, period.previousFrom, period.previousTo) })));
  const figures = (Object.keys(dashboardFigures) as DashboardFigure[])
    .filter((key) => money || !dashboardFigures[key].money)
    .map((key) => ({
      key,
      label: dashboardFigures[key].label,
      unit: dashboardFigures[key].unit,
      values: periods.map((period, index) => ({ period: period.key, current: figureOf[key](sums[index]!.current), previous: figureOf[key](sums[index]!.previous) })),
    }));

  const counters = await db
    .select({ status: orderCounters.status, orders: sql<number>`sum(${orderCounters.orders})` })
    .from(orderCounters)
    .where(seesEveryOrder(viewer) ? undefined : eq(orderCounters.assignee, viewer.id))
    .groupBy(orderCounters.status);
  const nowCounts = (Object.keys(dashboardNowCounts) as DashboardNowCount[]).map((key) => {
    const stored = new Set(storedValuesOf(nowStatus[key]));
    return { key, label: dashboardNowCounts[key].label, orders: counters.reduce((sum, row) => (stored.has(row.status) ? sum + Number(row.orders) : sum), 0) };
  });

  return { asOf: await refreshedAt(db), timeZone: businessTimeZone, scope: seesEveryOrder(viewer) ? 'all' : 'own', money, periods, figures, now: nowCounts };
}

/** Every day from `from` to `to`, inclusive. */
function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = dayBefore(day, -1)) days.push(day);
  return days;
}

type ChartBody = { from: string; rows: (string | number | null)[][] };

/** Each chart's rows, in the order of its columns (money columns included; `readDashboardChart` drops them). */
const chartRows: Record<DashboardChartKey, (db: Db, viewer: Viewer, from: string, to: string) => Promise<ChartBody>> = {
  async 'orders-revenue'(db, viewer, from, to) {
    const rows = await db
      .select({ day: d.day, paidOrders: daySums.paidOrders, revenueCents: daySums.revenueCents, refundedCents: daySums.refundedCents })
      .from(d)
      .where(and(between(d.day, from, to), scopeOf(viewer)))
      .groupBy(d.day);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    return {
      from,
      rows: eachDay(from, to).map((day) => {
        const row = byDay.get(day);
        return [day, Number(row?.paidOrders ?? 0), Number(row?.revenueCents ?? 0) - Number(row?.refundedCents ?? 0)];
      }),
    };
  },

  async 'time-to-ein'(db, viewer, from, to) {
    const firstWeek = mondayOf(from);
    const w = dashboardWeeks;
    const rows = await db
      .select()
      .from(w)
      .where(and(gte(w.week, firstWeek), lte(w.week, to), eq(w.assignee, seesEveryOrder(viewer) ? '*' : viewer.id), inArray(w.method, ['fax', 'online'])));
    const cell = (week: string, method: string) => rows.find((row) => row.week === week && row.method === method);
    const hours = (value: number | undefined) => (value === undefined ? null : Math.round(value * 10) / 10);
    return {
      from: firstWeek,
      rows: eachWeek(firstWeek, to).map((week) => {
        const fax = cell(week, 'fax');
        const online = cell(week, 'online');
        return [week, fax?.orders ?? 0, hours(fax?.medianHours), hours(fax?.p90Hours), online?.orders ?? 0, hours(online?.medianHours), hours(online?.p90Hours)];
      }),
    };
  },

  async faxes(db, viewer, from, to) {
    const firstWeek = mondayOf(from);
    const week = sql<string>`(${d.day} - ((extract(isodow from ${d.day})::int - 1)))::text`;
    const rows = await db
      .select({ week, faxFirstTime: daySums.faxFirstTime, faxAfterRetries: daySums.faxAfterRetries, faxGivenUp: daySums.faxGivenUp, faxbacksAutomatic: daySums.faxbacksAutomatic, faxbacksByHand: daySums.faxbacksByHand })
      .from(d)
      .where(and(between(d.day, firstWeek, to), scopeOf(viewer)))
      .groupBy(week);
    const byWeek = new Map(rows.map((row) => [row.week, row]));
    return {
      from: firstWeek,
      rows: eachWeek(firstWeek, to).map((monday) => {
        const row = byWeek.get(monday);
        return [monday, Number(row?.faxFirstTime ?? 0), Number(row?.faxAfterRetries ?? 0), Number(row?.faxGivenUp ?? 0), Number(row?.faxbacksAutomatic ?? 0), Number(row?.faxbacksByHand ?? 0)];
      }),
    };
  },

  async funnel(db, viewer, from, to) {
    const sums = await sumDays(db, viewer, from, to);
    const stageCounts: Record<FunnelStage, number> = {
      checkoutsStarted: sums.checkoutsStarted,
      paid: sums.paidOrders,
      signed: sums.enteredAwaitingFiling,
      filed: sums.enteredAtIrs,
      einDelivered: sums.enteredCompleted,
      refunded: sums.refundedOrders,
    };
    // A checkout has no assignee: a member who sees their own orders starts at "Paid".
    const stages = (Object.keys(funnelStages) as FunnelStage[]).filter((stage) => stage !== 'checkoutsStarted' || seesEveryOrder(viewer));
    return { from, rows: stages.map((stage) => [funnelStages[stage], stageCounts[stage]]) };
  },
};

/** Every Monday from `firstMonday` to the week of `to`. */
function eachWeek(firstMonday: string, to: string): string[] {
  const weeks: string[] = [];
  for (let week = firstMonday; week <= to; week = dayBefore(week, -7)) weeks.push(week);
  return weeks;
}

/** A chart's numbers over `range` (the days up to today, Eastern; whole weeks for the weekly charts). */
export async function readDashboardChart(db: Db, viewer: Viewer, key: DashboardChartKey, range: ChartRange, now: Date = new Date()): Promise<DashboardChart> {
  const today = businessDayOf(now);
  const from = dayBefore(today, chartRanges[range].days - 1);
  const body = await chartRows[key](db, viewer, from, today);
  const columns = Object.entries(dashboardCharts[key].columns).map(([column, facts]) => ({ key: column, label: facts.label, unit: facts.unit, money: facts.money as boolean }));
  const kept = columns.map((column) => seesMoney(viewer) || !column.money);
  return {
    key,
    title: dashboardCharts[key].title,
    range,
    from: body.from,
    to: today,
    timeZone: businessTimeZone,
    columns: columns.filter((_, index) => kept[index]).map(({ key: column, label, unit }) => ({ key: column, label, unit })),
    rows: body.rows.map((row) => row.filter((_, index) => kept[index])),
  };
}
