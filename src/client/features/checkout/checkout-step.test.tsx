// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { applicationStorageKey } from '#client/lib/application-storage.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { ServerStateLayout } from '#client/lib/server-state.tsx';
import { CheckoutStep } from './checkout-step';

// No server runs here, so the checkout call fails as it does when the server cannot be reached;
// the paths through a working server are covered by the browser tests (tests/e2e/checkout.spec.ts).

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  document.getElementById('public-config')?.remove();
  vi.restoreAllMocks();
});

function renderStep() {
  render(
    <MemoryRouter initialEntries={['/ein/step-6']}>
      <Routes>
        <Route element={<ServerStateLayout />}>
          <Route path="/ein/step-6" element={<CheckoutStep />} />
        </Route>
        <Route path="/ein-application-start" element={<h1>Step 1 page</h1>} />
        <Route path="/ein/step-5" element={<h1>Step 5 page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

function seed() {
  sessionStorage.setItem(applicationStorageKey, JSON.stringify(sampleApplication()));
}

describe('CheckoutStep', () => {
  it('sends a visitor without saved answers to step 1', async () => {
    renderStep();
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 1 page' })).toBeTruthy();
  });

  it('shows the order, the prefilled e-mail and the IRS note while the payment form loads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    seed();
    renderStep();
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Order' })).toBeTruthy();
    expect(document.title).toBe('Complete Your Order | EIN Filing Service');
    expect(screen.getByText('Step 6 of 6')).toBeTruthy();
    const summary = within(screen.getByRole('region', { name: 'Order Summary' }));
    expect(summary.getByText('EIN Application Service')).toBeTruthy();
    expect(summary.getByTestId('order-total').textContent).toBe('$149.00');
    expect(summary.getByText('For Hill Country Woodworks LLC')).toBeTruthy();
    expect(summary.getByText(/The IRS issues EINs free of charge/)).toBeTruthy();
    expect(screen.getByText('Secure checkout.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/Email for your receipt and EIN/).value).toBe('jane@example.com');
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['Loading your answers...', 'Loading payment form...']);
    expect(screen.getByRole('button', { name: 'Complete Order' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/ein/step-5');
  });

  it('shows the price from the public configuration until the server answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const script = document.createElement('script');
    script.id = 'public-config';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ supportEmail: 'help@example.com', siteUrl: 'https://example.com', gtmId: null, growthbook: null, priceCents: 19900, payments: { provider: 'test' } });
    document.head.append(script);
    seed();
    renderStep();
    expect((await screen.findByTestId('order-total')).textContent).toBe('$199.00');
  });

  it('says the payment could not be set up when the server cannot be reached, and keeps the button disabled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    seed();
    renderStep();
    expect(await screen.findByText('Failed to initialize payment. Please refresh the page.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete Order' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
  });

  it('checks the e-mail with the shared rule', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    seed();
    renderStep();
    const email = await screen.findByLabelText(/Email for your receipt and EIN/);
    await user.clear(email);
    await user.type(email, 'jane@');
    await user.tab();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });
});
