import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import type { Database } from './db/database';
import { publicConfig, type Env } from './env';
import { registerErrorHandler } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerHealthRoutes } from './modules/health/routes';
import { registerConfigRoutes } from './modules/config/routes';
import { registerSpaRoutes } from './modules/spa/routes';

export type AppOptions = {
  env: Env;
  database: Database;
  /** The built client; defaults to `dist/client`. */
  clientDir?: string;
  logger?: boolean;
};

/** Builds the whole server without listening, so tests can drive it with `inject`. */
export async function buildApp({ env, database, clientDir, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: env.NODE_ENV === 'production' ? 'info' : 'debug',
          redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        }
      : false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 256 * 1024,
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, env);
  await app.register(compress, { threshold: 1024 });

  const config = publicConfig(env);
  registerHealthRoutes(app, database);
  registerConfigRoutes(app, config);
  await registerSpaRoutes(app, clientDir ?? path.resolve('dist/client'), config);

  return app;
}
