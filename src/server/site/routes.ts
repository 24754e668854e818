import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import type { PublicConfig } from '#shared/site/public-config.ts';
import { healthAnswerSchema, notReadyAnswerSchema, publicConfigSchema, readyAnswerSchema } from '#shared/site/answers.ts';
import { routeSchema, type DocumentedRoutes } from '../api-document';
import type { Readiness } from './readiness';

/**
 * `/api/health` (the database answers: liveness), `/api/ready` (whether to send work here: readiness)
 * and `/api/config` (the public configuration, also embedded in every page).
 */
export function registerSiteRoutes(app: FastifyInstance, { database, getConfig, readiness }: { database: Database; getConfig: () => Promise<PublicConfig>; readiness: Readiness }): void {
  const api = app.withTypeProvider<DocumentedRoutes>();
  api.get('/api/health', { schema: routeSchema({ summary: 'Whether the server and its database answer', tag: 'Site', access: { kind: 'public' }, answers: { 200: healthAnswerSchema } }) }, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: database.kind };
  });

  api.get(
    '/api/ready',
    {
      schema: routeSchema({
        summary: 'Whether this server takes work (for a load balancer)',
        description: 'Ready once start-up has finished (database migrated, background jobs started); 503 before, and from the stop signal on while the server drains and closes.',
        tag: 'Site',
        access: { kind: 'public' },
        answers: { 200: readyAnswerSchema, 503: notReadyAnswerSchema },
      }),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const state = readiness.state();
      return state === 'ready' ? { ready: true as const } : reply.status(503).send({ ready: false as const, reason: state });
    },
  );

  // For clients that start without the page.
  api.get('/api/config', { schema: routeSchema({ summary: 'The public configuration', tag: 'Site', access: { kind: 'public' }, answers: { 200: publicConfigSchema } }) }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return getConfig();
  });
}
