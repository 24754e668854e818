import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api.ts';
import { confirmFailureMessage, serverFailureMessage, submitFailureMessage, unexpectedFailureMessage } from './payment-errors';

describe('submit errors (the payment details were refused)', () => {
  it("shows the provider's message", () => {
    expect(submitFailureMessage({ type: 'card_error', message: 'Your card number is incomplete.' }, 'stripe')).toBe('Your card number is incomplete.');
  });

  it("falls back to 'Failed to process payment', or 'Payment failed' for the wallets", () => {
    expect(submitFailureMessage({ type: 'api_error' }, 'stripe')).toBe('Failed to process payment');
    expect(submitFailureMessage({ type: 'api_error', message: '  ' }, 'stripe')).toBe('Failed to process payment');
    expect(submitFailureMessage({ type: 'api_error' }, 'stripe_express')).toBe('Payment failed');
  });

  it('stops quietly on a validation error: the form shows it under its fields', () => {
    expect(submitFailureMessage({ type: 'validation_error', message: 'Your card number is incomplete.' }, 'stripe')).toBeNull();
  });
});

describe('confirm errors (the provider refused the payment)', () => {
  it("shows the provider's message for a decline", () => {
    expect(confirmFailureMessage({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }, 'stripe')).toBe(
      'Your card was declined.',
    );
    expect(confirmFailureMessage({ type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' }, 'stripe_express')).toBe(
      'Your card has insufficient funds.',
    );
  });

  it("falls back to 'Payment confirmation failed', or 'Payment failed' for the wallets", () => {
    expect(confirmFailureMessage({ type: 'card_error', code: 'card_declined' }, 'stripe')).toBe('Payment confirmation failed');
    expect(confirmFailureMessage({ type: 'card_error', code: 'card_declined' }, 'stripe_express')).toBe('Payment failed');
  });

  it('stops quietly on a validation error', () => {
    expect(confirmFailureMessage({ type: 'validation_error', message: 'Please fill in your card details.' }, 'stripe')).toBeNull();
  });

  it('stops quietly when the authentication failed', () => {
    expect(
      confirmFailureMessage(
        {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        },
        'stripe',
      ),
    ).toBeNull();
  });

  it("stops quietly when the message speaks of cancelling, in any case", () => {
    expect(confirmFailureMessage({ type: 'invalid_request_error', message: 'The customer cancelled the payment.' }, 'stripe')).toBeNull();
    expect(confirmFailureMessage({ message: 'Payment Canceled by user' }, 'stripe_express')).toBeNull();
    expect(submitFailureMessage({ message: 'Cancelled' }, 'stripe')).toBeNull();
  });
});

describe('server verification failures', () => {
  it("shows the server's error", () => {
    expect(serverFailureMessage('Payment was not successful.', 'stripe')).toBe('Payment was not successful.');
  });

  it("falls back to 'Payment validation failed on the server', or 'Payment validation failed' for the wallets", () => {
    expect(serverFailureMessage(undefined, 'stripe')).toBe('Payment validation failed on the server');
    expect(serverFailureMessage('', 'stripe')).toBe('Payment validation failed on the server');
    expect(serverFailureMessage(undefined, 'stripe_express')).toBe('Payment validation failed');
  });
});

describe('anything else', () => {
  it("says 'An unexpected error occurred' for faults, network failures and programming errors", () => {
    expect(unexpectedFailureMessage(new TypeError('Cannot read properties of undefined'))).toBe('An unexpected error occurred');
    expect(unexpectedFailureMessage(new ApiError(0, 'network_error', 'Failed to fetch'))).toBe('An unexpected error occurred');
    expect(unexpectedFailureMessage(new ApiError(500, 'internal_error', 'Something went wrong'))).toBe('An unexpected error occurred');
    expect(unexpectedFailureMessage('a string')).toBe('An unexpected error occurred');
  });

  it("passes on our server's refusal, which the customer can act on", () => {
    expect(
      unexpectedFailureMessage(new ApiError(409, 'conflict', 'This application has already been paid for. Check your email for the tracking number.')),
    ).toBe('This application has already been paid for. Check your email for the tracking number.');
    expect(unexpectedFailureMessage(new ApiError(429, 'rate_limited', 'Too many requests. Please wait a minute and try again.'))).toBe(
      'Too many requests. Please wait a minute and try again.',
    );
  });
});
