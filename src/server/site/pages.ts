import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PageRendererModule, RenderedPage } from '#shared/site/page-render.ts';
import { indexedPagePaths, privatePathPrefixes } from '#shared/site/public-paths.ts';
import type { PublicConfig } from '#shared/site/public-config.ts';
import { baseLocale, localeOfPath, locales, pathInLocale, type Locale } from '#shared/i18n/locales.ts';
import { AppError } from '../errors';
import { allowInlineStyles, apiReferencePagePath } from '../http';
import { createCriticalCssInliner, criticalStyleAttribute } from './critical-css';
import { afterPaintScriptAttribute, loadAfterFirstPaint } from './after-paint';
import { pageAnswersElementId, signedInPages, type PageAnswer } from '#shared/site/signed-in-pages.ts';
import { askForPage } from './signed-in-page';

const configPlaceholder = '<!--public-config-->';
const rootElement = '<div id="root"></div>';
const noindex = '<meta name="robots" content="noindex">';

/**
 * The page shell with the public configuration embedded as inert JSON, and
 * the response's style nonce for the scripts that insert a <style> (read through `get-nonce`) and for
 * the page's inlined critical CSS, and its script nonce for the script that loads the page's code
 * after its first paint.
 */
export function renderShell(template: string, config: PublicConfig, nonces: { style?: string; script?: string } = {}): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const valid = (nonce: string | undefined) => (nonce && /^[0-9a-f]+$/.test(nonce) ? nonce : null);
  const styleNonce = valid(nonces.style);
  const scriptNonce = valid(nonces.script);
  const nonceMeta = styleNonce ? `<meta property="csp-nonce" nonce="${styleNonce}">` : '';
  let page = template.replace(configPlaceholder, () => `${nonceMeta}<script id="public-config" type="application/json">${json}</script>`);
  if (styleNonce) page = page.replace(`<style ${criticalStyleAttribute}>`, () => `<style ${criticalStyleAttribute} nonce="${styleNonce}">`);
  if (scriptNonce) page = page.replace(`<script ${afterPaintScriptAttribute}>`, () => `<script ${afterPaintScriptAttribute} nonce="${scriptNonce}">`);
  return page;
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

/** The API's answers a page was rendered from (or its first calls will be answered with), as inert JSON at the end of its body. */
function withPageAnswers(document: string, answers: readonly PageAnswer[]): string {
  if (answers.length === 0) return document;
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return document.replace('</body>', () => `<script id="${pageAnswersElementId}" type="application/json">${json}</script></body>`);
}

/** The shell in the language of the page at `pathname`: `<html lang>` is the page's (`en`, `es`). */
export function inPageLanguage(document: string, pathname: string): string {
  const locale = localeOfPath(pathname);
  return locale === baseLocale ? document : document.replace('<html lang="en">', () => `<html lang="${locale}">`);
}

