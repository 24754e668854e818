// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LandingPage } from './landing-page';
import { deliveryPromise } from '../../../shared/delivery-promise';

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

function renderLanding(url = '/') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <LandingPage />
    </MemoryRouter>,
  );
}

function sectionName(section: Element): string {
  const label = section.getAttribute('aria-label');
  if (label) return label;
  const labelledBy = section.getAttribute('aria-labelledby');
  return (labelledBy && document.getElementById(labelledBy)?.textContent) || '';
}

describe('LandingPage', () => {
  it('has its sections in the order of the specification, then the footer', () => {
    renderLanding();
    const main = screen.getByRole('main');
    const sections = Array.from(main.querySelectorAll(':scope > section'));
    expect(sections.map(sectionName)).toEqual([
      `${deliveryPromise.headline.lead} ${deliveryPromise.headline.highlight}`,
      'Why customers trust us',
      'Do You Need an EIN?',
      'Why Choose EIN Filing Service?',
      'Simple 3-Step Process',
      'What Our Customers Say',
      'Our record',
    ]);
    expect(sections[4]?.id).toBe('process');
    expect(sections[5]?.id).toBe('testimonials');
    // The footer follows the main content.
    const footer = screen.getByRole('contentinfo');
    expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has exactly one h1, the four hero ticks, six situations and six benefits', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const ticks = within(screen.getByRole('list', { name: 'What you get' })).getAllByRole('listitem');
    expect(ticks.map((tick) => tick.textContent)).toEqual([
      'IRS-approved process',
      deliveryPromise.badge,
      'Expert support included',
      'Money-back guarantee',
    ]);
    const situations = screen.getByRole('heading', { name: 'Do You Need an EIN?' }).closest('section');
    expect(within(situations as HTMLElement).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    const benefits = screen.getByRole('heading', { name: 'Why Choose EIN Filing Service?' }).closest('section');
    expect(within(benefits as HTMLElement).getAllByRole('heading', { level: 3 })).toHaveLength(6);
  });

  it('says plainly that it is not the IRS and that the IRS issues EINs free', () => {
    renderLanding();
    const note = screen.getByTestId('irs-disclosure');
    expect(note.textContent).toMatch(/not\s+affiliated with the IRS/);
    expect(note.textContent).toMatch(/IRS issues EINs free of charge/);
  });

  it('does not show the fee', () => {
    renderLanding();
    expect(document.body.textContent).not.toMatch(/\$\s?\d/);
  });

  it('scrolls to the section named by the hash after 100 ms', () => {
    vi.useFakeTimers();
    renderLanding('/#testimonials');
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
