import { z } from 'zod';

// The dashboard (the panel's first page for admins, decision 066): figures for today, the last 7 and
// the last 30 days beside the period before, and four charts. Days and weeks are Eastern days
// (`businessTimeZone`), weeks start on Monday. A member who may not see every order reads the same
// page about the orders assigned to them; figures about money are sent only to members with
// `dashboard:money`. Every chart is a table (`DashboardChart`): the page draws it, shows it as its
// text alternative, and the server writes the same rows as CSV.

/** The figures' periods: each is compared with the period of the same length just before it. */
export const dashboardPeriods = {
  today: { label: 'Today', days: 1 },
  '7d': { label: 'Last 7 days', days: 7 },
  '30d': { label: 'Last 30 days', days: 30 },
} as const;
export type DashboardPeriod = keyof typeof dashboardPeriods;
export const dashboardPeriodKeys = Object.keys(dashboardPeriods) as [DashboardPeriod, ...DashboardPeriod[]];

/** The day `days` before `day` (YYYY-MM-DD, calendar arithmetic; a negative count goes forward). */
export function dayBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The Monday of the week `day` falls in (YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return dayBefore(day, (weekday + 6) % 7);
}

/** Each period's days up to `today`, and the days of the period before it. */
export function periodsUpTo(today: string): DashboardSummary['periods'] {
  return dashboardPeriodKeys.map((key) => {
    const { label, days } = dashboardPeriods[key];
    return { key, label, from: dayBefore(today, days - 1), to: today, previousFrom: dayBefore(today, 2 * days - 1), previousTo: dayBefore(today, days) };
  });
}

/** What a figure counts: orders (or refunds, disputes), or an amount in cents. */
export type FigureUnit = 'count' | 'cents';

/**
 * The figures, in the order shown. `money`: only for members with `dashboard:money`. The stage figures
 * count the orders that reached the stage in the period (from the orders' status history).
 */
export const dashboardFigures = {
  paidOrders: { label: 'Paid orders', unit: 'count', money: false },
  netRevenueCents: { label: 'Revenue net of refunds', unit: 'cents', money: true },
  refunds: { label: 'Refunds', unit: 'count', money: true },
  refundedCents: { label: 'Amount refunded', unit: 'cents', money: true },
  disputes: { label: 'Disputes', unit: 'count', money: true },
  awaitingSignature: { label: 'Sent for signature', unit: 'count', money: false },
  awaitingFiling: { label: 'Signed, awaiting filing', unit: 'count', money: false },
  atIrs: { label: 'Submitted to the IRS', unit: 'count', money: false },
  overdueAtIrs: { label: 'Overdue at the IRS', unit: 'count', money: false },
  completed: { label: 'Completed', unit: 'count', money: false },
} as const satisfies Record<string, { label: string; unit: FigureUnit; money: boolean }>;
export type DashboardFigure = keyof typeof dashboardFigures;

/** The orders in a stage right now (from the staff list's counters). */
export const dashboardNowCounts = {
  awaitingSignature: { label: 'Awaiting signature' },
  awaitingFiling: { label: 'Awaiting filing' },
  atIrs: { label: 'At the IRS' },
  overdueAtIrs: { label: 'Overdue at the IRS' },
} as const;
export type DashboardNowCount = keyof typeof dashboardNowCounts;

export type DashboardSummary = {
  /** When the figures were last computed (ISO); null before the first time. */
  asOf: string | null;
  timeZone: string;
  /** `all`: every order; `own`: the orders assigned to the member. */
  scope: 'all' | 'own';
  /** Whether the figures about money are included. */
  money: boolean;
  periods: { key: DashboardPeriod; label: string; from: string; to: string; previousFrom: string; previousTo: string }[];
  figures: { key: DashboardFigure; label: string; unit: FigureUnit; values: { period: DashboardPeriod; current: number; previous: number }[] }[];
  now: { key: DashboardNowCount; label: string; orders: number }[];
};

