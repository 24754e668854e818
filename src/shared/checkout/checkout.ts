import { z } from 'zod';
import type { FilingRoute } from '../delivery-promise';
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
  /**
   * The same company and responsible party were paid for in the last 30 days (decision 041): the
   * customer is told before paying again, and may still go on. Null when there is no such order.
   */
  duplicateWarning: DuplicateWarning | null;
};

/** How many days back a paid application for the same company and responsible party is looked for. */
export const duplicateWindowDays = 30;

/** The earlier order's tracking number's last four characters: enough to recognise it, not to look it up. */
export type DuplicateWarning = { trackingLast4: string };

/** `POST /api/payments/confirm`. */
export const confirmPaymentRequestSchema = z.strictObject({
  paymentIntentId: z.string().trim().min(1, { error: () => checkoutMessages.paymentRequired }).max(255),
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
  /** How the order can reach the IRS: what the page promises of the IRS's answer depends on it. */
  filingRoute?: FilingRoute;
};
