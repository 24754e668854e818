// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LandingPage } from './landing-page';
import { FaqPage } from './faq-page';
import { AboutPage } from './about-page';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';
import { NotFoundPage } from './not-found-page';
import { PublicConfigProvider } from '#client/lib/public-config.ts';
import { defaultPublicConfig } from '#shared/site/public-config.ts';
import { configuredSiteClaims } from '#tests/support/site-claims.ts';
import { speak } from '#tests/support/locale.ts';

// The public pages under /es/: every word the site catalog holds is the Spanish one, every link to
// another page stays in Spanish, and the translated legal pages defer to the English ones.

type Catalog = Record<string, unknown>;
const catalog = (locale: string): Catalog =>
  JSON.parse(readFileSync(path.join(process.cwd(), `src/messages/site/${locale}.json`), 'utf8')) as Catalog;
const english = catalog('en');
const spanish = catalog('es');

/**
 * The English words of the site catalog a Spanish page must not show: of each plain message, its
 * longest run of words between placeholders, unless the Spanish message has that run too (a name).
 */
const englishRuns = Object.entries(english).flatMap(([key, value]) => {
  if (typeof value !== 'string') return [];
  const run = value.split(/\{\w+\}/).reduce((longest, part) => (part.trim().length > longest.length ? part.trim() : longest), '');
  return run.length >= 12 && !String(spanish[key]).includes(run) ? [run] : [];
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn() as unknown as Element['scrollIntoView'];
  Element.prototype.scrollBy = vi.fn() as unknown as Element['scrollBy'];
});

function renderPage(Page: ComponentType, url: string) {
  return render(
    <PublicConfigProvider value={{ ...defaultPublicConfig, siteUrl: 'https://example.test', claims: configuredSiteClaims }}>
      <MemoryRouter initialEntries={[url]}>
        <Page />
      </MemoryRouter>
    </PublicConfigProvider>,
  );
}

const pages: { name: string; Page: ComponentType; url: string; spanishHeading: string; englishHeading: string }[] = [
  { name: 'landing', Page: LandingPage, url: '/es/', spanishHeading: 'Obtenga su EIN presentado en 1 día hábil', englishHeading: 'Get Your EIN Filed Within 1 Business Day' },
  { name: 'FAQ', Page: FaqPage, url: '/es/faq', spanishHeading: 'Preguntas frecuentes', englishHeading: 'Frequently Asked Questions' },
  { name: 'About', Page: AboutPage, url: '/es/about', spanishHeading: 'Quiénes somos', englishHeading: 'About Us' },
  { name: 'Privacy', Page: PrivacyPage, url: '/es/privacy', spanishHeading: 'Política de privacidad', englishHeading: 'Privacy Policy' },
  { name: 'Terms', Page: TermsPage, url: '/es/terms', spanishHeading: 'Términos del servicio', englishHeading: 'Terms of Service' },
  { name: 'not-found', Page: NotFoundPage, url: '/es/no-existe', spanishHeading: '¡Uy! No encontramos la página', englishHeading: 'Oops! Page not found' },
];

it('knows the site’s English words', () => {
  expect(englishRuns.length).toBeGreaterThan(150);
});

describe.each(pages)('the Spanish $name page', ({ Page, url, spanishHeading, englishHeading }) => {
  it('shows its Spanish heading and no English one', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    speak('es');
    renderPage(Page, url);
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([spanishHeading]);
    expect(screen.queryByRole('heading', { name: englishHeading })).toBeNull();
    const headings = screen.getAllByRole('heading').map((heading) => heading.textContent ?? '');
    expect(headings.filter((heading) => englishRuns.some((run) => heading.includes(run)))).toEqual([]);
  });

  it('shows none of the site’s English words, in the page or its title and description, and links within Spanish', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    speak('es');
    renderPage(Page, url);
    const shown = [
      document.body.textContent ?? '',
      document.title,
      ...Array.from(document.querySelectorAll('meta[content], [aria-label]'), (element) => element.getAttribute('content') ?? element.getAttribute('aria-label') ?? ''),
    ]
      .join('\n')
      .toLowerCase();
    expect(englishRuns.filter((run) => shown.includes(run.toLowerCase()))).toEqual([]);
    const main = screen.getByRole('main');
    const ownLinks = Array.from(main.querySelectorAll('a[href^="/"]:not([hreflang="en"])'), (link) => link.getAttribute('href'));
    expect(ownLinks.filter((href) => !href?.startsWith('/es/'))).toEqual([]);
  });
});

