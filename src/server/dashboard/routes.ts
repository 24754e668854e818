import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Services } from '../contracts';
import { parseWith } from '../http';
import { staffOf } from '../staff';
import { routeSchema, type DocumentedRoutes } from '../api-document';
import { chartQuerySchema, dashboardChartKeys, type DashboardChart, type DashboardSummary } from '#shared/dashboard/dashboard.ts';
import { dashboardChartSchema, dashboardSummarySchema } from '#shared/dashboard/answers.ts';
import { readDashboardChart, readDashboardSummary } from './read-dashboard';
import { dashboardChartCsv } from './dashboard-csv';

const chartParamsSchema = z.strictObject({ chart: z.enum(dashboardChartKeys) });

/** `/api/manage/dashboard`: the figures, and each chart's numbers as JSON and CSV (staff with `dashboard:read`). */
export function registerDashboardRoutes(app: FastifyInstance, services: Pick<Services, 'database'>): void {
  const { db } = services.database;
  const noStore = {
    onSend: async (_request: unknown, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    },
  };
  const api = app.withTypeProvider<DocumentedRoutes>();
  const dashboardRoute = { tag: 'Dashboard', access: { kind: 'staff', permission: 'dashboard:read' } } as const;

  api.get(
    '/api/manage/dashboard',
    { ...noStore, schema: routeSchema({ ...dashboardRoute, summary: 'The figures for today, the last 7 and 30 days, each beside the period before', answers: { 200: dashboardSummarySchema } }) },
    async (request): Promise<DashboardSummary> => readDashboardSummary(db, staffOf(request).user),
  );

  const chartRoute = { ...dashboardRoute, params: chartParamsSchema, querystring: chartQuerySchema } as const;
  api.get(
    '/api/manage/dashboard/charts/:chart',
    { ...noStore, schema: routeSchema({ ...chartRoute, summary: "A chart's numbers as a table", answers: { 200: dashboardChartSchema } }) },
    async (request): Promise<DashboardChart> => {
      const { chart } = parseWith(chartParamsSchema, request.params);
      const { range } = parseWith(chartQuerySchema, request.query);
      return readDashboardChart(db, staffOf(request).user, chart, range);
    },
  );

  api.get(
    '/api/manage/dashboard/charts/:chart.csv',
    { ...noStore, schema: routeSchema({ ...chartRoute, summary: "A chart's numbers as CSV", answers: { 200: { file: 'text/csv', description: 'The same rows as the chart’s table, amounts in dollars.' } } }) },
    async (request, reply) => {
      const { chart } = parseWith(chartParamsSchema, request.params);
      const { range } = parseWith(chartQuerySchema, request.query);
      const table = await readDashboardChart(db, staffOf(request).user, chart, range);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${chart}-${table.from}-to-${table.to}.csv"`)
        .send(dashboardChartCsv(table));
    },
  );
}
