// @vitest-environment jsdom
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AboutPage } from './about-page';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';
import { defaultSupportEmail } from '#shared/site/public-config.ts';
import { deliveryPromise } from '#shared/delivery-promise.ts';

afterEach(cleanup);

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

function renderPage(Page: ComponentType, url = '/') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Page />
    </MemoryRouter>,
  );
}

describe.each([
  ['About Us', AboutPage],
  ['Privacy Policy', PrivacyPage],
  ['Terms of Service', TermsPage],
])('%s page', (heading, Page) => {
  it('has one h1, opens at the top and offers the support e-mail', () => {
    renderPage(Page);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([heading]);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: defaultSupportEmail }).getAttribute('href')).toBe(`mailto:${defaultSupportEmail}`);
  });
});

describe('Terms of Service', () => {
  it('states the three refund cases, retention, arbitration and the stipulations', () => {
    renderPage(TermsPage);
    const text = screen.getByRole('main').textContent ?? '';
    expect(text).toContain(`(a) ${deliveryPromise.refundCondition};`);
    expect(text).not.toMatch(/24 hours/);
    expect(text).toMatch(/rejected because of our error/);
    expect(text).toMatch(/cancel within 1 hour of purchase, before your application has been submitted/);
    expect(text).toMatch(/about 7 years/);
    expect(text).toMatch(/binding arbitration/);
    expect(text).toMatch(/at least 18 years old/);
    expect(text).toMatch(/duplicate applications for the same entity/);
    expect(text).toMatch(/accurate/);
    expect(text).toMatch(/not affiliated with the IRS/);
    expect(text).toMatch(/The IRS issues EINs free of charge/);
  });
});

describe('the refund section', () => {
  it('is an address of its own, which the page opens at', () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView'];
    renderPage(TermsPage, '/terms#refunds');
    const section = document.getElementById('refunds');
    expect(section?.querySelector('h2')?.textContent).toBe('4. Refunds');
    expect(scrollIntoView.mock.contexts).toEqual([section]);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('is where the About page’s money-back guarantee links, with the Terms’ condition beside it', () => {
    renderPage(AboutPage);
    const guarantee = screen.getByText('Money-back guarantee:').closest('li');
    expect(guarantee?.textContent).toContain(`Money-back guarantee: your money back if ${deliveryPromise.refundCondition}`);
    expect(within(guarantee as HTMLElement).getByRole('link', { name: 'refund terms' }).getAttribute('href')).toBe('/terms#refunds');
  });
});

describe('About Us', () => {
  it('claims no number of customers unless the operator configured one', () => {
    renderPage(AboutPage);
    expect(screen.getByRole('main').textContent).not.toMatch(/businesses have used our service|50,000/);
  });
});

describe('Privacy Policy', () => {
  it('lists what the application collects and how long it is kept', () => {
    renderPage(PrivacyPage);
    const text = screen.getByRole('main').textContent ?? '';
    for (const item of [
      'business name and address',
      'name, Social Security number (SSN) and address',
      'business structure and purpose',
      'e-mail address and phone number',
      'third-party payment processors',
      'SSN is encrypted at rest',
      'about 7 years (2,555 days) after it closed',
      'your SSN included, are deleted 72 hours after your last attempt',
      'deleted 30 days after they were sent',
      'ask us to delete it',
    ]) {
      expect(text).toContain(item);
    }
  });
});
