import type { CheckoutResponse } from '#shared/checkout/checkout.ts';
import type { ProviderError } from './payment-errors';

/** How the provider's confirmation ended. */
export type ProviderConfirmation =
  | { status: 'failed'; error: ProviderError }
  /** The provider needs the customer elsewhere first (the bank's authentication page). */
  | { status: 'redirect'; url: string }
  /** The provider has already sent the browser away (Stripe's own redirects). */
  | { status: 'redirected' }
  | { status: 'confirmed'; paymentIntentId: string };

/**
 * What the Complete Order flow needs from a payment form (Stripe's Payment Element, its Express
 * Checkout Element, or the test processor's card form).
 */
export type PaymentDetails = {
  /** Checks what the customer entered before anything is charged; an error stops the payment. */
  submit(): Promise<ProviderError | null>;
  /** Confirms the checkout's payment intent with the provider. */
  confirm(checkout: CheckoutResponse): Promise<ProviderConfirmation>;
};
