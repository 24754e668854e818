// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ServerStateLayout } from '#client/lib/server-state.tsx';
import { TestAuthenticationPage } from './test-authentication-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderPage(search: string) {
  render(
    <MemoryRouter initialEntries={[`/payments/test-authentication${search}`]}>
      <Routes>
        <Route element={<ServerStateLayout />}>
          <Route path="/payments/test-authentication" element={<TestAuthenticationPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('TestAuthenticationPage', () => {
  it('offers to complete or fail the authentication of the payment in the link', () => {
    renderPage('?payment_intent=pi_test_1&payment_intent_client_secret=pi_test_1_secret_x');
    expect(screen.getByRole('heading', { level: 1, name: 'Authenticate your payment' })).toBeTruthy();
    expect(document.title).toBe('Authenticate your payment | EIN Filing Service');
    expect(screen.getByText(/stand-in for\s+that check/)).toBeTruthy();
    expect(screen.getByText('pi_test_1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete authentication' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fail authentication' })).toBeTruthy();
  });

  it('says so, with a way back to the checkout, when the link lacks the payment', () => {
    renderPage('?payment_intent=pi_test_1');
    expect(screen.getByRole('alert').textContent).toContain('This authentication link is incomplete');
    expect(screen.getByRole('link', { name: 'Return to checkout' }).getAttribute('href')).toBe('/ein/step-6');
    expect(screen.queryByRole('button', { name: 'Complete authentication' })).toBeNull();
  });

  it('lets the customer try again when the answer cannot be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage('?payment_intent=pi_test_1&payment_intent_client_secret=pi_test_1_secret_x');
    await user.click(screen.getByRole('button', { name: 'Complete authentication' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The authentication could not be sent. Please try again.');
    expect(screen.getByRole('button', { name: 'Complete authentication' }).hasAttribute('disabled')).toBe(false);
  });
});
