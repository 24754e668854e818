import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PublicConfig } from '../../../shared/public-config';
import { AppError } from '../../plugins/errors';

const configPlaceholder = '<!--public-config-->';

/**
 * The page shell with the public configuration embedded as inert JSON (no inline script to allow), and
 * the response's style nonce for the scripts that insert a <style> (read through `get-nonce`).
 */
export function renderShell(template: string, config: PublicConfig, styleNonce?: string): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const nonceMeta = styleNonce && /^[0-9a-f]+$/.test(styleNonce) ? `<meta property="csp-nonce" nonce="${styleNonce}">` : '';
  return template.replace(configPlaceholder, `${nonceMeta}<script id="public-config" type="application/json">${json}</script>`);
}

/**
 * Serves the built client from `clientDir`: hashed assets with a long cache, and the page shell for
 * every other non-API path so the client's router (and its not-found page) takes over.
 */
export async function registerSpaRoutes(
  app: FastifyInstance,
  clientDir: string,
  getConfig: () => Promise<PublicConfig>,
): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const shell = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (shell) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      // One route per built file; every other path falls through to the shell below.
      wildcard: false,
      // The shell is only ever served rendered, with the configuration in it.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new AppError('not_found', 'No such API route.');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError('not_found', 'Not found.');
    }
    if (!shell) {
      return reply.status(503).type('text/plain').send('The client is not built yet: run `npm run build`.');
    }
    // Rendered per request: the price in the configuration is a setting staff may change.
    const page = renderShell(shell, await getConfig(), reply.cspNonce?.style);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  });
}
