// @vitest-environment jsdom
import { createRef, useEffect, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { CheckoutResponse } from '#shared/checkout/checkout.ts';
import type { PaymentDetails } from './payment-details';

// Stripe.js is a script from Stripe's servers: here its two browser packages are replaced by
// recorders, so these tests check what this form asks of Stripe and how it reads the answers.

type Recorded = { elementsOptions?: unknown; express?: Record<string, unknown>; payment?: Record<string, unknown> };
const recorded: Recorded = {};
const fakeElements = { submit: vi.fn() };
const fakeStripe = { confirmPayment: vi.fn() };
const loadStripe = vi.fn();

vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) as unknown }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    recorded.elementsOptions = options;
    return children;
  },
  ExpressCheckoutElement: (props: Record<string, unknown>) => {
    recorded.express = props;
    return <div data-testid="express-checkout" />;
  },
  PaymentElement: (props: { onReady?: () => void } & Record<string, unknown>) => {
    recorded.payment = props;
    const { onReady } = props;
    useEffect(() => onReady?.(), [onReady]);
    return <div data-testid="payment-element" />;
  },
  useStripe: () => fakeStripe,
  useElements: () => fakeElements,
}));

const { StripePaymentForm, expressCheckoutOptions, paymentElementOptions } = await import('./stripe-payment-form');

const checkout: CheckoutResponse = {
  trackingNumber: 'HFE12W87EQ23',
  paymentIntentId: 'pi_123',
  clientSecret: 'pi_123_secret_abc',
  amountCents: 14900,
  currency: 'usd',
  review: [],
  duplicateWarning: null,
};

let keyCounter = 0;
function renderForm({ processing = false, onExpressConfirm = vi.fn() } = {}) {
  const detailsRef = createRef<PaymentDetails | null>();
  const onReadyChange = vi.fn();
  keyCounter += 1;
  const view = render(
    <StripePaymentForm
      publishableKey={`pk_test_${keyCounter}`}
      clientSecret={checkout.clientSecret}
      detailsRef={detailsRef}
      onReadyChange={onReadyChange}
      onExpressConfirm={onExpressConfirm}
      processing={processing}
    />,
  );
  return { ...view, detailsRef, onReadyChange, onExpressConfirm };
}

beforeEach(() => {
  loadStripe.mockResolvedValue(fakeStripe);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('StripePaymentForm', () => {
  it("sets up Elements with the checkout's client secret, the Express Checkout Element and the accordion as specified", async () => {
    const { onReadyChange } = renderForm();
    await screen.findByTestId('payment-element');
    expect(loadStripe).toHaveBeenCalledWith(`pk_test_${keyCounter}`);
    expect(recorded.elementsOptions).toMatchObject({ clientSecret: 'pi_123_secret_abc' });
    expect(recorded.express?.options).toEqual({
      paymentMethods: { applePay: 'always', googlePay: 'auto', amazonPay: 'auto', link: 'auto', paypal: 'never' },
      layout: { maxRows: 4, maxColumns: 2 },
    });
    expect(expressCheckoutOptions).toBe(recorded.express?.options);
    expect(recorded.payment?.options).toEqual({
      layout: { type: 'accordion' },
      paymentMethodOrder: ['card', 'cashapp', 'klarna', 'amazon_pay'],
      readOnly: false,
    });
    expect(paymentElementOptions.paymentMethodOrder).toEqual(['card', 'cashapp', 'klarna', 'amazon_pay']);
    expect(onReadyChange).toHaveBeenLastCalledWith(true);
  });

  it('makes the Payment Element read-only while a payment is processing', async () => {
    renderForm({ processing: true });
    await screen.findByTestId('payment-element');
    expect(recorded.payment?.options).toMatchObject({ readOnly: true });
  });

  it('submits the elements first and passes on their error', async () => {
    const { detailsRef } = renderForm();
    await screen.findByTestId('payment-element');
    const error = { type: 'validation_error', message: 'Your card number is incomplete.' };
    fakeElements.submit.mockResolvedValueOnce({ error });
    await expect(detailsRef.current?.submit()).resolves.toBe(error);
    fakeElements.submit.mockResolvedValueOnce({});
    await expect(detailsRef.current?.submit()).resolves.toBeNull();
  });

  it('confirms with the client secret, returning to the confirmation page only if required', async () => {
    const { detailsRef } = renderForm();
    await screen.findByTestId('payment-element');
    fakeStripe.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    await expect(detailsRef.current?.confirm(checkout)).resolves.toEqual({ status: 'confirmed', paymentIntentId: 'pi_123' });
    expect(fakeStripe.confirmPayment).toHaveBeenCalledWith({
      elements: fakeElements,
      clientSecret: 'pi_123_secret_abc',
      confirmParams: { return_url: `${window.location.origin}/ein/confirmation` },
      redirect: 'if_required',
    });

    const declined = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    fakeStripe.confirmPayment.mockResolvedValueOnce({ error: declined });
    await expect(detailsRef.current?.confirm(checkout)).resolves.toEqual({ status: 'failed', error: declined });
  });

  it('runs a wallet payment through the same flow, and closes the wallet when it did not go through', async () => {
    const onExpressConfirm = vi.fn().mockResolvedValueOnce('failed').mockResolvedValueOnce('succeeded');
    renderForm({ onExpressConfirm });
    await screen.findByTestId('express-checkout');
    const onConfirm = recorded.express?.onConfirm as (event: { paymentFailed: () => void }) => Promise<void>;

    const failedEvent = { paymentFailed: vi.fn() };
    await act(() => onConfirm(failedEvent));
    expect(onExpressConfirm).toHaveBeenCalledTimes(1);
    const details = onExpressConfirm.mock.calls[0]?.[0] as PaymentDetails;
    fakeElements.submit.mockResolvedValueOnce({});
    await expect(details.submit()).resolves.toBeNull();
    expect(failedEvent.paymentFailed).toHaveBeenCalledWith({ reason: 'fail' });

    const paidEvent = { paymentFailed: vi.fn() };
    await act(() => onConfirm(paidEvent));
    expect(paidEvent.paymentFailed).not.toHaveBeenCalled();
  });

  it('shows the setup failure when Stripe.js cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    const { onReadyChange } = renderForm();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Failed to initialize payment. Please refresh the page.');
    expect(screen.queryByTestId('payment-element')).toBeNull();
    // The fields' unmount tells the page they are not ready, in an effect React may run after the notice shows.
    await waitFor(() => expect(onReadyChange).toHaveBeenLastCalledWith(false));
  });

  it('shows the setup failure when the Payment Element cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderForm();
    await screen.findByTestId('payment-element');
    const onLoadError = recorded.payment?.onLoadError as (event: { error: { message: string } }) => void;
    act(() => onLoadError({ error: { message: 'Invalid client secret' } }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Failed to initialize payment. Please refresh the page.');
  });
});
