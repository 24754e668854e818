import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadEnv } from '../env';
import type { Database } from '../db';
import { indexedPagePaths } from '#shared/site/public-paths.ts';
import { pathInLocale } from '#shared/i18n/locales.ts';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { buildRenderedSite, parsePage, shellEntries } from '#tests/support/rendered-site.ts';

// Every public page in both languages as the server renders it (decision 061): its language in
// `<html lang>`, its own canonical address, its twins as alternates, and both in the sitemap.

const siteUrl = 'https://ein.example.com';

describe.each(testDatabaseKinds)('the public pages in each language, on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildRenderedSite({ env: loadEnv({ NODE_ENV: 'test', DATA_DIR: tmpdir(), PUBLIC_URL: siteUrl }), database });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(indexedPagePaths)('renders %s in English and under /es/ in Spanish, each naming the other as its twin', async (englishPath) => {
    const spanishPath = pathInLocale(englishPath, 'es');
    for (const [path, lang] of [
      [englishPath, 'en'],
      [spanishPath, 'es'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      const { document } = parsePage(response.body);
      expect(document.documentElement.lang, path).toBe(lang);
      expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'), path).toBe(`${siteUrl}${path}`);
      const alternates = Object.fromEntries(
        [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
      );
      expect(alternates, path).toEqual({ en: `${siteUrl}${englishPath}`, es: `${siteUrl}${spanishPath}`, 'x-default': `${siteUrl}${englishPath}` });
      expect(document.head.querySelector('meta[property="og:locale"]')?.getAttribute('content'), path).toBe(`${lang}_US`);
    }
  });

  it('speaks Spanish in the frame of a Spanish page, and offers the switch back on both', async () => {
    const english = parsePage((await app.inject({ method: 'GET', url: '/faq' })).body).document;
    const spanish = parsePage((await app.inject({ method: 'GET', url: '/es/faq' })).body).document;
    const header = (document: Document) => document.querySelector('header')?.textContent ?? '';
    expect(header(english)).toContain('Start Application');
    expect(header(spanish)).toContain('Comenzar solicitud');
    expect(header(spanish)).not.toContain('Start Application');
    for (const document of [english, spanish]) {
      const switches = [...document.querySelectorAll('ul[aria-label="Language"], ul[aria-label="Idioma"]')];
      expect(switches).toHaveLength(2);
    }
    const toEnglish = spanish.querySelector('a[hreflang="en"]');
    expect(toEnglish?.getAttribute('href')).toBe('/faq');
    expect(english.querySelector('a[hreflang="es"]')?.getAttribute('href')).toBe('/es/faq');
  });

  it('answers an unknown Spanish address with the Spanish not-found page, and has no staff panel under /es/', async () => {
    for (const url of ['/es/no-such-page', '/es/manage', '/es/manage/orders']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(parsePage(response.body).document.documentElement.lang, url).toBe('es');
    }
  });

  it("loads each language's own build of the code: English pages the English one, Spanish pages the Spanish one", async () => {
    const entries = (html: string) => [...parsePage(html).document.querySelectorAll('script[type="module"][src]')].map((script) => script.getAttribute('src'));
    // A rendered page, a page the browser renders alone, and the not-found page.
    for (const englishPath of ['/faq', '/ein/step-2', '/no-such-page']) {
      const english = await app.inject({ method: 'GET', url: englishPath });
      const spanish = await app.inject({ method: 'GET', url: pathInLocale(englishPath, 'es') });
      expect(entries(english.body), englishPath).toEqual([shellEntries.en]);
      expect(entries(spanish.body), englishPath).toEqual([shellEntries.es]);
    }
    // The shells themselves are never sent as files, without the page's configuration.
    for (const url of ['/index.html', '/index.es.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('id="public-config"');
    }
  });

  it('lists every page in both languages in the sitemap, each with its alternates', async () => {
    const sitemap = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    for (const englishPath of indexedPagePaths) {
      for (const path of [englishPath, pathInLocale(englishPath, 'es')]) expect(sitemap).toContain(`<loc>${siteUrl}${path}</loc>`);
      expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="es" href="${siteUrl}${pathInLocale(englishPath, 'es')}"/>`);
      expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${siteUrl}${englishPath}"/>`);
    }
  });

  it('keeps the private pages of both languages out of search', async () => {
    const robots = (await app.inject({ method: 'GET', url: '/robots.txt' })).body;
    for (const prefix of ['/ein/', '/sign/', '/es/ein/', '/es/sign/', '/es/cancel-order/']) expect(robots).toContain(`Disallow: ${prefix}\n`);
    expect(robots).not.toContain('Disallow: /es/manage');
  });
});
