// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { FaqPage } from './faq-page';
import { PublicConfigProvider } from '#client/lib/public-config.ts';
import { defaultPublicConfig } from '#shared/site/public-config.ts';
import { feeIncludes } from '#shared/site/service-fee.ts';

afterEach(cleanup);

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

describe('FaqPage', () => {
  it('shows eleven questions, all expanded, and a call to action', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/faq']}>
        <FaqPage />
      </MemoryRouter>,
    );
    const questions = container.querySelectorAll('details');
    expect(questions).toHaveLength(11);
    for (const question of questions) expect(question.open).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeTruthy();
    const main = screen.getByRole('main');
    const start = Array.from(main.querySelectorAll('a')).find((link) => link.textContent === 'Start Application');
    expect(start?.getAttribute('href')).toBe('/ein-application-start');
  });

  it('answers honestly that the IRS issues EINs free of charge', () => {
    render(
      <MemoryRouter>
        <FaqPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('Are you the IRS? Can I get an EIN for free?')).toBeTruthy();
    expect(screen.getByRole('main').textContent).toMatch(/The IRS issues EINs free of charge/);
  });

  it('says the fee from the price setting, what it buys and that applying with the IRS is free', () => {
    render(
      <PublicConfigProvider value={{ ...defaultPublicConfig, priceCents: 17500 }}>
        <MemoryRouter>
          <FaqPage />
        </MemoryRouter>
      </PublicConfigProvider>,
    );
    const answer = screen.getByText('How much does your service cost?').closest('details');
    expect(answer?.textContent).toContain('Our fee is $175.00, paid once at the last step');
    for (const item of feeIncludes()) expect(answer?.textContent).toContain(item);
    expect(answer?.textContent).toContain('Applying directly with the IRS is free');
    expect(within(answer as HTMLElement).getByRole('link', { name: 'IRS.gov' }).getAttribute('href')).toBe('https://www.irs.gov');
    expect(screen.getByRole('main').textContent).toContain('Our fee is $175.00; applying directly with the IRS is free.');
  });

  it('tells founders abroad they are served without an SSN or ITIN, what changes for them, and that the IRS is free to them too', () => {
    render(
      <MemoryRouter>
        <FaqPage />
      </MemoryRouter>,
    );
    const answer = screen.getByText('I live outside the United States. Can you get my EIN?').closest('details')?.textContent ?? '';
    expect(answer).toContain('no SSN or ITIN is needed');
    expect(answer).toContain('we file your Form SS-4 by fax');
    expect(answer).toContain('the IRS answers in about 4 business days');
    expect(answer).toContain('A sole proprietor still needs an SSN or ITIN');
    expect(answer).toContain('The IRS issues EINs free of charge, to founders abroad too');
  });

  it('opens at the top of the page', () => {
    render(
      <MemoryRouter>
        <FaqPage />
      </MemoryRouter>,
    );
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });
});
