import type { TestPaymentResult } from '#shared/payments/test-card.ts';

// Stripe's test cards and the errors Stripe answers with, word for word.

export type PaymentError = Extract<TestPaymentResult, { error: unknown }>['error'];

type TestCard = { outcome: 'succeed' } | { outcome: 'dispute' } | { outcome: 'authenticate' } | { outcome: 'decline'; error: PaymentError };

const declined = (declineCode: string, message: string): PaymentError => ({ type: 'card_error', code: 'card_declined', declineCode, message });

const testCards: Record<string, TestCard> = {
  '4242424242424242': { outcome: 'succeed' },
  // As Stripe's: the payment succeeds, then the cardholder disputes it as fraudulent.
  '4000000000000259': { outcome: 'dispute' },
  '4000000000000002': { outcome: 'decline', error: declined('generic_decline', 'Your card was declined.') },
  '4000000000009995': { outcome: 'decline', error: declined('insufficient_funds', 'Your card has insufficient funds.') },
  '4000002500003155': { outcome: 'authenticate' },
};
const liveCardDecline = declined('test_mode_live_card', 'Your card was declined. Your request was in test mode, but used a non test card.');

/** What the card number does; any number not among Stripe's test cards is a real card, which test mode refuses. */
export const testCardOf = (cardNumber: string): TestCard => testCards[cardNumber.replace(/\s/g, '')] ?? { outcome: 'decline', error: liveCardDecline };

export const authenticationFailure: PaymentError = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
export const alreadySucceeded: PaymentError = { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This payment has already succeeded.' };
export const notConfirmable: PaymentError = { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This payment can no longer be confirmed.' };
