// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { applicationStorageKey } from '../../lib/application-storage';
import { sampleApplication } from '../../../shared/application/sample-application';
import { checkoutStorageKeys, confirmationMessages } from '../../../shared/checkout-messages';
import { paths } from '../../paths';
import { ConfirmationPage } from './confirmation-page';

beforeEach(() => {
  // jsdom has no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  sessionStorage.setItem(applicationStorageKey, JSON.stringify(sampleApplication()));
  sessionStorage.setItem(checkoutStorageKeys.draftId, '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b');
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(url: string = paths.confirmation) {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={paths.confirmation} element={<ConfirmationPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The failure view, with the spec's message, failure text and buttons; nothing saved is cleared. */
async function expectFailure(message: string) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe(message);
  expect(screen.getByText(confirmationMessages.failureText)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Retry Payment' }).getAttribute('href')).toBe(paths.step6);
  expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe(paths.home);
  expect(screen.queryByRole('link', { name: 'Track Application' })).toBeNull();
  expect(sessionStorage.getItem(applicationStorageKey)).not.toBeNull();
  expect(sessionStorage.getItem(checkoutStorageKeys.draftId)).not.toBeNull();
}

describe('ConfirmationPage', () => {
  it('says payment information is missing when there is no reference, without calling the server', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in this test')));
    vi.stubGlobal('fetch', fetchSpy);
    renderPage();
    await expectFailure(confirmationMessages.missingReference);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sets its title, a description with the price, and the canonical link', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new Error('no network in this test'))));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Payment not completed' });
    expect(document.title).toBe('EIN Application Confirmation | EIN Filing Service');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('$149.00');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/ein/confirmation`);
    expect(screen.getByText(/not the IRS/)).toBeTruthy();
  });

  it('shows "Verifying your payment..." and then that verification failed when the call cannot reach the server', async () => {
    let failCall: (error: Error) => void = () => {};
    const fetchSpy = vi.fn(() => new Promise<Response>((_resolve, reject) => (failCall = reject)));
    vi.stubGlobal('fetch', fetchSpy);
    renderPage(`${paths.confirmation}?payment_intent=pi_123&redirect_status=succeeded`);

    expect((await screen.findByRole('status')).textContent).toBe('Verifying your payment...');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenCalledWith('/api/payments/confirm', expect.objectContaining({ method: 'POST', body: JSON.stringify({ paymentIntentId: 'pi_123' }) }));

    failCall(new TypeError('Failed to fetch'));
    await expectFailure(confirmationMessages.verificationFailed);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('verifies the reference saved by step 6 when the address has none', async () => {
    sessionStorage.setItem(checkoutStorageKeys.paymentReference, 'pi_saved');
    const fetchSpy = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchSpy);
    renderPage();
    await expectFailure(confirmationMessages.verificationFailed);
    expect(fetchSpy).toHaveBeenCalledWith('/api/payments/confirm', expect.objectContaining({ body: JSON.stringify({ paymentIntentId: 'pi_saved' }) }));
  });
});
