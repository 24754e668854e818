import { formatUsd } from '#shared/money.ts';
import type { ChartColumnUnit, DashboardPeriod, FigureUnit } from '#shared/dashboard/dashboard.ts';

// How the dashboard writes its numbers and days. The days of the figures and charts are Eastern
// calendar days sent as YYYY-MM-DD: written as they are (read in UTC), so no browser's zone moves them.
// The moment the figures were computed goes through the panel's one formatter, with its zone named.

const countFormat = new Intl.NumberFormat('en-US');
const hoursFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const dayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Nothing measured (no filing that week): a dash. */
export const noValue = '—';

function dayDate(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 20, 2026"; text that is no day as it is. */
export function formatDay(day: string): string {
  const date = dayDate(day);
  return date ? dayFormat.format(date) : day;
}

/** "Nov 20", for a chart's axis. */
export function formatShortDay(day: string): string {
  const date = dayDate(day);
  return date ? shortDayFormat.format(date) : day;
}

/**
 * "Nov 14 – 20, 2026", or one day alone. The dash's spaces are plain ones: Node's ICU writes thin
 * spaces where Chromium's writes plain ones, and the server's render must read as the browser's.
 */
export function formatDayRange(from: string, to: string): string {
  const start = dayDate(from);
  const end = dayDate(to);
  if (!start || !end) return from === to ? from : `${from} – ${to}`;
  return from === to ? dayFormat.format(start) : dayFormat.formatRange(start, end).replace(/\u2009/g, ' ');
}

/** A figure's value: a count, or cents as US dollars. */
export function formatFigure(value: number, unit: FigureUnit): string {
  return unit === 'cents' ? formatUsd(value, 'en') : countFormat.format(value);
}

// A typographic minus: "−3" reads as minus three, where a hyphen may be skipped.
const withMinus = (text: string) => text.replace('-', '−');

/**
 * The change from the period before: a percentage ("+12%", "−3%"), or the difference itself when the
 * period before had none ("+5", "+$50.00"), where a percentage means nothing.
 */
export function formatChange(current: number, previous: number, unit: FigureUnit): string {
  if (previous === 0) {
    const difference = current - previous;
    if (difference === 0) return '0';
    return `${difference > 0 ? '+' : '−'}${formatFigure(Math.abs(difference), unit)}`;
  }
  return withMinus(percentFormat.format((current - previous) / Math.abs(previous)));
}

/** What each period is compared with, as the figures say it. */
export const comparedWith: Record<DashboardPeriod, string> = {
  today: 'vs yesterday',
  '7d': 'vs previous 7 days',
  '30d': 'vs previous 30 days',
};

/** A chart's cell as its table shows it: days as dates, cents as dollars, hours with one decimal, nothing as a dash. */
export function formatChartCell(value: string | number | null, unit: ChartColumnUnit): string {
  if (value === null) return noValue;
  if (typeof value === 'string') return unit === 'day' || unit === 'week' ? formatDay(value) : value;
  switch (unit) {
    case 'cents':
      return formatUsd(value, 'en');
    case 'hours':
      return hoursFormat.format(value);
    default:
      return countFormat.format(value);
  }
}
