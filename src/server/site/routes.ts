import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import type { PublicConfig } from '../../shared/site/public-config';

/** `/api/health` (the database answers) and `/api/config` (the public configuration, also embedded in every page). */
export function registerSiteRoutes(app: FastifyInstance, { database, getConfig }: { database: Database; getConfig: () => Promise<PublicConfig> }): void {
  app.get('/api/health', async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: database.kind };
  });

  // For clients that start without the page.
  app.get('/api/config', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return getConfig();
  });
}
