import uPlot from 'uplot';
import type { DashboardChart } from '#shared/dashboard/dashboard.ts';
import { formatShortDay } from './dashboard-formats';

// How each chart is drawn with uPlot. The x axis is the rows' order (0, 1, 2, ...), labelled by the
// first column (a day, a week's Monday or a stage): days and weeks are Eastern calendar days, so no
// time scale (and no browser's zone) moves them, and bars can stand side by side. Series differ by more
// than colour: bars against lines, solid against dashed lines, filled against hollow bars and points.
// Colours are Tailwind's 700 shades: at least 4.5:1 on white.

export type ChartPlan = { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData };

const ink = {
  blue: '#1d4ed8',
  amber: '#b45309',
  teal: '#0f766e',
  red: '#b91c1c',
  violet: '#6d28d9',
  slate: '#334155',
} as const;

const grid = { stroke: '#e2e8f0', width: 1 };
const axisInk = '#475569';
const axisFont = '12px system-ui, sans-serif';
const smallAxisFont = '11px system-ui, sans-serif';
const countFormat = new Intl.NumberFormat('en-US', { notation: 'compact' });
const usdAxisFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' });
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const hours = (value: number) => `${value.toFixed(value < 10 && value % 1 !== 0 ? 1 : 0)} h`;
const hoursValue = (value: number) => `${value.toFixed(1)} h`;
const countValue = (value: number) => String(value);

/** What the legend shows for a value under the cursor. */
const legendValue = (format: (value: number) => string) => (_u: uPlot, value: number | null) => (value === null ? '—' : format(value));

/** A hollow bar's or point's fill: the page's white. */
const hollow = '#ffffff';

/** A column's numbers (cents as dollars), null where the row has none. */
function numbers(chart: DashboardChart, key: string, scale = 1): (number | null)[] | null {
  const index = chart.columns.findIndex((column) => column.key === key);
  if (index < 0) return null;
  return chart.rows.map((row) => {
    const value = row[index];
    return typeof value === 'number' ? value / scale : null;
  });
}

/** The x axis's labels: the first column, short ("Nov 3"), a stage's words one per line. */
function xLabels(chart: DashboardChart): string[] {
  const unit = chart.columns[0]?.unit;
  return chart.rows.map((row) => {
    const value = String(row[0] ?? '');
    return unit === 'day' || unit === 'week' ? formatShortDay(value) : value.replace(/ /g, '\n');
  });
}

function xAxis(labels: string[], multiline: boolean): uPlot.Axis {
  return {
    stroke: axisInk,
    font: multiline ? smallAxisFont : axisFont,
    grid: { show: false },
    ticks: { show: false },
    size: multiline ? 52 : 36,
    // Every label when they fit, else every second, third, ... so they never overlap.
    splits: (u) => {
      const room = u.bbox.width / uPlot.pxRatio;
      const every = Math.max(1, Math.ceil((labels.length * (multiline ? 44 : 48)) / Math.max(room, 1)));
      return labels.map((_label, index) => index).filter((index) => index % every === 0);
    },
    values: (_u, splits) => splits.map((split) => labels[split] ?? ''),
  };
}

/**
 * The legend's key for each series as it is drawn (read from the series as given: uPlot fills in its
 * own defaults): a line's marker is a short stroke, dashed when the line is; a bar's is a box, filled
 * or hollow.
 */
function legendMarkers(series: uPlot.Series[]): uPlot.Legend.Markers {
  const isBar = (index: number) => series[index]?.paths !== undefined;
  return {
    width: (_u, index) => (isBar(index) ? (series[index]?.width ?? 1) : 0),
    stroke: (_u, index) => String(series[index]?.stroke ?? 'transparent'),
    fill: (_u, index) => {
      const given = series[index];
      if (!given || isBar(index)) return String(given?.fill ?? 'transparent');
      const stripe = `linear-gradient(transparent 40%, ${String(given.stroke)} 40% 60%, transparent 60%)`;
      return given.dash ? `repeating-linear-gradient(90deg, transparent 0 5px, ${hollow} 5px 8px), ${stripe}` : stripe;
    },
  };
}

/** A value scale from zero, with a little room above the highest value (nothing yet: up to 1). */
const fromZero: uPlot.Scale.Range = (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1];

// Counts of orders and faxes have no fractions: their axes step by whole numbers.
const wholeSteps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 20_000, 50_000, 100_000];

function yAxis(scale: string, format: (value: number) => string, side: 1 | 3 = 3): uPlot.Axis {
  return {
    scale,
    side,
    ...(scale === 'count' ? { incrs: wholeSteps } : {}),
    stroke: axisInk,
    font: axisFont,
    size: 48,
    grid: side === 3 ? grid : { show: false },
    ticks: { show: false },
    values: (_u, splits) => splits.map((split) => format(split)),
  };
}

type Bars = { label: string; values: (number | null)[]; fill: string; stroke: string };

/** Bars side by side around each x: `bars[k]` takes the k-th slot of 80% of a row's width. */
function groupedBars(bars: Bars[], scale: string): uPlot.Series[] {
  const slot = 0.8 / bars.length;
  return bars.map((bar, k) => ({
    label: bar.label,
    scale,
    fill: bar.fill,
    stroke: bar.stroke,
    width: bar.fill === hollow ? 2 : 1,
    value: legendValue(countValue),
    points: { show: false },
    paths: uPlot.paths.bars!({
      disp: {
        x0: { unit: 1, values: (u, _seriesIdx, idx0, idx1) => (u.data[0] as number[]).slice(idx0, idx1 + 1).map((x) => x - 0.4 + k * slot) },
        size: { unit: 1, values: (u, _seriesIdx, idx0, idx1) => (u.data[0] as number[]).slice(idx0, idx1 + 1).map(() => slot) },
      },
    }),
  }));
}

