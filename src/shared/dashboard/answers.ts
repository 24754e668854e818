import { z } from 'zod';
import { dashboardChartKeys, chartRangeKeys, dashboardPeriodKeys, type DashboardChart, type DashboardSummary, type DashboardFigure, type DashboardNowCount } from './dashboard';

// The dashboard routes' answers as schemas, for the API document (decision 044).

const figureKeys = ['paidOrders', 'netRevenueCents', 'refunds', 'refundedCents', 'disputes', 'awaitingSignature', 'awaitingFiling', 'atIrs', 'overdueAtIrs', 'completed'] as const satisfies readonly DashboardFigure[];
const nowKeys = ['awaitingSignature', 'awaitingFiling', 'atIrs', 'overdueAtIrs'] as const satisfies readonly DashboardNowCount[];
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const dashboardSummarySchema = z
  .strictObject({
    asOf: z.string().nullable(),
    timeZone: z.string(),
    scope: z.enum(['all', 'own']),
    money: z.boolean(),
    periods: z.array(z.strictObject({ key: z.enum(dashboardPeriodKeys), label: z.string(), from: day, to: day, previousFrom: day, previousTo: day })),
    figures: z.array(
      z.strictObject({
        key: z.enum(figureKeys),
        label: z.string(),
        unit: z.enum(['count', 'cents']),
        values: z.array(z.strictObject({ period: z.enum(dashboardPeriodKeys), current: z.number(), previous: z.number() })),
      }),
    ),
    now: z.array(z.strictObject({ key: z.enum(nowKeys), label: z.string(), orders: z.number().int() })),
  })
  .meta({ id: 'DashboardSummary' }) satisfies z.ZodType<DashboardSummary>;

export const dashboardChartSchema = z
  .strictObject({
    key: z.enum(dashboardChartKeys),
    title: z.string(),
    range: z.enum(chartRangeKeys),
    from: day,
    to: day,
    timeZone: z.string(),
    columns: z.array(z.strictObject({ key: z.string(), label: z.string(), unit: z.enum(['day', 'week', 'stage', 'count', 'cents', 'hours']) })),
    rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  })
  .meta({ id: 'DashboardChart' }) satisfies z.ZodType<DashboardChart>;
