import { z } from 'zod';
import { applicationSchema } from '../application/application';
import type { ReviewGroup } from '../application/answer-review';
import { billingEmailSchema } from './billing-email';
import { checkoutMessages } from './checkout-messages';
import { refuseUnstorableText } from '../storable-text';

// Step 6 and the payment calls: what the browser sends and what the server answers.

/**
 * `POST /api/checkout`. `draftId` is a random id the browser keeps for one application, so that
 * repeating the call (Try Again, a reload) reuses the same checkout and payment intent. The price is
 * not part of the request: the server computes it.
 */
export const checkoutRequestSchema = refuseUnstorableText(
  z.strictObject({
    draftId: z.uuid({ error: 'Invalid draft id' }),
    email: billingEmailSchema,
    application: applicationSchema,
  }),
);
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export type CheckoutResponse = {
  trackingNumber: string;
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  /** The application as the server validated and stored it, for the customer to review before paying. */
  review: ReviewGroup[];
};

/** `POST /api/payments/confirm`. */
export const confirmPaymentRequestSchema = z.strictObject({
  paymentIntentId: z.string().trim().min(1, checkoutMessages.paymentRequired).max(255),
});
export type ConfirmPaymentRequest = z.infer<typeof confirmPaymentRequestSchema>;

/** The spec's confirm-payment answer; `amount` is in cents. */
export type ConfirmPaymentResponse = {
  success: boolean;
  amount: number;
  currency: string;
  status: string;
  paymentIntentId: string;
  trackingNumber: string | null;
  paymentMethod: string | null;
  error?: string;
  /** The one-hour cancellation page, while the order can still be cancelled online. */
  cancelPath?: string | null;
};
