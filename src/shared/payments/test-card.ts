import { z } from 'zod';
import { checkoutMessages } from '../checkout/checkout-messages';
import { m } from '../i18n/messages';

// The built-in test processor's card form (used when no Stripe keys are set). The browser and the
// server check it with this schema; the messages are Stripe's, in the page's language.

export const testCardMessages = {
  get numberRequired() { return checkoutMessages.paymentRequired; },
  get numberIncomplete() { return m.checkout_card_number_incomplete(); },
  get numberInvalid() { return m.checkout_card_number_invalid(); },
  get expiryIncomplete() { return m.checkout_card_expiry_incomplete(); },
  get expiryPast() { return m.checkout_card_expiry_past(); },
  get expiryInvalid() { return m.checkout_card_expiry_invalid(); },
  get cvcIncomplete() { return m.checkout_card_cvc_incomplete(); },
};

/** Luhn check digit test, as every card network uses. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** `MM / YY` as the form shows it, or `MM/YY`. */
const expiryPattern = /^(\d{2})\s*\/\s*(\d{2})$/;

function expiryIssue(value: string, now: Date): string | null {
  const match = expiryPattern.exec(value.trim());
  if (!match) return testCardMessages.expiryIncomplete;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return testCardMessages.expiryInvalid;
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return testCardMessages.expiryPast;
  return null;
}

/** The card form; `now` is a parameter so tests can fix the date. */
export function testCardSchema(now: () => Date = () => new Date()) {
  return z.strictObject({
    cardNumber: z.string().superRefine((value, context) => {
      const digits = value.replace(/\s/g, '');
      if (digits === '') context.addIssue({ code: 'custom', message: testCardMessages.numberRequired });
      else if (!/^\d+$/.test(digits) || digits.length < 16) context.addIssue({ code: 'custom', message: testCardMessages.numberIncomplete });
      else if (digits.length > 16 || !passesLuhn(digits)) context.addIssue({ code: 'custom', message: testCardMessages.numberInvalid });
    }),
    cardExpiry: z.string().superRefine((value, context) => {
      const issue = expiryIssue(value, now());
      if (issue) context.addIssue({ code: 'custom', message: issue });
    }),
    cardCvc: z.string().regex(/^\d{3,4}$/, { error: () => testCardMessages.cvcIncomplete }),
  });
}

export type TestCard = z.infer<ReturnType<typeof testCardSchema>>;

export const testCardDefaults: TestCard = { cardNumber: '', cardExpiry: '', cardCvc: '' };

/** `POST /api/test-payments/confirm`: the card for one payment intent. */
export function testPaymentConfirmSchema(now?: () => Date) {
  return testCardSchema(now).extend({ clientSecret: z.string().min(1).max(200) });
}

/** `POST /api/test-payments/authenticate`: the challenge page's answer. */
export const testPaymentAuthenticateSchema = z.strictObject({
  clientSecret: z.string().min(1).max(200),
  outcome: z.enum(['complete', 'fail']),
});

/**
 * What the test processor answers to a confirmation, shaped like Stripe.js's `confirmPayment`
 * result: the intent, or an error with Stripe's type, code and message.
 */
export type TestPaymentResult =
  | { paymentIntent: { id: string; status: string }; nextAction?: { redirectUrl: string } }
  | { error: { type: 'card_error' | 'validation_error' | 'invalid_request_error'; code: string; declineCode?: string; message: string } };