type Line = { label: string; values: (number | null)[]; stroke: string; dash?: number[]; hollowPoints?: boolean };

function line({ label, stroke, dash, hollowPoints }: Line, scale: string, format: (value: number) => string): uPlot.Series {
  return {
    label,
    scale,
    stroke,
    width: 2,
    value: legendValue(format),
    ...(dash ? { dash } : {}),
    points: { show: true, size: 7, width: 2, stroke, fill: hollowPoints ? hollow : stroke },
  };
}

/** The chart's series, scales and axes, from its table. */
export function chartPlan(chart: DashboardChart): ChartPlan {
  const labels = xLabels(chart);
  const x = labels.map((_label, index) => index);
  const present = <T extends { values: (number | null)[] | null }>(items: T[]) => items.filter((item): item is T & { values: (number | null)[] } => item.values !== null);
  const xSeries: uPlot.Series = { label: chart.columns[0]?.label ?? '', value: (_u, index) => (index === null ? '' : (labels[index] ?? '').replace(/\n/g, ' ')) };
  const plan = (series: uPlot.Series[], axes: uPlot.Axis[], scales: uPlot.Scales, data: (number | null)[][], legend = true): ChartPlan => ({
    options: {
      legend: legend ? { show: true, live: true, markers: legendMarkers(series) } : { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 8 } },
      padding: [12, 8, 0, 0],
      scales: { x: { time: false, range: () => [-0.5, Math.max(labels.length, 1) - 0.5] }, ...scales },
      series,
      axes,
    },
    data: data as uPlot.AlignedData,
  });

  switch (chart.key) {
    case 'orders-revenue': {
      const orders = numbers(chart, 'paidOrders') ?? [];
      const revenue = numbers(chart, 'netRevenueCents', 100);
      const series = [xSeries, ...groupedBars([{ label: 'Paid orders', values: orders, fill: ink.blue, stroke: ink.blue }], 'count')];
      const axes = [xAxis(labels, false), yAxis('count', (value) => countFormat.format(value))];
      // Revenue only for members who see money: the column is absent for the others.
      if (!revenue) return plan(series, axes, { count: { range: fromZero } }, [x, orders]);
      return plan(
        [...series, line({ label: 'Net revenue', values: revenue, stroke: ink.amber }, 'usd', (value) => usdFormat.format(value))],
        [...axes, yAxis('usd', (value) => usdAxisFormat.format(value), 1)],
        { count: { range: fromZero }, usd: { range: fromZero } },
        [x, orders, revenue],
      );
    }
    case 'time-to-ein': {
      const lines = present([
        { label: 'Fax median', values: numbers(chart, 'faxMedianHours'), stroke: ink.blue },
        { label: 'Fax 90th percentile', values: numbers(chart, 'faxP90Hours'), stroke: ink.blue, dash: [8, 5] },
        { label: 'Online median', values: numbers(chart, 'onlineMedianHours'), stroke: ink.teal, hollowPoints: true },
        { label: 'Online 90th percentile', values: numbers(chart, 'onlineP90Hours'), stroke: ink.teal, dash: [2, 4], hollowPoints: true },
      ]);
      return plan(
        [xSeries, ...lines.map((item) => line(item, 'hours', hoursValue))],
        [xAxis(labels, false), yAxis('hours', hours)],
        { hours: { range: fromZero } },
        [x, ...lines.map((item) => item.values)],
      );
    }
    case 'faxes': {
      const bars = present([
        { label: 'Delivered first time', values: numbers(chart, 'deliveredFirstTime'), fill: ink.teal, stroke: ink.teal },
        { label: 'Delivered after retries', values: numbers(chart, 'deliveredAfterRetries'), fill: ink.amber, stroke: ink.amber },
        { label: 'Given up', values: numbers(chart, 'givenUp'), fill: hollow, stroke: ink.red },
      ]);
      const lines = present([
        { label: 'Fax-backs matched automatically', values: numbers(chart, 'matchedAutomatically'), stroke: ink.slate },
        { label: 'Fax-backs matched by hand', values: numbers(chart, 'matchedByHand'), stroke: ink.violet, dash: [8, 5], hollowPoints: true },
      ]);
      return plan(
        [xSeries, ...groupedBars(bars, 'count'), ...lines.map((item) => line(item, 'count', countValue))],
        [xAxis(labels, false), yAxis('count', (value) => countFormat.format(value))],
        { count: { range: fromZero } },
        [x, ...bars.map((item) => item.values), ...lines.map((item) => item.values)],
      );
    }
    case 'funnel': {
      const orders = numbers(chart, 'orders') ?? [];
      // One series: the caption and the axis say what it is.
      return plan(
        [xSeries, ...groupedBars([{ label: 'Orders', values: orders, fill: ink.blue, stroke: ink.blue }], 'count')],
        [xAxis(labels, true), yAxis('count', (value) => countFormat.format(value))],
        { count: { range: fromZero } },
        [x, orders],
        false,
      );
    }
  }
}
