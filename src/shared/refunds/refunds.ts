import { z } from 'zod';
import { refuseUnstorableText, writtenText } from '../storable-text';
import { formatUsd } from '../money';
import type { OrderStatus } from '../orders/lifecycle';
import { m } from '../i18n/messages';

// Refunds, the customer's one-hour cancellation and disputes (decision 026): the request schema both
// sides parse with, the reasons and their labels, and what the order page and the tracking page show.

/**
 * An order's payment status: paid, then as its refunds succeed partially refunded and refunded (the
 * provider's dashboard's refunds count too). Every order was paid: each of these is a paid order.
 */
export const paymentStatuses = ['paid', 'partially_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusLabels: Record<PaymentStatus, string> = { paid: 'Paid', partially_refunded: 'Partially refunded', refunded: 'Refunded' };

/** A payment status as the order page shows it (one this build does not know, as written). */
export function paymentStatusLabel(status: string): string {
  return Object.hasOwn(paymentStatusLabels, status) ? paymentStatusLabels[status as PaymentStatus] : status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');
}

/** The payment status once `refundedCents` of `paidCents` have been given back. */
export function paymentStatusAfterRefunds(paidCents: number, refundedCents: number): PaymentStatus {
  if (refundedCents <= 0) return 'paid';
  return refundedCents >= paidCents ? 'refunded' : 'partially_refunded';
}

/** Something of the payment is left to give back (the refundable amount says how much). */
export function hasRefundableBalance(status: string): boolean {
  return status === 'paid' || status === 'partially_refunded';
}

/** The reasons staff choose from on the order page. */
export const staffRefundReasons = ['customer_request', 'not_delivered_in_time', 'rejected_by_our_error', 'duplicate_payment', 'other'] as const;
export type StaffRefundReason = (typeof staffRefundReasons)[number];

/** Every reason a refund row may carry: the staff's, and those of the customer's cancellation and the provider's dashboard. */
export const refundReasonLabels: Record<string, string> = {
  customer_request: 'Customer request',
  not_delivered_in_time: 'Not filed within 1 business day',
  rejected_by_our_error: 'Application rejected through our error',
  duplicate_payment: 'Duplicate payment',
  other: 'Other',
  customer_cancellation: 'Cancelled by the customer within the hour',
  provider_dashboard: "Refunded in the payment provider's dashboard",
};

export const refundMessages = {
  amountRequired: 'Enter the amount to refund.',
  amountFormat: 'Enter an amount in dollars and cents, such as 49.00.',
  amountPositive: 'The amount must be more than $0.00.',
  amountTooLarge: (remainingCents: number) => `At most ${formatUsd(remainingCents)} can still be refunded.`,
  reasonRequired: 'Choose a reason.',
  noteRequired: 'Say why in the note.',
  noteTooLong: 'Keep the note under 500 characters.',
  fullyRefunded: 'This order has been refunded in full.',
  notPaid: 'This order has no payment to refund.',
  disputed: 'The payment is disputed; it cannot be refunded while the dispute is open.',
  providerFailed: 'The payment provider did not make the refund. Nothing was refunded.',
  providerUnconfirmed: 'The payment provider has not confirmed the refund yet. It shows on the order once it does.',
  /** A refund as a duplicate of the order that was kept: its twins are refunded already. */
  keptOrder: (trackingNumbers: readonly string[]) =>
    `${trackingNumbers.map((number) => `Order #${number}`).join(', ')}, with the same application, ${trackingNumbers.length === 1 ? 'was' : 'were'} refunded in full as the duplicate: this is the order that was kept. Choose another reason if this order is to be refunded too.`,
} as const;

/**
 * The order that was kept (decision 041): it shares its application with other orders, and each of
 * them has been refunded in full (or is being). Refunding it as a duplicate too would leave the
 * customer with no order at all, so neither the page nor the server offers it. An order with no
 * other order sharing its application is not one: "Duplicate payment" stays a reason staff may give.
 */
export function isKeptOrder(duplicates: readonly { paymentStatus: string }[]): boolean {
  return duplicates.length > 0 && duplicates.every((other) => other.paymentStatus === 'refunded');
}

/** Largest amount a request may name: a payment's amount is far below it. */
const maxRefundCents = 100_000_000;

/** `POST /api/manage/orders/:id/refunds`. Whether the amount is within what remains is the server's check, under a lock. */
export const refundRequestSchema = refuseUnstorableText(
  z
    .strictObject({
      amountCents: z
        .number({ error: refundMessages.amountRequired })
        .int(refundMessages.amountFormat)
        .min(1, refundMessages.amountPositive)
        .max(maxRefundCents, refundMessages.amountFormat),
      reason: z.enum(staffRefundReasons, { error: refundMessages.reasonRequired }),
      note: writtenText(z.string().trim().max(500, refundMessages.noteTooLong)).default(''),
    })
    .superRefine((request, context) => {
      if (request.reason === 'other' && request.note === '') context.addIssue({ code: 'custom', path: ['note'], message: refundMessages.noteRequired });
    }),
);
export type RefundRequest = z.output<typeof refundRequestSchema>;

/** "49", "49.5", "49.00", "$1,049.00" to cents; null when it is not an amount of dollars and cents. */
export function parseDollarsToCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export type RefundState = 'pending' | 'succeeded' | 'failed';
export type RefundSource = 'staff' | 'customer' | 'provider';

export type RefundEntry = {
  id: number;
  amountCents: number;
  reason: string;
  note: string;
  state: RefundState;
  source: RefundSource;
  providerRefundId: string | null;
  failureMessage: string | null;
  requestedBy: { id: string; name: string } | null;
  createdAt: string;
};

/** Open while the bank weighs it; `won`, `lost` and `warning_closed` are closed. */
export type DisputeSummary = { id: string; status: string; open: boolean; openedAt: string | null };

export const disputeStatusLabels: Record<string, string> = {
  warning_needs_response: 'Inquiry: response needed',
  warning_under_review: 'Inquiry under review',
  warning_closed: 'Inquiry closed',
  needs_response: 'Response needed',
  under_review: 'Under review',
  won: 'Won',
  lost: 'Lost',
};

export const closedDisputeStatusList: readonly string[] = ['won', 'lost', 'warning_closed'];

/** Whether a dispute in `status` still needs attention (null: no dispute). */
export function isDisputeOpen(status: string | null | undefined): boolean {
  return typeof status === 'string' && !closedDisputeStatusList.includes(status);
}

/** The Payment Information card's figures and the refunds behind them. */
export type OrderPayments = {
  paidCents: number;
  /** Succeeded refunds. */
  refundedCents: number;
  /** Asked and not yet confirmed: already counted against what may be refunded. */
  pendingCents: number;
  netCents: number;
  /** What an admin may still refund now. */
  refundableCents: number;
  refunds: RefundEntry[];
  dispute: DisputeSummary | null;
};

/** `POST /api/manage/orders/:id/refunds` answers with the refund and the card's new figures. */
export type RefundResponse = { refund: RefundEntry; payments: OrderPayments };

/** The one-hour cancellation (spec 02: cancellation window 1 hour). */
export const cancellationWindowMinutes = 60;

/** The customer's cancellation page. */
export const cancellationPagePath = (token: string) => `/cancel-order/${encodeURIComponent(token)}`;

export type CancellationView =
  | {
      state: 'cancellable';
      trackingNumber: string;
      companyName: string | null;
      amountCents: number;
      /** ISO time the window closes. */
      deadline: string;
    }
  | { state: 'cancelled'; trackingNumber: string; companyName: string | null; refundedCents: number; supportEmail: string }
  | {
      state: 'closed';
      /** Why the order can no longer be cancelled online (`whyNotCancellable`). */
      why: CancellationRefusal;
      trackingNumber: string;
      companyName: string | null;
      supportEmail: string;
    };

/**
 * The statuses in which the application has been submitted to the IRS (filed by fax or online, at the
 * IRS, answered): the Terms' "before your application has been submitted" is over. Staff reviewing the
 * order, preparing the form or sending it for signature, and the customer signing it, do not submit it.
 */
export const submittedOrderStatuses = ['submitted_to_irs', 'irs_overdue', 'completed'] as const satisfies readonly OrderStatus[];

/** Why an order can no longer be cancelled online, each said to the customer in its own words. */
export const cancellationRefusals = ['expired', 'submitted', 'refunded', 'disputed'] as const;
export type CancellationRefusal = (typeof cancellationRefusals)[number];

/** What the cancellation rule looks at. */
export type CancellationFacts = {
  status: OrderStatus;
  paymentStatus: string;
  disputeStatus: string | null;
  /** A filing of the order is queued, being sent, or sent (by fax or online): it is being submitted. */
  filingUnderWay: boolean;
  /** When the hour after the payment ends. */
  deadline: Date;
  now: Date;
};

/**
 * The Terms' one-hour cancellation (section 4 (c), spec 02): the customer may cancel within 1 hour of
 * the payment, before the application has been submitted to the IRS. The one rule the cancellation
 * page, its API and the confirmation page's link all apply: null while the order can be cancelled,
 * else why not (a cancelled order is shown as such before this is asked).
 */
export function whyNotCancellable(facts: CancellationFacts): CancellationRefusal | null {
  if (!hasRefundableBalance(facts.paymentStatus)) return 'refunded';
  if ((submittedOrderStatuses as readonly OrderStatus[]).includes(facts.status) || facts.filingUnderWay) return 'submitted';
  if (isDisputeOpen(facts.disputeStatus)) return 'disputed';
  if (facts.now.getTime() >= facts.deadline.getTime()) return 'expired';
  return null;
}

/** The cancellation page's words, in the customer's language (getters, read when shown). */
export const cancellationMessages = {
  get linkUnavailable() {
    return m.refunds_link_unavailable();
  },
  get windowClosed() {
    return m.refunds_window_closed();
  },
  get cancelled() {
    return m.refunds_cancelled();
  },
  /** The rule, as the cancellation page and the confirmation e-mail say it. */
  get condition() {
    return m.refunds_condition();
  },
  refusals: {
    get expired() {
      return m.refunds_refusal_expired();
    },
    get submitted() {
      return m.refunds_refusal_submitted();
    },
    get refunded() {
      return m.refunds_refusal_refunded();
    },
    get disputed() {
      return m.refunds_refusal_disputed();
    },
  } satisfies Record<CancellationRefusal, string>,
  /** The Terms' refund policy, in the words of section 4 (its first item is the delivery promise's refund condition). */
  get policy(): readonly string[] {
    return [m.refunds_policy_late_filing(), m.refunds_policy_our_error(), m.refunds_policy_cancel_within_hour()];
  },
} as const;