export function robotsTxt(siteUrl: string): string {
  // The customer's private pages in every language; the panel and the API have no language prefix.
  const customerPrefixes = privatePathPrefixes.filter((prefix) => prefix !== '/manage' && prefix !== '/api/');
  const prefixes = [...privatePathPrefixes, ...locales.filter((locale) => locale !== baseLocale).flatMap((locale) => customerPrefixes.map((prefix) => pathInLocale(prefix, locale)))];
  const disallowed = prefixes.map((prefix) => `Disallow: ${prefix}`);
  return ['User-agent: *', ...disallowed, '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/** Every indexed page in every language, each with its twins as alternates (and English as the default). */
export function sitemapXml(siteUrl: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const link = (hreflang: string, href: string) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escape(href)}"/>`;
  const urls = indexedPagePaths.flatMap((pagePath) => {
    const alternates = [
      ...locales.map((locale) => link(locale, `${siteUrl}${pathInLocale(pagePath, locale)}`)),
      link('x-default', `${siteUrl}${pagePath}`),
    ];
    return locales.map((locale) => [`  <url>`, `    <loc>${escape(`${siteUrl}${pathInLocale(pagePath, locale)}`)}</loc>`, ...alternates, '  </url>'].join('\n'));
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

async function loadRenderer(file: string): Promise<PageRendererModule | null> {
  if (!existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as Partial<PageRendererModule>;
  if (typeof loaded.renderPage !== 'function' || typeof loaded.routeKind !== 'function') {
    throw new Error(`${file} is not the server-rendering bundle: it lacks renderPage or routeKind`);
  }
  return loaded as PageRendererModule;
}

/** An address under `/api` that no route answers is an API client's mistake, answered in JSON. */
function refuseApiPath(pathname: string): void {
  if (pathname === '/api' || pathname.startsWith('/api/')) throw new AppError('not_found', 'No such API route.');
}

/** A page as the server sends it, before the per-response configuration and nonce. */
type PageDocument = {
  kind: RenderedPage['kind'];
  /** React's markup of the page (null for the pages the browser renders alone). */
  html: string | null;
  /** The shell with the page in it and, for a rendered page, its critical CSS. */
  document: string;
};

/** Prepared pages, by configuration and address; preparing one takes tens of milliseconds, a lookup none. */
class PageCache {
  private readonly pages = new Map<string, PageDocument>();
  constructor(private readonly limit: number) {}

  async get(key: string, prepare: () => Promise<PageDocument>): Promise<PageDocument> {
    const cached = this.pages.get(key);
    if (cached) return cached;
    const page = await prepare();
    // Few distinct pages exist; a full cache means the configuration changed, so start afresh.
    if (this.pages.size >= this.limit) this.pages.clear();
    this.pages.set(key, page);
    return page;
  }
}

/** The built shells' addresses: `/index.html`, and `/index.es.html` for the Spanish build (decision 062). */
const shellFile = /^\/index(?:\.[a-z]{2})?\.html$/;

/** A language's page shell, open to search and kept out of it (`noindex`). */
type Shell = { open: string; kept: string };

/**
 * The page shell of each language's build of the browser's code (decision 062): `index.html` for
 * English and `index.<locale>.html` for the others, each loading only its own language's messages.
 * A language whose build is missing is served English's shell. Null when the client is not built.
 */
function readShells(clientDir: string): Record<Locale, Shell> | null {
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);
  const english = read(path.join(clientDir, 'index.html'));
  if (english === null) return null;
  const shellOf = (document: string): Shell => ({ open: document, kept: document.replace('</head>', `${noindex}</head>`) });
  return Object.fromEntries(
    locales.map((locale) => [locale, shellOf(locale === baseLocale ? english : (read(path.join(clientDir, `index.${locale}.html`)) ?? english))]),
  ) as Record<Locale, Shell>;
}

type SpaOptions = {
  clientDir: string;
  /** The server-rendering bundle built from `src/client/entry-server.tsx`. */
  rendererFile: string;
  getConfig: () => Promise<PublicConfig>;
};

/**
 * Serves the built client from `clientDir`: hashed assets with a long cache (their brotli or gzip
 * copies made by the build when the browser takes them), `robots.txt` and `sitemap.xml`, the public
 * pages, the staff sign-in and the not-found page (404) rendered on the server with their critical
 * CSS inlined, and the empty shell, kept out of search, for the pages the browser renders alone.
 * Pages are compressed like every other response (`@fastify/compress`).
 */
export async function registerPageRoutes(app: FastifyInstance, { clientDir, rendererFile, getConfig }: SpaOptions): Promise<void> {
  const shells = readShells(clientDir);
  const renderer = shells ? await loadRenderer(rendererFile) : null;
  const inlineCriticalCss = createCriticalCssInliner(clientDir, app.log);
  const cache = new PageCache(100);

  // Pages and the site's files, not the API: left out of the API document.
  const notApi = { schema: { hide: true } };
  app.get('/robots.txt', notApi, async (_request, reply) => {
    const { siteUrl } = await getConfig();
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt(siteUrl));
  });

  app.get('/sitemap.xml', notApi, async (_request, reply) => {
    const { siteUrl } = await getConfig();
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(sitemapXml(siteUrl));
  });

  if (shells) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      // One route per built file; every other path falls through to the pages below.
      wildcard: false,
      // The build's `.br` and `.gz` copies, sent as they are to a browser that takes them.
      preCompressed: true,
      // The shells are only ever served rendered, with the configuration in them.
      allowedPath: (pathName) => !shellFile.test(pathName),
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  /**
   * The page in its shell: the private shell (kept out of search) for the pages the browser renders
   * and the unlisted ones; the not-found page carries its own robots tag.
   */
  function pageDocument(page: RenderedPage, pathname: string): PageDocument {
    if (!shells) throw new Error('No page shell');
    const { open, kept } = shells[localeOfPath(pathname)];
    if (page.kind === 'private') return { kind: page.kind, html: null, document: inPageLanguage(kept, pathname) };
    return { kind: page.kind, html: page.html, document: inPageLanguage(fillShell(page.kind === 'unlisted' ? kept : open, page.html), pathname) };
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const [pathname = '/', search] = request.url.split('?');
    refuseApiPath(pathname);
    if (!shells) {
      return reply.status(503).type('text/plain').send('The client is not built yet: run `npm run build`.');
    }
    // Per request: the price in the configuration is a setting staff may change, and the nonce is new.
    const config = await getConfig();
    const nonces = { style: reply.cspNonce?.style, script: reply.cspNonce?.script };
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    const policy = reply.getHeader('content-security-policy');
    if (pathname === apiReferencePagePath && typeof policy === 'string') reply.header('content-security-policy', allowInlineStyles(policy));
    if (!renderer) return reply.send(renderShell(inPageLanguage(shells[localeOfPath(pathname)].open, pathname), config, nonces));

    const kind = renderer.routeKind(pathname);
    const signedInQueries = kind === 'private' && request.headers.cookie ? signedInPages[pathname] : undefined;
    if (signedInQueries) return sendSignedInPage(request, reply, signedInQueries, config, nonces);
    const key = `${JSON.stringify(config)}\n${kind === 'not-found' ? `not-found ${localeOfPath(pathname)}` : pathname}`;
    let page = await cache.get(key, async () => {
      const prepared = pageDocument(await renderer.renderPage(pathname, config), pathname);
      return { ...prepared, document: prepared.html === null ? prepared.document : loadAfterFirstPaint(await inlineCriticalCss(prepared.document)) };
    });
    // The query changes what the tracking page shows. A render it changes is not kept, and is sent
    // with the whole stylesheet (picking its rules would cost every such request); one it leaves
    // alone, such as a campaign's tags on the landing page, is the kept page.
    if (search !== undefined && page.html !== null && kind !== 'not-found') {
      const rendered = await renderer.renderPage(request.url, config);
      if (rendered.html !== page.html) {
        page = pageDocument(rendered, pathname);
      }
    }
    if (page.kind === 'private' || page.kind === 'unlisted') reply.header('X-Robots-Tag', 'noindex');
    return reply.status(page.kind === 'not-found' ? 404 : 200).send(renderShell(page.document, config, nonces));
  }

  /**
   * A staff page the server renders for the signed-in member who asks (decision 068): rendered from the
   * API's answers to their own cookie, its critical CSS inlined, its answers embedded for the browser,
   * and never stored by a cache. A visitor the API does not answer gets the browser's page, with the
   * answers it got.
   */
  async function sendSignedInPage(
    request: FastifyRequest,
    reply: FastifyReply,
    queries: (typeof signedInPages)[string],
    config: PublicConfig,
    nonces: { style?: string; script?: string },
  ): Promise<FastifyReply> {
    const [pathname = '/'] = request.url.split('?');
    const { answers, setCookies, complete } = await askForPage(app, request, queries);
    for (const cookie of setCookies) void reply.header('set-cookie', cookie);
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
    const rendered = complete && renderer ? await renderer.renderPage(request.url, config, answers) : null;
    const document = rendered?.html
      ? loadAfterFirstPaint(await inlineCriticalCss(pageDocument({ kind: 'unlisted', html: rendered.html }, pathname).document, { reuse: true }))
      : pageDocument({ kind: 'private', html: null }, pathname).document;
    return reply.send(renderShell(withPageAnswers(document, answers), config, nonces));
  }

  // Every address no other route answers: a route, so responses are compressed like any other.
  app.get('/*', notApi, sendPage);

  app.setNotFoundHandler(async (request, reply) => {
    refuseApiPath(request.url.split('?')[0] ?? '/');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError('not_found', 'Not found.');
    }
    // Reached through the static files' refusal of the shell's own address.
    return sendPage(request, reply);
  });
}
