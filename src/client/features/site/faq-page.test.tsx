// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { FaqPage } from './faq-page';

afterEach(cleanup);

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

describe('FaqPage', () => {
  it('shows nine questions, all expanded, and a call to action', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/faq']}>
        <FaqPage />
      </MemoryRouter>,
    );
    const questions = container.querySelectorAll('details');
    expect(questions).toHaveLength(9);
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

  it('opens at the top of the page', () => {
    render(
      <MemoryRouter>
        <FaqPage />
      </MemoryRouter>,
    );
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });
});