describe('the translated legal pages', () => {
  it.each([
    ['Terms', TermsPage, '/es/terms', '/terms', 'Términos del servicio'],
    ['Privacy', PrivacyPage, '/es/privacy', '/privacy', 'Política de privacidad'],
  ] as const)('%s say near the top that they are a translation and that the English page governs', (_name, Page, url, englishPath, title) => {
    speak('es');
    renderPage(Page, url);
    const notice = screen.getByTestId('legal-translation-notice');
    expect(notice.textContent).toContain(`Esta es una traducción de nuestr`);
    expect(notice.textContent).toContain(title);
    expect(notice.textContent).toContain('prevalece la versión en inglés');
    const link = within(notice).getByRole('link', { name: 'versión en inglés' });
    expect(link.getAttribute('href')).toBe(englishPath);
    // Before the first section: the heading's own intro.
    const firstSection = screen.getAllByRole('heading', { level: 2 })[0] as HTMLElement;
    expect(notice.compareDocumentPosition(firstSection) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    ['Terms', TermsPage, '/terms'],
    ['Privacy', PrivacyPage, '/privacy'],
  ] as const)('the English %s have no such notice', (_name, Page, url) => {
    renderPage(Page, url);
    expect(screen.queryByTestId('legal-translation-notice')).toBeNull();
  });
});

type JsonLd = { '@graph': ({ '@type': string; inLanguage?: string; mainEntity?: { name: string; acceptedAnswer: { text: string } }[] } & Record<string, unknown>)[] };

function structuredData(): JsonLd['@graph'] {
  const script = document.querySelector('script[type="application/ld+json"]');
  return (JSON.parse(script?.textContent ?? '{}') as JsonLd)['@graph'];
}

describe('the FAQ’s structured data', () => {
  it('is Spanish on the Spanish page: the questions and answers the page shows, and the service and its offer', () => {
    speak('es');
    renderPage(FaqPage, '/es/faq');
    const graph = structuredData();
    const faq = graph.find((node) => node['@type'] === 'FAQPage');
    expect(faq?.inLanguage).toBe('es-US');
    const entries = faq?.mainEntity ?? [];
    expect(entries).toHaveLength(11);
    const shownQuestions = Array.from(document.querySelectorAll('details summary'), (summary) => summary.textContent);
    expect(entries.map((entry) => entry.name)).toEqual(shownQuestions);
    expect(entries[0]?.name).toBe('¿Qué es un EIN?');
    expect(entries.find((entry) => entry.name === '¿Cuánto cuesta su servicio?')?.acceptedAnswer.text).toMatch(
      /^Nuestra tarifa es de \$149\.00, pagada una sola vez en el último paso.*Solicitar directamente al IRS es gratis/,
    );
    const words = JSON.stringify(graph);
    expect(englishRuns.filter((run) => words.includes(run))).toEqual([]);
    const service = graph.find((node) => node['@type'] === 'Service') as unknown as { areaServed: { name: string }; offers: { url: string } };
    expect(service.areaServed.name).toBe('Estados Unidos');
    expect(service.offers.url).toBe('https://example.test/es/ein-application-start');
  });

  it('stays English on the English page', () => {
    renderPage(FaqPage, '/faq');
    const faq = structuredData().find((node) => node['@type'] === 'FAQPage');
    expect(faq?.inLanguage).toBe('en-US');
    expect(faq?.mainEntity?.[0]?.name).toBe('What is an EIN?');
  });
});
