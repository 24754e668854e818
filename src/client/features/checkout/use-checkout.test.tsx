// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { PaymentDetails } from './payment-details';
import type { ProviderError } from './payment-errors';
import { useCompleteOrder } from './use-checkout';

// The attempts that end before our server is asked to verify anything. The whole flow against the
// real server runs in the browser tests (tests/e2e/checkout.spec.ts).

afterEach(() => {
  cleanup();
  window.dataLayer = [];
  vi.restoreAllMocks();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

function renderFlow() {
  return renderHook(() => useCompleteOrder({ draftId: '4c8a2b0e-5a55-4a0c-9f3a-2f1f0b7c2d11', application: sampleApplication() }), { wrapper });
}

function payment(submitError: ProviderError | null) {
  return { submit: () => Promise.resolve(submitError), confirm: vi.fn<PaymentDetails['confirm']>() } satisfies PaymentDetails;
}

describe('useCompleteOrder', () => {
  it('announces the attempt, then stops quietly when the payment details are incomplete', async () => {
    const { result } = renderFlow();
    const details = payment({ type: 'validation_error', message: 'Your card number is incomplete.' });
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.completeOrder({ email: 'jane@example.com', method: 'stripe', payment: details });
    });
    expect(outcome).toBe('stopped');
    expect(result.current.result).toBeNull();
    expect(result.current.processing).toBe(false);
    expect(details.confirm).not.toHaveBeenCalled();
    expect(window.dataLayer).toEqual([{ event: 'payment_advancement', method: 'stripe' }, { event: 'submitted_form' }]);
  });

  it("shows the provider's refusal of the details as a failed payment, which Try Again clears", async () => {
    const { result } = renderFlow();
    await act(async () => {
      await result.current.completeOrder({ email: 'jane@example.com', method: 'stripe_express', payment: payment({ type: 'api_error' }) });
    });
    expect(result.current.result).toEqual({ status: 'failed', message: 'Payment failed' });
    expect(window.dataLayer).toContainEqual({ event: 'payment_advancement', method: 'stripe_express' });
    act(() => result.current.dismissResult());
    expect(result.current.result).toBeNull();
    expect(result.current.processing).toBe(false);
  });

  it("says 'An unexpected error occurred' when the server cannot be reached, and charges nothing", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderFlow();
    const details = payment(null);
    await act(async () => {
      await result.current.completeOrder({ email: 'jane@example.com', method: 'stripe', payment: details });
    });
    expect(result.current.result).toEqual({ status: 'failed', message: 'An unexpected error occurred' });
    expect(details.confirm).not.toHaveBeenCalled();
    expect(window.dataLayer?.some((event) => (event as { event: string }).event === 'placed_order')).toBe(false);
  });
});
