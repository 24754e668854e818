import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SavedApplication } from '#shared/application/sections.ts';
import type { CheckoutResponse, ConfirmPaymentResponse } from '#shared/checkout/checkout.ts';
import { apiRequest, ApiError } from '#client/lib/api.ts';
import { pushEvent } from '#client/lib/analytics.ts';
import { savePaymentResult } from './checkout-storage';
import type { PaymentDetails } from './payment-details';
import {
  confirmFailureMessage,
  serverFailureMessage,
  submitFailureMessage,
  unexpectedFailureMessage,
  type PaymentMethodKind,
} from './payment-errors';

type CheckoutOptions = { draftId: string; application: SavedApplication };

function createCheckout({ draftId, application, email }: CheckoutOptions & { email: string }): Promise<CheckoutResponse> {
  return apiRequest<CheckoutResponse>('POST', '/api/checkout', { draftId, email, application });
}

/**
 * Step 6's checkout: the server validates the saved application and answers the tracking number
 * and the payment intent the payment form needs. The same draft always gets the same intent, so a
 * reload or a second visit is safe; nothing is cached once the page is left, so coming back after
 * changing an answer sends the new answers.
 */
export function useCheckoutSession({ draftId, application, email }: CheckoutOptions & { email: string }) {
  return useQuery<CheckoutResponse, Error>({
    queryKey: ['checkout', draftId],
    queryFn: () => createCheckout({ draftId, application, email }),
    staleTime: Infinity,
    gcTime: 0,
    // Refusals (invalid answers, already paid) do not change by asking again; a fault may.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}

export type PaymentResult = { status: 'succeeded'; paymentIntentId: string } | { status: 'failed'; message: string };

/** How one Complete Order attempt ended; `stopped` is the silent stop of spec 02, section 8. */
export type AttemptOutcome = 'succeeded' | 'failed' | 'stopped' | 'redirecting';

type CompleteOrderOptions = { email: string; method: PaymentMethodKind; payment: PaymentDetails };

/**
 * The Complete Order flow: check the payment details, send the final e-mail with the answers (same
 * draft, same intent), confirm with the provider, then let the server verify the payment; the
 * result dialog shows the outcome. Try Again only closes the dialog: the answers, the draft and
 * the intent stay, so the next attempt pays the same order.
 */
export function useCompleteOrder({ draftId, application, onExpired }: CheckoutOptions & { onExpired?: () => void }) {
  const [processing, setProcessing] = useState(false);
  const [result, setResult] = useState<PaymentResult | null>(null);
  // The button and the wallets share this flow; a second start while one runs is ignored.
  const running = useRef(false);

  function fail(message: string | null): AttemptOutcome {
    running.current = false;
    setProcessing(false);
    if (message === null) return 'stopped';
    setResult({ status: 'failed', message });
    return 'failed';
  }

  async function completeOrder({ email, method, payment }: CompleteOrderOptions): Promise<AttemptOutcome> {
    if (running.current) return 'stopped';
    running.current = true;
    setResult(null);
    pushEvent({ event: 'payment_advancement', method });
    pushEvent({ event: 'submitted_form' });
    try {
      // Checked before the form is disabled, so the payment form can put the focus on its first problem.
      const submitError = await payment.submit();
      if (submitError) return fail(submitFailureMessage(submitError, method));
      setProcessing(true);

      const checkout = await createCheckout({ draftId, application, email });
      // Kept before confirming: a provider that sends the browser away (authentication, wallets
      // with their own pages) comes back to the confirmation page, which reads it.
      savePaymentResult({ trackingNumber: checkout.trackingNumber, paymentIntentId: checkout.paymentIntentId });

      const confirmation = await payment.confirm(checkout);
      switch (confirmation.status) {
        case 'failed':
          return fail(confirmFailureMessage(confirmation.error, method));
        case 'redirect':
          window.location.assign(confirmation.url);
          return 'redirecting';
        case 'redirected':
          return 'redirecting';
        case 'confirmed':
          break;
      }

      const verified = await apiRequest<ConfirmPaymentResponse>('POST', '/api/payments/confirm', {
        paymentIntentId: confirmation.paymentIntentId,
      });
      if (!verified.success) return fail(serverFailureMessage(verified.error, method));

      const trackingNumber = verified.trackingNumber ?? checkout.trackingNumber;
      savePaymentResult({ trackingNumber, paymentIntentId: verified.paymentIntentId });
      pushEvent({
        event: 'placed_order',
        transaction_id: verified.paymentIntentId,
        value: verified.amount / 100,
        currency: verified.currency.toUpperCase(),
        tracking_number: trackingNumber,
      });
      // Still "processing" on purpose: the order is paid, nothing on this page may start another payment.
      setResult({ status: 'succeeded', paymentIntentId: verified.paymentIntentId });
      return 'succeeded';
    } catch (error) {
      // Nothing was charged; the next attempt starts a new checkout from the answers in this browser.
      if (error instanceof ApiError && error.code === 'checkout_expired') onExpired?.();
      console.error('Payment attempt failed', error);
      return fail(unexpectedFailureMessage(error));
    }
  }

  return { processing, result, completeOrder, dismissResult: () => setResult(null) };
}
