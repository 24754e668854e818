import type { FastifyInstance } from 'fastify';
import type { Services } from '../contracts';
import { routeSchema, type DocumentedRoutes } from '../api-document';
import { alertsResponseSchema, type AlertsResponse } from '#shared/alerts/alerts.ts';
import { findOpenAlerts } from './find-open-alerts';

/** `/api/manage/alerts`: the conditions open now, for the top of the dashboard (who may: `alerts:read`). */
export function registerAlertRoutes(app: FastifyInstance, services: Pick<Services, 'database'>): void {
  const { db } = services.database;
  const api = app.withTypeProvider<DocumentedRoutes>();
  api.get(
    '/api/manage/alerts',
    {
      schema: routeSchema({
        tag: 'Alerts',
        access: { kind: 'staff', permission: 'alerts:read' },
        summary: 'The alerts open now',
        description: 'Each condition as the last check found it, the oldest first; orders are named by tracking number only.',
        answers: { 200: alertsResponseSchema },
      }),
    },
    async (_request, reply): Promise<AlertsResponse> => {
      reply.header('cache-control', 'no-store');
      return findOpenAlerts(db);
    },
  );
}
