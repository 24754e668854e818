// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LandingPage } from './landing-page';
import { PublicConfigProvider } from '#client/lib/public-config.ts';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { defaultPublicConfig } from '#shared/site/public-config.ts';
import type { SiteClaims } from '#shared/site/site-claims.ts';
import { feeIncludes } from '#shared/site/service-fee.ts';
import { configuredSiteClaims } from '#tests/support/site-claims.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const scrollIntoView = vi.fn();

beforeEach(() => {
  scrollIntoView.mockReset();
  Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView'];
  Element.prototype.scrollBy = vi.fn() as unknown as Element['scrollBy'];
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

function renderLanding(url = '/', { claims, priceCents }: { claims?: SiteClaims; priceCents?: number } = {}) {
  const config = { ...defaultPublicConfig, claims: claims ?? defaultPublicConfig.claims, priceCents: priceCents ?? defaultPublicConfig.priceCents };
  return render(
    <PublicConfigProvider value={config}>
      <MemoryRouter initialEntries={[url]}>
        <LandingPage />
      </MemoryRouter>
    </PublicConfigProvider>,
  );
}

function sectionName(section: Element): string {
  const label = section.getAttribute('aria-label');
  if (label) return label;
  const labelledBy = section.getAttribute('aria-labelledby');
  return (labelledBy && document.getElementById(labelledBy)?.textContent) || '';
}

describe('LandingPage', () => {
  it('has its sections in the order of the specification, then the footer; the reviews only when the operator has some', () => {
    const headline = `${deliveryPromise.headline.lead} ${deliveryPromise.headline.highlight}`;
    const before = [headline, 'Why customers trust us', 'Do You Need an EIN?', 'Why Choose EIN Filing Service?', 'Simple 3-Step Process'];
    renderLanding();
    const main = screen.getByRole('main');
    const sections = Array.from(main.querySelectorAll(':scope > section'));
    expect(sections.map(sectionName)).toEqual([...before, 'At a glance']);
    expect(sections[4]?.id).toBe('process');
    expect(document.getElementById('testimonials')).toBeNull();
    // The footer follows the main content.
    const footer = screen.getByRole('contentinfo');
    expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    cleanup();
    renderLanding('/', { claims: configuredSiteClaims });
    const configured = Array.from(screen.getByRole('main').querySelectorAll(':scope > section'));
    expect(configured.map(sectionName)).toEqual([...before, 'What Our Customers Say', 'At a glance']);
    expect(configured[5]?.id).toBe('testimonials');
  });

  it('has exactly one h1, the four hero ticks, six situations and six benefits', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const ticks = within(screen.getByRole('list', { name: 'What you get' })).getAllByRole('listitem');
    expect(ticks.map((tick) => tick.textContent)).toEqual([
      deliveryPromise.badge,
      'Every answer checked before filing',
      'E-mail support included',
      'One fee, shown before you start',
    ]);
    const situations = screen.getByRole('heading', { name: 'Do You Need an EIN?' }).closest('section');
    expect(within(situations as HTMLElement).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    const benefits = screen.getByRole('heading', { name: 'Why Choose EIN Filing Service?' }).closest('section');
    expect(within(benefits as HTMLElement).getAllByRole('heading', { level: 3 })).toHaveLength(6);
  });

  it('says that founders abroad are served with no SSN or ITIN, by fax, and what the IRS then takes', () => {
    renderLanding();
    expect(screen.getByText(/For businesses in every US state, and their founders abroad/)).toBeTruthy();
    const before = screen.getByRole('complementary', { name: 'Our fee and what you need' });
    expect(within(before).getByText(deliveryPromise.abroad)).toBeTruthy();
    expect(deliveryPromise.abroad).toMatch(/No SSN or ITIN is needed: we file your form by fax, and the IRS answers in about 4 business days/);
  });

  it('says plainly that it is not the IRS and that the IRS issues EINs free', () => {
    renderLanding();
    const note = screen.getByTestId('irs-disclosure');
    expect(note.textContent).toMatch(/not\s+affiliated with the IRS/);
    expect(note.textContent).toMatch(/IRS issues EINs free of charge/);
  });

  it('shows the fee from the price setting, what it buys and that applying with the IRS is free', () => {
    renderLanding('/', { priceCents: 19950 });
    const fee = screen.getByRole('region', { name: 'Our fee' });
    expect(within(fee).getByTestId('service-fee-amount').textContent).toBe('$199.50');
    expect(within(fee).getAllByRole('listitem').map((item) => item.textContent)).toEqual(feeIncludes());
    expect(fee.textContent).toContain('Applying directly with the IRS is free');
    expect(within(fee).getByRole('link', { name: 'IRS.gov' }).getAttribute('href')).toBe('https://www.irs.gov');
  });

  it('shows no count, rating, success rate or testimonial the operator did not configure', () => {
    renderLanding();
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/businesses served|Rated \d|\d reviews|accepted by the IRS the first time|What Our Customers Say|testimonial/i);
    // Every figure on the page is one the service states of itself: no count, rate or rating.
    document.querySelectorAll('script').forEach((script) => script.remove());
    const figures = new Set(document.body.textContent?.match(/\d[\d,.]*\d|\d/g));
    const ownFigures = ['0', '1', '2', '3', '4', '5', '6', '7', '24', '149.00', '256', String(new Date().getFullYear())];
    expect([...figures].filter((figure) => !ownFigures.includes(figure))).toEqual([]);
    expect(screen.queryByRole('region', { name: /customer reviews/i })).toBeNull();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Reviews' })).toBeNull();
    expect(within(screen.getByRole('contentinfo')).queryByRole('link', { name: 'Customer Reviews' })).toBeNull();
    // The figures that hold from the first order stay, so the row is never empty.
    expect(screen.getByRole('heading', { name: 'At a glance' }).closest('section')?.querySelectorAll('dd')).toHaveLength(3);
  });

  it('shows the configured figures, the rating with its count and source, and the testimonials', () => {
    renderLanding('/', { claims: configuredSiteClaims });
    const trust = screen.getByRole('region', { name: 'Why customers trust us' });
    expect(trust.textContent).toContain('1,250 businesses served');
    expect(trust.textContent).toContain('Rated 4.7 out of 5 from 312 reviews on trustpilot.com');
    expect(within(trust).getByRole('link', { name: 'trustpilot.com' }).getAttribute('href')).toBe(configuredSiteClaims.rating?.sourceUrl);
    expect(screen.getByText(/97\.5% of the applications we filed were accepted by the IRS the first time/)).toBeTruthy();
    const reviews = screen.getByRole('region', { name: /customer reviews/i });
    expect(within(reviews).getAllByRole('listitem')).toHaveLength(configuredSiteClaims.testimonials.length);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Reviews' }).getAttribute('href')).toBe('/#testimonials');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Customer Reviews' })).toBeTruthy();
    const facts = screen.getByRole('heading', { name: 'At a glance' }).closest('section');
    expect([...(facts?.querySelectorAll('dd') ?? [])].map((value) => value.textContent)).toEqual(['1 day', '6 steps', '$0', '1,250', '97.5%']);
  });

  it('says the money-back guarantee with the Terms’ condition and a link to their refund section', () => {
    renderLanding();
    const card = screen.getByRole('heading', { name: 'Money-Back Guarantee' }).closest('li');
    expect(card?.textContent).toContain(`Your money back if ${deliveryPromise.refundCondition}`);
    expect(within(card as HTMLElement).getByRole('link', { name: 'refund terms' }).getAttribute('href')).toBe('/terms#refunds');
  });

  it('scrolls to the section named by the hash after 100 ms', () => {
    vi.useFakeTimers();
    renderLanding('/#testimonials', { claims: configuredSiteClaims });
    vi.advanceTimersByTime(99);
    expect(scrollIntoView).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('testimonials'));
  });

  it('links the start buttons to the first wizard step', () => {
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Start Application' }).getAttribute('href')).toBe('/ein-application-start');
    for (const link of screen.getAllByRole('link', { name: 'Start Your Application' })) {
      expect(link.getAttribute('href')).toBe('/ein-application-start');
    }
  });
});