/** The charts' ranges: the days up to today, Eastern. */
export const chartRanges = {
  '7d': { label: 'Last 7 days', days: 7 },
  '30d': { label: 'Last 30 days', days: 30 },
  '90d': { label: 'Last 90 days', days: 90 },
} as const;
export type ChartRange = keyof typeof chartRanges;
export const chartRangeKeys = Object.keys(chartRanges) as [ChartRange, ...ChartRange[]];

export const chartQuerySchema = z.strictObject({ range: z.enum(chartRangeKeys).default('30d') });
export type ChartQuery = z.infer<typeof chartQuerySchema>;

/** What a column holds: a day or week (YYYY-MM-DD, the week's Monday), a stage's name, a count, cents or hours. */
export type ChartColumnUnit = 'day' | 'week' | 'stage' | 'count' | 'cents' | 'hours';

/** The charts, each at `/api/manage/dashboard/charts/<key>` (and `.csv`). */
export const dashboardCharts = {
  'orders-revenue': {
    title: 'Paid orders and net revenue per day',
    columns: {
      day: { label: 'Day', unit: 'day', money: false },
      paidOrders: { label: 'Paid orders', unit: 'count', money: false },
      netRevenueCents: { label: 'Net revenue', unit: 'cents', money: true },
    },
  },
  'time-to-ein': {
    title: 'Time from payment to EIN per week (hours)',
    columns: {
      week: { label: 'Week of', unit: 'week', money: false },
      faxOrders: { label: 'Fax filings', unit: 'count', money: false },
      faxMedianHours: { label: 'Fax median', unit: 'hours', money: false },
      faxP90Hours: { label: 'Fax 90th percentile', unit: 'hours', money: false },
      onlineOrders: { label: 'Online filings', unit: 'count', money: false },
      onlineMedianHours: { label: 'Online median', unit: 'hours', money: false },
      onlineP90Hours: { label: 'Online 90th percentile', unit: 'hours', money: false },
    },
  },
  faxes: {
    title: 'Faxes per week by outcome, and fax-backs matched',
    columns: {
      week: { label: 'Week of', unit: 'week', money: false },
      deliveredFirstTime: { label: 'Delivered first time', unit: 'count', money: false },
      deliveredAfterRetries: { label: 'Delivered after retries', unit: 'count', money: false },
      givenUp: { label: 'Given up', unit: 'count', money: false },
      matchedAutomatically: { label: 'Fax-backs matched automatically', unit: 'count', money: false },
      matchedByHand: { label: 'Fax-backs matched by hand', unit: 'count', money: false },
    },
  },
  funnel: {
    title: 'Order funnel',
    columns: {
      stage: { label: 'Stage', unit: 'stage', money: false },
      orders: { label: 'Orders', unit: 'count', money: false },
    },
  },
} as const satisfies Record<string, { title: string; columns: Record<string, { label: string; unit: ChartColumnUnit; money: boolean }> }>;
export type DashboardChartKey = keyof typeof dashboardCharts;
export const dashboardChartKeys = Object.keys(dashboardCharts) as [DashboardChartKey, ...DashboardChartKey[]];

/** The funnel's stages, in order. `checkoutsStarted` is shown only with every order in scope (a checkout has no assignee). */
export const funnelStages = {
  checkoutsStarted: 'Checkouts started',
  paid: 'Paid',
  signed: 'Signed',
  filed: 'Filed',
  einDelivered: 'EIN delivered',
  refunded: 'Refunded',
} as const;
export type FunnelStage = keyof typeof funnelStages;

/** A chart's numbers as a table: its columns (money columns left out for members without `dashboard:money`) and rows. */
export type DashboardChart = {
  key: DashboardChartKey;
  title: string;
  range: ChartRange;
  from: string;
  to: string;
  timeZone: string;
  columns: { key: string; label: string; unit: ChartColumnUnit }[];
  /** One cell per column: days, weeks and stages as text; numbers; null where there is nothing to measure (no filing that week). */
  rows: (string | number | null)[][];
};
