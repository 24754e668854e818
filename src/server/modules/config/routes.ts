import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '../../../shared/public-config';

/** The public configuration, also embedded in every page; for clients that start without the page. */
export function registerConfigRoutes(app: FastifyInstance, getConfig: () => Promise<PublicConfig>): void {
  app.get('/api/config', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return getConfig();
  });
}
