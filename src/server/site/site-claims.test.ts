// @vitest-environment node
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../env';
import type { Database } from '../db';
import { indexedPagePaths } from '#shared/site/public-paths.ts';
import { feeIncludes, irsIsFree } from '#shared/site/service-fee.ts';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { buildRenderedSite, parsePage, visibleText, type JsonLdNode } from '#tests/support/rendered-site.ts';
import { configuredClaimsEnv, testTestimonials } from '#tests/support/site-claims.ts';

// What the public pages say about the service's record (only what the operator configured, decision
// 035) and its price (up front, from the live setting), as the server renders them.

const siteUrl = 'https://ein.example.com';
const pricedPages = ['/', '/faq', '/ein-application-start'] as const;

describe.each(testDatabaseKinds)('the claims and the price on the server-rendered pages, on %s', (kind) => {
  let database: Database;
  let unset: FastifyInstance;
  let configured: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const base = { NODE_ENV: 'test', DATA_DIR: tmpdir(), PUBLIC_URL: siteUrl };
    unset = await buildRenderedSite({ env: loadEnv(base), database });
    configured = await buildRenderedSite({ env: loadEnv({ ...base, ...configuredClaimsEnv() }), database });
  });

  afterAll(async () => {
    await unset.close();
    await configured.close();
    await database.close();
  });

  async function page(app: FastifyInstance, url: string) {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    const { document, graph } = parsePage(response.body);
    return { document, graph, text: visibleText(document), html: response.body };
  }

  const serviceOf = (graph: JsonLdNode[]) => graph.find((node) => node['@type'] === 'Service');

  it('shows no count, rating, success rate or testimonial on any page when the operator configured none', async () => {
    for (const url of indexedPagePaths) {
      const { document, graph, text } = await page(unset, url);
      expect(text, url).not.toMatch(/businesses served|businesses so far|have used our service|Rated \d|\d reviews|accepted by the IRS|accepted first time|What Our Customers Say/i);
      expect(text, url).not.toMatch(/50,000|50K|4\.9|2,847|99(\.9)?%/);
      expect(document.getElementById('testimonials'), url).toBeNull();
      expect(document.querySelector('a[href="/#testimonials"]'), url).toBeNull();
      expect(JSON.stringify(graph), url).not.toMatch(/aggregateRating|"review"|ratingValue/);
    }
  });

  it('shows each configured claim, the rating always with its count and a link to its source', async () => {
    const { document, graph, text } = await page(configured, '/');
    expect(text).toContain('1,250 businesses served');
    expect(text).toContain('Rated 4.7 out of 5 from 312 reviews on trustpilot.com');
    expect(document.querySelector('a[href="https://www.trustpilot.com/review/einfilingservice.example"]')?.textContent).toBe('trustpilot.com');
    expect(text).toContain('97.5% of the applications we filed were accepted by the IRS the first time.');
    const cards = [...document.querySelectorAll('#testimonials li')];
    expect(cards.map((card) => card.querySelector('p.font-semibold')?.textContent)).toEqual(testTestimonials.map((entry) => entry.name));
    for (const [index, entry] of testTestimonials.entries()) {
      expect(cards[index]?.textContent).toContain(`“${entry.quote}”`);
      expect(cards[index]?.querySelector('time')?.getAttribute('datetime')).toBe(entry.date);
    }
    expect(cards[0]?.querySelector('a')?.getAttribute('href')).toBe(testTestimonials[0].sourceUrl);
    expect(cards[2]?.textContent).toContain(testTestimonials[2].disclosure);
    expect(document.querySelector('header a[href="/#testimonials"]')?.textContent).toBe('Reviews');

    // In structured data: the rating with its count, never the testimonials.
    expect(serviceOf(graph)?.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.7,
      reviewCount: 312,
      bestRating: 5,
      worstRating: 1,
      url: 'https://www.trustpilot.com/review/einfilingservice.example',
    });
    expect(JSON.stringify(graph)).not.toMatch(/"review"|Dana Whitfield/);

    expect((await page(configured, '/about')).text).toContain('1,250 businesses have used our service to get their EIN so far.');
  });

  it('shows the fee and what it buys, beside the reminder that the IRS is free, on the landing page, the FAQ and step 1, and in their structured data', async () => {
    for (const url of pricedPages) {
      const { graph, text } = await page(unset, url);
      expect(text, url).toContain('$149.00');
      expect(text, url).toContain(url === '/ein-application-start' ? 'free of charge at IRS.gov' : irsIsFree());
      for (const item of feeIncludes()) expect(text.toLowerCase(), url).toContain(item.toLowerCase());
      expect(serviceOf(graph)?.offers, url).toEqual(
        expect.objectContaining({ '@type': 'Offer', price: '149.00', priceCurrency: 'USD', description: expect.stringContaining(irsIsFree()) }),
      );
    }
    const faq = (await page(unset, '/faq')).graph.find((node) => node['@type'] === 'FAQPage') as unknown as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(faq.mainEntity.find((entry) => entry.name === 'How much does your service cost?')?.acceptedAnswer.text).toMatch(/^Our fee is \$149\.00, paid once at the last step.*Applying directly with the IRS is free/);
  });

  it('says the fee and who we are before the first question of step 1', async () => {
    const { document } = await page(unset, '/ein-application-start');
    const notice = document.querySelector('[aria-label="Our fee, and who we are"]');
    const firstQuestion = document.querySelector('main input, main select, main textarea');
    expect(notice?.textContent).toContain('Our fee: $149.00');
    expect(notice?.querySelector('a[href="https://www.irs.gov"]')?.textContent).toBe('IRS.gov');
    expect(firstQuestion).not.toBeNull();
    expect(notice!.compareDocumentPosition(firstQuestion!) & 4 /* following */).toBeTruthy();
  });

  it('shows the price staff set, the one checkout charges, everywhere it is shown', async () => {
    await database.db.execute(sql`update settings set value = '199.50' where key = 'ein_price_standard'`);
    try {
      for (const url of pricedPages) {
        const { graph, text } = await page(unset, url);
        expect(text, url).toContain('$199.50');
        expect(text, url).not.toContain('$149.00');
        expect(serviceOf(graph)?.offers, url).toMatchObject({ price: '199.50' });
      }
      const config = await unset.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({ priceCents: 19950 });
    } finally {
      await database.db.execute(sql`update settings set value = '149' where key = 'ein_price_standard'`);
    }
  });
});
