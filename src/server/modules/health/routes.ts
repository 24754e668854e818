import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/health', async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: database.kind };
  });
}
