import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import type { Database } from '../db';
import { indexedPagePaths } from '#shared/site/public-paths.ts';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { locales, pathInLocale } from '#shared/i18n/locales.ts';

const siteUrl = 'https://ein.example.com';

const stylesheet = '/assets/index-test.css';
const usedRule = 'main{margin-top:1px}';
const unusedRule = '.never-on-any-page{color:red}';
const script = { path: '/assets/entry-test.js', text: `console.log(${JSON.stringify('x'.repeat(2000))});` };

const preload = '/assets/react-test.js';

/**
 * The built shell's shape: the placeholder title React's replaces, the entry, its preload and the
 * stylesheet as Vite links them, and the empty root; beside it the stylesheet and a script with the
 * brotli copy the build makes.
 */
function clientDirWithShell(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ein-client-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><title>Shell title</title><!--public-config-->\n    <script type="module" crossorigin src="${script.path}"></script>\n    <link rel="modulepreload" crossorigin href="${preload}">\n    <link rel="stylesheet" crossorigin href="${stylesheet}">\n  </head><body><div id="root"></div></body></html>`,
  );
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, stylesheet), `${usedRule}${unusedRule}`);
  writeFileSync(path.join(dir, script.path), script.text);
  writeFileSync(path.join(dir, `${script.path}.br`), brotliCompressSync(script.text));
  return dir;
}

const publicPages = [
  { path: '/', heading: `${deliveryPromise.headline.lead} ${deliveryPromise.headline.highlight}`, text: 'We prepare and file your employer identification number application' },
  { path: '/faq', heading: 'Frequently Asked Questions', text: 'An employer identification number (EIN) is a nine-digit number' },
  { path: '/about', heading: 'About Us', text: 'EIN Filing Service is operated by EIN Filing Service LLC' },
  { path: '/privacy', heading: 'Privacy Policy', text: 'Social Security number' },
  { path: '/terms', heading: 'Terms of Service', text: 'refund' },
  { path: '/ein-application-start', heading: 'Company Information', text: 'Tell us about the business that needs an EIN.' },
  { path: '/track-application', heading: 'Track Your EIN Application', text: 'Enter the application number from your confirmation email' },
] as const;

type JsonLdNode = { '@type': string; url?: string; mainEntity?: { name: string; acceptedAnswer: { text: string } }[]; offers?: { price: string } };

function parse(html: string) {
  const { document } = new JSDOM(html).window;
  const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
  const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')];
  const graph = scripts.flatMap((script) => (JSON.parse(script.textContent ?? '') as { '@graph': JsonLdNode[] })['@graph']);
  return { document, meta, graph };
}

describe.each(testDatabaseKinds)('server-rendered pages on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', DATA_DIR: tmpdir(), PUBLIC_URL: `${siteUrl}/` }),
      database,
      clientDir: clientDirWithShell(),
      // The renderer's source: the test needs no build, and checks the code as it is.
      rendererFile: path.resolve('src/client/entry-server.tsx'),
    });
    // Loading the renderer from source compiles the client's pages: on a busy machine, over half a minute.
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('renders every public page with its heading, text, title, description, canonical link and previews', async () => {
    const titles = new Set<string>();
    for (const page of publicPages) {
      const response = await app.inject({ method: 'GET', url: page.path });
      expect(response.statusCode, page.path).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const { document, meta, graph } = parse(response.body);

      expect(document.querySelector('#root h1')?.textContent, page.path).toBe(page.heading);
      expect(document.querySelector('#root main')?.textContent, page.path).toContain(page.text);
      const titleElements = document.querySelectorAll('title');
      expect(titleElements, page.path).toHaveLength(1);
      expect(titleElements[0]?.parentElement?.tagName).toBe('HEAD');
      const title = document.title;
      expect(title).not.toBe('Shell title');
      titles.add(title);

      expect(meta('meta[name="description"]')?.length, page.path).toBeGreaterThan(50);
      const url = `${siteUrl}${page.path}`;
      expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
      expect(meta('meta[property="og:title"]')).toBe(title);
      expect(meta('meta[property="og:description"]')).toBe(meta('meta[name="description"]'));
      expect(meta('meta[property="og:url"]')).toBe(url);
      expect(meta('meta[property="og:image"]')).toBe(`${siteUrl}/og-image.png`);
      expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
      expect(meta('meta[name="robots"]')).toBeNull();
      expect(graph.find((node) => node['@type'] === 'Organization')).toMatchObject({ url: `${siteUrl}/` });
      // The configuration the browser hydrates with is in the same page.
      expect(document.getElementById('public-config')?.textContent).toContain(`"siteUrl":"${siteUrl}"`);
    }
    expect(titles.size).toBe(publicPages.length);
  });

  it('describes the FAQ with the questions and answers the page shows', async () => {
    const { document, graph } = parse((await app.inject({ method: 'GET', url: '/faq' })).body);
    const questions = graph.find((node) => node['@type'] === 'FAQPage')?.mainEntity ?? [];
    const shown = [...document.querySelectorAll('#root details')].map((details) => ({
      question: details.querySelector('summary')?.textContent,
      answer: details.querySelector('div')?.textContent?.replace(/\s+/g, ' ') ?? '',
    }));
    expect(shown.length).toBeGreaterThan(5);
    expect(questions.map((entry) => entry.name)).toEqual(shown.map((entry) => entry.question));
    questions.forEach((entry, index) => {
      for (const word of entry.acceptedAnswer.text.split(' ')) expect(shown[index]?.answer).toContain(word);
    });
  });

  it('serves the privacy policy\'s retention periods with the space before each figure', async () => {
    const { document } = parse((await app.inject({ method: 'GET', url: '/privacy' })).body);
    const text = document.querySelector('#root main')?.textContent ?? '';
    expect(text).toContain('your SSN included, are deleted 72 hours after your last attempt');
    expect(text).not.toMatch(/[a-z]\d/);
  });

  it('offers the service at the configured price, which staff may change', async () => {
    await database.db.execute(sql`update settings set value = '199.50' where key = 'ein_price_standard'`);
    try {
      const { graph } = parse((await app.inject({ method: 'GET', url: '/' })).body);
      const service = graph.find((node) => node['@type'] === 'Service');
      expect(service?.offers).toMatchObject({ '@type': 'Offer', price: '199.50', priceCurrency: 'USD' });
    } finally {
      await database.db.execute(sql`update settings set value = '149' where key = 'ein_price_standard'`);
    }
    const { graph } = parse((await app.inject({ method: 'GET', url: '/' })).body);
    expect(graph.find((node) => node['@type'] === 'Service')).toMatchObject({ offers: { price: '149.00' } });
  });

  it('puts a fresh style nonce in every rendered page', async () => {
    const nonces = await Promise.all(
      [1, 2].map(async () => {
        const response = await app.inject({ method: 'GET', url: '/faq' });
        return parse(response.body).document.querySelector('meta[property="csp-nonce"]')?.getAttribute('nonce');
      }),
    );
    expect(nonces[0]).toMatch(/^[0-9a-f]+$/);
    expect(nonces[1]).not.toBe(nonces[0]);
  });

  it('answers unknown addresses with 404 and the not-found page, kept out of search', async () => {
    for (const url of ['/no-such-page', '/faq/extra', '/about?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      if (url === '/about?x=1') {
        expect(response.statusCode).toBe(200);
        continue;
      }
      expect(response.statusCode, url).toBe(404);
      const { document, meta } = parse(response.body);
      expect(document.querySelector('#root h1')?.textContent).toBe('Oops! Page not found');
      expect(meta('meta[name="robots"]')).toBe('noindex');
    }
  });

  it('keeps the browser-rendered pages out of search', async () => {
    for (const url of ['/ein/step-2', '/ein/confirmation', '/manage/orders/7', '/sign/abc']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-robots-tag']).toBe('noindex');
      const { document, meta } = parse(response.body);
      expect(meta('meta[name="robots"]')).toBe('noindex');
      expect(document.getElementById('root')?.childElementCount).toBe(0);
    }
  });

  it('renders the staff sign-in form on the server, kept out of search', async () => {
    const response = await app.inject({ method: 'GET', url: '/manage/login' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const { document, meta } = parse(response.body);
    expect(meta('meta[name="robots"]')).toBe('noindex');
    const form = document.querySelector('#root form');
    expect(form?.querySelector('input[type="email"]')).not.toBeNull();
    expect(form?.querySelector('input[type="password"]')).not.toBeNull();
    expect(form?.querySelector('button[type="submit"]')).not.toBeNull();
    // Posted natively before the scripts come, the form would fail: its fields wait for them.
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.querySelector('fieldset')?.hasAttribute('disabled')).toBe(true);
  });

  it("inlines each rendered page's rules under the response's nonce, and loads its code and whole stylesheet after the first paint", async () => {
    for (const url of ['/faq', '/manage/login', '/no-such-page']) {
      const response = await app.inject({ method: 'GET', url });
      const { document } = parse(response.body);
      const inlined = document.querySelectorAll('head style[data-critical-css]');
      expect(inlined, url).toHaveLength(1);
      expect(inlined[0]?.textContent, url).toContain(usedRule);
      expect(inlined[0]?.textContent, url).not.toContain(unusedRule);
      // The nonce is this response's, allowed by its policy.
      const policy = response.headers['content-security-policy'] as string;
      const nonce = inlined[0]?.getAttribute('nonce');
      expect(nonce).toBe(document.querySelector('meta[property="csp-nonce"]')?.getAttribute('nonce'));
      expect(policy).toMatch(new RegExp(`style-src [^;]*'nonce-${nonce}'`));
      // Nothing the parser would request before the first paint: no entry, preload or stylesheet link.
      expect(document.querySelectorAll('script[src], link[rel="modulepreload"], head > link[rel="stylesheet"]'), url).toHaveLength(0);
      // A script of this response's own, at the end of the body, requests them once the page has painted.
      const loader = document.querySelector('body > script[data-after-paint]:last-child');
      expect(loader?.getAttribute('nonce'), url).toMatch(/^[0-9a-f]+$/);
      expect(policy).toMatch(new RegExp(`script-src [^;]*'nonce-${loader?.getAttribute('nonce')}'`));
      for (const file of [script.path, preload, stylesheet]) expect(loader?.textContent, url).toContain(file);
      // Without scripts, the whole stylesheet applies at once.
      expect(document.querySelector(`head > noscript > link[rel="stylesheet"][href="${stylesheet}"]`)?.hasAttribute('media')).toBe(false);
    }
    // The pages the browser renders link the entry and the whole stylesheet as they are.
    const { document } = parse((await app.inject({ method: 'GET', url: '/ein/step-2' })).body);
    expect(document.querySelector('style[data-critical-css]')).toBeNull();
    expect(document.querySelector('script[data-after-paint]')).toBeNull();
    expect(document.querySelector(`head > script[type="module"][src="${script.path}"]`)).not.toBeNull();
    expect(document.querySelector(`link[rel="stylesheet"][href="${stylesheet}"]`)?.hasAttribute('media')).toBe(false);
  });

  it('compresses pages for a browser that takes it, and sends the build\'s compressed copies of its files', async () => {
    const plain = await app.inject({ method: 'GET', url: '/faq' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await app.inject({ method: 'GET', url: '/faq', headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    const page = brotliDecompressSync(compressed.rawPayload).toString();
    expect(compressed.rawPayload.length).toBeLessThan(page.length / 3);
    expect(parse(page).document.querySelector('#root h1')?.textContent).toBe('Frequently Asked Questions');

    const asset = await app.inject({ method: 'GET', url: script.path, headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script.text);
    expect((await app.inject({ method: 'GET', url: script.path })).body).toBe(script.text);
  });

  it('serves robots.txt as text, disallowing the private pages, and the sitemap as XML', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const prefix of ['/manage', '/ein/', '/sign/']) expect(robots.body).toContain(`Disallow: ${prefix}\n`);
    expect(robots.body).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);

    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const { document } = new JSDOM(sitemap.body, { contentType: 'application/xml' }).window;
    const locations = [...document.getElementsByTagName('loc')].map((loc) => loc.textContent);
    // Each page in every language, its Spanish twin right after it.
    expect(locations).toEqual(indexedPagePaths.flatMap((pagePath) => locales.map((locale) => `${siteUrl}${pathInLocale(pagePath, locale)}`)));
    expect(locations).toEqual(expect.arrayContaining(publicPages.map((page) => `${siteUrl}${page.path}`)));
  });
});
