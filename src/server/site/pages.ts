import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PageRendererModule, RenderedPage } from '../../shared/site/page-render';
import { indexedPagePaths, privatePathPrefixes } from '../../shared/site/public-paths';
import type { PublicConfig } from '../../shared/site/public-config';
import { AppError } from '../errors';

const configPlaceholder = '<!--public-config-->';
const rootElement = '<div id="root"></div>';
const noindex = '<meta name="robots" content="noindex">';

/**
 * The page shell with the public configuration embedded as inert JSON (no inline script to allow), and
 * the response's style nonce for the scripts that insert a <style> (read through `get-nonce`).
 */
export function renderShell(template: string, config: PublicConfig, styleNonce?: string): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const nonceMeta = styleNonce && /^[0-9a-f]+$/.test(styleNonce) ? `<meta property="csp-nonce" nonce="${styleNonce}">` : '';
  return template.replace(configPlaceholder, `${nonceMeta}<script id="public-config" type="application/json">${json}</script>`);
}

// React writes a page's title, meta and link elements ahead of its markup; they belong in the head.
const leadingHeadTags = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/;

/**
 * The shell with a server-rendered page in it: its head tags in place of the shell's title, its
 * markup inside the root element. The configuration and nonce are filled in later, per request.
 */
export function fillShell(template: string, html: string): string {
  const head = leadingHeadTags.exec(html)?.[0] ?? '';
  const body = html.slice(head.length);
  const withHead = head ? template.replace(/<title>[^<]*<\/title>/, () => head) : template;
  return withHead.replace(rootElement, () => `<div id="root">${body}</div>`);
}

export function robotsTxt(siteUrl: string): string {
  const disallowed = privatePathPrefixes.map((prefix) => `Disallow: ${prefix}`);
  return ['User-agent: *', ...disallowed, '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(siteUrl: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const urls = indexedPagePaths.map((pagePath) => `  <url><loc>${escape(`${siteUrl}${pagePath}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

async function loadRenderer(file: string): Promise<PageRendererModule | null> {
  if (!existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as Partial<PageRendererModule>;
  if (typeof loaded.renderPage !== 'function' || typeof loaded.routeKind !== 'function') {
    throw new Error(`${file} is not the server-rendering bundle: it lacks renderPage or routeKind`);
  }
  return loaded as PageRendererModule;
}

/** Rendered pages, by configuration and address; a render takes milliseconds, a lookup none. */
class PageCache {
  private readonly pages = new Map<string, RenderedPage>();
  constructor(private readonly limit: number) {}

  async get(key: string, render: () => Promise<RenderedPage>): Promise<RenderedPage> {
    const cached = this.pages.get(key);
    if (cached) return cached;
    const page = await render();
    // Few distinct pages exist; a full cache means the configuration changed, so start afresh.
    if (this.pages.size >= this.limit) this.pages.clear();
    this.pages.set(key, page);
    return page;
  }
}

type SpaOptions = {
  clientDir: string;
  /** The server-rendering bundle built from `src/client/entry-server.tsx`. */
  rendererFile: string;
  getConfig: () => Promise<PublicConfig>;
};

/**
 * Serves the built client from `clientDir`: hashed assets with a long cache, `robots.txt` and
 * `sitemap.xml`, the public pages and the not-found page (404) rendered on the server, and the
 * empty shell, kept out of search, for the pages the browser renders alone.
 */
export async function registerPageRoutes(app: FastifyInstance, { clientDir, rendererFile, getConfig }: SpaOptions): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const shell = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const renderer = shell ? await loadRenderer(rendererFile) : null;
  const cache = new PageCache(100);

  app.get('/robots.txt', async (_request, reply) => {
    const { siteUrl } = await getConfig();
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt(siteUrl));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const { siteUrl } = await getConfig();
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(sitemapXml(siteUrl));
  });

  if (shell) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      // One route per built file; every other path falls through to the pages below.
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
    const [pathname = '/', search] = request.url.split('?');
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new AppError('not_found', 'No such API route.');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError('not_found', 'Not found.');
    }
    if (!shell) {
      return reply.status(503).type('text/plain').send('The client is not built yet: run `npm run build`.');
    }
    // Per request: the price in the configuration is a setting staff may change, and the nonce is new.
    const config = await getConfig();
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    if (!renderer) return reply.send(renderShell(shell, config, reply.cspNonce?.style));

    const kind = renderer.routeKind(pathname);
    // The query only changes what the tracking page shows; those renders are not kept.
    const key = kind === 'not-found' ? 'not-found' : search === undefined ? pathname : null;
    const render = () => renderer.renderPage(request.url, config);
    const page = key === null ? await render() : await cache.get(`${JSON.stringify(config)}\n${key}`, render);

    if (page.kind === 'private') {
      const privateShell = shell.replace('</head>', `${noindex}</head>`);
      return reply.header('X-Robots-Tag', 'noindex').send(renderShell(privateShell, config, reply.cspNonce?.style));
    }
    const filled = fillShell(shell, page.html);
    return reply.status(page.kind === 'not-found' ? 404 : 200).send(renderShell(filled, config, reply.cspNonce?.style));
  });
}
