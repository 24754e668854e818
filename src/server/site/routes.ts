import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import type { PublicConfig } from '#shared/site/public-config.ts';
import { healthAnswerSchema, publicConfigSchema } from '#shared/site/answers.ts';
import { routeSchema, type DocumentedRoutes } from '../api-document';

/** `/api/health` (the database answers) and `/api/config` (the public configuration, also embedded in every page). */
export function registerSiteRoutes(app: FastifyInstance, { database, getConfig }: { database: Database; getConfig: () => Promise<PublicConfig> }): void {
  const api = app.withTypeProvider<DocumentedRoutes>();
  api.get('/api/health', { schema: routeSchema({ summary: 'Whether the server and its database answer', tag: 'Site', access: { kind: 'public' }, answers: { 200: healthAnswerSchema } }) }, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: database.kind };
  });

  // For clients that start without the page.
  api.get('/api/config', { schema: routeSchema({ summary: 'The public configuration', tag: 'Site', access: { kind: 'public' }, answers: { 200: publicConfigSchema } }) }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return getConfig();
  });
}
