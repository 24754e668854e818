import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';
import { m } from '#shared/i18n/messages.ts';
import { ApiError } from '#client/lib/api.ts';
import { customerErrorMessage } from '#client/lib/error-messages.ts';

// Spec 02, section 8 ("Payment (step 6)"): what the customer is told when a payment does not go
// through, in one place. `null` means stop quietly: the payment form already shows the problem
// (validation errors under its fields) or the customer chose to stop (cancelled, or failed the
// bank's authentication, which the provider's own window has already said).

/**
 * What a provider (Stripe.js or the test processor) reports when it refuses: Stripe.js names the
 * bank's reason `decline_code`, the test processor `declineCode`.
 */
export type ProviderError = { type?: string; code?: string; decline_code?: string; declineCode?: string; message?: string };

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

// The refusals whose sentence is known, in the page's language: Stripe's words in English. Stripe.js
// already speaks the page's language; the test processor answers in English, as Stripe's API does.
const declineTexts: Record<string, () => string> = {
  generic_decline: m.checkout_card_declined,
  insufficient_funds: m.checkout_card_insufficient_funds,
  test_mode_live_card: m.checkout_card_live_in_test_mode,
};
const refusalTexts: Record<string, () => string> = {
  expired_card: m.checkout_card_expired,
  incorrect_cvc: m.checkout_card_incorrect_cvc,
  processing_error: m.checkout_card_processing_error,
};

/** The provider's refusal in the page's language where its reason is known, else in its own words. */
function refusalText(error: ProviderError): string | undefined {
  const declineCode = error.declineCode ?? error.decline_code;
  const known = error.code === 'card_declined' && declineCode ? declineTexts[declineCode] : error.code ? refusalTexts[error.code] : undefined;
  return known?.() ?? text(error.message);
}

/** The provider refused the payment details (Stripe's `elements.submit()`). */
export function submitFailureMessage(error: ProviderError, method: PaymentMethodKind): string | null {
  if (stopsQuietly(error)) return null;
  return text(error.message) ?? (method === 'stripe_express' ? checkoutMessages.expressFailed : checkoutMessages.submitFailed);
}

/** The provider refused to confirm the payment (declined card, insufficient funds, ...). */
export function confirmFailureMessage(error: ProviderError, method: PaymentMethodKind): string | null {
  if (stopsQuietly(error)) return null;
  return refusalText(error) ?? (method === 'stripe_express' ? checkoutMessages.expressFailed : checkoutMessages.confirmFailed);
}

/** The server did not accept the payment as paid (`success: false` from `/api/payments/confirm`). */
export function serverFailureMessage(serverError: string | undefined, method: PaymentMethodKind): string {
  return text(serverError) ?? (method === 'stripe_express' ? checkoutMessages.expressValidationFailed : checkoutMessages.serverValidationFailed);
}

/**
 * Anything else thrown along the way. A refusal from our server (a 4xx, such as "already paid") is
 * told by its code, or in the server's words where they say more; network failures, server faults
 * and programming errors get the spec's generic text rather than a technical one.
 */
export function unexpectedFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return customerErrorMessage(error);
  return checkoutMessages.unexpected;
}
