import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';
import { ApiError } from '#client/lib/api.ts';

// Spec 02, section 8 ("Payment (step 6)"): what the customer is told when a payment does not go
// through, in one place. `null` means stop quietly: the payment form already shows the problem
// (validation errors under its fields) or the customer chose to stop (cancelled, or failed the
// bank's authentication, which the provider's own window has already said).

/** What a provider (Stripe.js or the test processor) reports when it refuses. */
export type ProviderError = { type?: string; code?: string; message?: string };

/** `stripe` for the payment form and the Complete Order button, `stripe_express` for the wallets. */
export type PaymentMethodKind = 'stripe' | 'stripe_express';

const authenticationFailureCodes = new Set(['payment_intent_authentication_failure', 'setup_intent_authentication_failure']);

function stopsQuietly(error: ProviderError): boolean {
  return (
    error.type === 'validation_error' ||
    (error.code !== undefined && authenticationFailureCodes.has(error.code)) ||
    (error.message ?? '').toLowerCase().includes('cancel')
  );
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The provider refused the payment details (Stripe's `elements.submit()`). */
export function submitFailureMessage(error: ProviderError, method: PaymentMethodKind): string | null {
  if (stopsQuietly(error)) return null;
  return text(error.message) ?? (method === 'stripe_express' ? checkoutMessages.expressFailed : checkoutMessages.submitFailed);
}

/** The provider refused to confirm the payment (declined card, insufficient funds, ...). */
export function confirmFailureMessage(error: ProviderError, method: PaymentMethodKind): string | null {
  if (stopsQuietly(error)) return null;
  return text(error.message) ?? (method === 'stripe_express' ? checkoutMessages.expressFailed : checkoutMessages.confirmFailed);
}

/** The server did not accept the payment as paid (`success: false` from `/api/payments/confirm`). */
export function serverFailureMessage(serverError: string | undefined, method: PaymentMethodKind): string {
  return text(serverError) ?? (method === 'stripe_express' ? checkoutMessages.expressValidationFailed : checkoutMessages.serverValidationFailed);
}

/**
 * Anything else thrown along the way. A refusal from our server (a 4xx with its message, such as
 * "already paid") is shown as the server said it; network failures, server faults and programming
 * errors get the spec's generic text rather than a technical one.
 */
export function unexpectedFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return text(error.message) ?? checkoutMessages.unexpected;
  return checkoutMessages.unexpected;
}
