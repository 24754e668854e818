// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NotFoundPage } from './not-found-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('NotFoundPage', () => {
  it('says the page was not found, links home and logs the attempted path', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/no/such/page']}>
        <NotFoundPage />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(consoleError).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/no/such/page');
  });
});
