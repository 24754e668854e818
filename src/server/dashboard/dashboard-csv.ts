import type { ChartColumnUnit, DashboardChart } from '#shared/dashboard/dashboard.ts';
import { csvLine } from '../http';

// A chart's numbers as CSV: the same columns and rows as its table, amounts in dollars.

const unitSuffix: Partial<Record<ChartColumnUnit, string>> = { cents: ' (USD)', hours: ' (hours)', day: ` (YYYY-MM-DD)`, week: ' (Monday, YYYY-MM-DD)' };

function cellOf(value: string | number | null, unit: ChartColumnUnit): string | number | null {
  if (value === null) return null;
  return unit === 'cents' && typeof value === 'number' ? (value / 100).toFixed(2) : value;
}

export function dashboardChartCsv(chart: DashboardChart): string {
  const header = csvLine(chart.columns.map((column) => `${column.label}${unitSuffix[column.unit] ?? ''}`));
  return header + chart.rows.map((row) => csvLine(row.map((value, index) => cellOf(value, chart.columns[index]!.unit)))).join('');
}
