import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import type { DashboardChart } from '#shared/dashboard/dashboard.ts';
import { formatChartCell } from './dashboard-formats';

/** A chart's rows exactly as the API sent them, formatted: its text alternative. The first column heads each row. */
export function ChartTable({ chart }: { chart: Pick<DashboardChart, 'title' | 'columns' | 'rows'> }) {
  if (chart.rows.length === 0) return <p className="py-6 text-center text-sm text-slate-600">Nothing to show for this range.</p>;
  return (
    <Table aria-label={chart.title} containerClassName="max-h-96 overflow-y-auto focus-visible:outline-2 focus-visible:outline-brand-600" scrollLabel={`${chart.title}, as a table`}>
      <TableHeader className="sticky top-0">
        <TableRow className="hover:bg-transparent">
          {chart.columns.map((column, index) => (
            <TableHead key={column.key} className={index === 0 ? undefined : 'text-right'}>
              {column.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {chart.rows.map((row, rowIndex) => (
          <TableRow key={rowIndex}>
            {chart.columns.map((column, index) =>
              index === 0 ? (
                <TableHead key={column.key} scope="row" className="text-sm font-medium tracking-normal whitespace-nowrap text-slate-900 normal-case">
                  {formatChartCell(row[index] ?? null, column.unit)}
                </TableHead>
              ) : (
                <TableCell key={column.key} className="text-right tabular-nums">
                  {formatChartCell(row[index] ?? null, column.unit)}
                </TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
