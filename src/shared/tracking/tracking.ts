import { z } from 'zod';
import { deliveryPromise } from '../delivery-promise';
import type { CustomerStatus, TrackingStage } from '../orders/lifecycle';
import type { VerificationQuestion } from '../ssn-last-four';

// The customer's tracking number, also the order's application id: 12 characters, A-Z and 0-9.
// New numbers are drawn from an alphabet without 0/O and 1/I, which people misread when they copy a
// number from an e-mail; numbers issued before keep working, since any A-Z and 0-9 is looked up.

export const trackingNumberLength = 12;
/** What new numbers are made of: A-Z and 2-9 without I and O (32 characters, 60 bits a number). */
export const trackingNumberAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const trackingNumberExample = 'HFE12W87EQ23';

export const trackingMessages = {
  length: 'Application number must be exactly 12 characters',
  characters: 'Application number must contain only uppercase letters and numbers',
  fetchFailed: 'Failed to fetch application status. Please try again.',
  notFound:
    'No paid application found with this tracking number. Please verify your number or check back shortly if you just completed payment.',
  unexpected: 'An unexpected error occurred. Please try again.',
  rateLimited: 'Too many lookups from your connection. Please wait a minute and try again.',
} as const;

export const trackingNumberSchema = z
  .string()
  .length(trackingNumberLength, trackingMessages.length)
  .regex(/^[A-Z0-9]*$/, trackingMessages.characters);

/**
 * A number as typed or pasted, made comparable: no spaces or dashes (around or inside it; people
 * group a long number as they read it out, "R2C2-L9N7-GCV8"), in upper case.
 */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/[\s\p{Pd}]+/gu, '').toUpperCase();
}

/** What the lookup field does to typed or pasted text: no spaces or dashes, upper case, at most 12 characters. */
export function normalizeTrackingInput(value: string): string {
  return normalizeTrackingNumber(value).slice(0, trackingNumberLength);
}

export const trackingLookupSchema = z.strictObject({ number: trackingNumberSchema });

/** What the tracking page says at each stage: the current status, the estimate and the next steps. */
export type TrackingStageText = {
  description: string;
  /** The estimate's line; null where none is shown (completed). */
  estimate: string | null;
  nextSteps: readonly string[];
};

const whenWorked = `${deliveryPromise.badge} of payment`;
const whenSigned = `${deliveryPromise.badge} of your signature`;

/**
 * What a customer link asks, said on the tracking page: it follows the responsible party's taxpayer
 * number (decision 046), so an ITIN holder reads "ITIN" and a founder with neither is never told of an SSN.
 */
const linkQuestionStep: Record<VerificationQuestion, string> = {
  ssn: 'confirm the last four digits of the SSN',
  itin: 'confirm the last four digits of the ITIN',
  email_code: 'enter the code the page e-mails you',
};
const linkQuestionObject: Record<VerificationQuestion, string> = {
  ssn: 'the last four digits of the responsible party\u2019s SSN',
  itin: 'the last four digits of the responsible party\u2019s ITIN',
  email_code: 'a code that it e-mails to the address on your order',
};

/**
 * The next steps of a stage for an order whose links ask `question`: the stage's own texts, with the
 * question the SSN's texts name replaced by the order's own (absent: the SSN's, as before).
 */
export function trackingNextSteps(result: Pick<TrackingResult, 'stage' | 'filedBy' | 'refund' | 'question'>): readonly string[] {
  const question = result.question ?? 'ssn';
  return trackingStageTextOf(result).nextSteps.map((step) =>
    step.replace(linkQuestionStep.ssn, linkQuestionStep[question]).replace(linkQuestionObject.ssn, linkQuestionObject[question]),
  );
}

export const trackingStageTexts: Record<TrackingStage, TrackingStageText> = {
  reviewing: {
    description: 'We are checking the answers in your application before we prepare your Form SS-4. Nothing has been sent to the IRS yet.',
    estimate: whenWorked,
    nextSteps: [
      'We check your answers and prepare your Form SS-4.',
      'If anything is missing, or the IRS needs your signature, we e-mail you.',
      'We file your application with the IRS and e-mail your EIN as soon as it is issued.',
    ],
  },
  preparing: {
    description: 'Your answers are checked. We are preparing your Form SS-4 from them.',
    estimate: whenWorked,
    nextSteps: [
      'If the IRS needs your signature on the form, we e-mail you a link to sign it online.',
      'We file your application with the IRS and e-mail your EIN as soon as it is issued.',
    ],
  },
  awaiting_signature: {
    description: 'Your Form SS-4 is ready. We need your signature before we can file it with the IRS.',
    estimate: whenSigned,
    nextSteps: [
      `Open the link in our e-mail, ${linkQuestionStep.ssn}, read the form and sign it.`,
      'Cannot find the e-mail? Look in your spam folder, or ask for a new link above: it goes to the e-mail address on your order.',
      'Once you have signed, we file your application within one business day.',
    ],
  },
  filing: {
    description: 'Thank you for signing. We have your signed Form SS-4 and are filing it with the IRS.',
    estimate: whenSigned,
    nextSteps: ['We file your signed form with the IRS.', 'We e-mail your EIN as soon as the IRS issues it.'],
  },
  with_irs: {
    description: 'Your application has been filed with the IRS. We e-mail your EIN as soon as the IRS issues it.',
    estimate: 'EIN at once when filed online; about 4 business days by fax',
    nextSteps: [deliveryPromise.irsTurnaround, 'There is nothing you need to do in the meantime.'],
  },
  on_hold: {
    description: 'Your application is on hold. We will contact you by e-mail to explain what we need.',
    estimate: 'Resumes once we have what we need',
    nextSteps: [
      'Read our e-mail: it says why your application is on hold and what we need from you.',
      'Reply to that e-mail, or write to our support team, and we resume your application.',
    ],
  },
  completed: {
    description: 'The IRS has issued your EIN, and we have e-mailed it to you.',
    estimate: null,
    nextSteps: [
      'Find your EIN in our e-mail titled \u201cYour EIN is ready\u201d.',
      `If we had the IRS\u2019s letter when we sent it, that e-mail links to it: the page asks for ${linkQuestionObject.ssn}, and the link works for 30 days.`,
      'Keep the number with your business records: banks, payroll providers and tax forms ask for it.',
    ],
  },
  cancelled: {
    description: 'This application has been cancelled. Nothing will be filed with the IRS.',
    estimate: 'N/A',
    nextSteps: ['Contact our support team for more information about this application or a refund.'],
  },
};

/**
 * The tracking lookup's answer: the customer-facing status and stage and the day the order was
 * placed, nothing else of the order. Each further section the page shows is an optional field here.
 */
export type TrackingResult = {
  status: CustomerStatus;
  stage: TrackingStage;
  createDate: string;
  /** Something the customer must do now (the SS-4's signature), in their words; absent when nothing. */
  actionNeeded?: string;
  /**
   * What the order's links ask (the SSN's last four, the ITIN's, or an e-mailed code), where the next
   * steps speak of it (awaiting the signature, completed); absent elsewhere.
   */
  question?: VerificationQuestion;
  /** Money given back on the order: the total and the day of the last refund; absent when none. */
  refund?: { amountCents: number; refundedAt: string };
  /** With the IRS: whether the application was faxed or filed online; absent before (and when unknown). */
  filedBy?: 'fax' | 'online';
};

/** With the IRS by fax: what the customer can expect, in place of the stage's general text. */
export const faxedStageText: TrackingStageText = {
  description: 'We have faxed your signed Form SS-4 to the IRS. We e-mail your EIN as soon as the IRS answers.',
  estimate: 'About 4 business days from the fax',
  nextSteps: ['The IRS answers a faxed application by fax, in about 4 business days.', 'There is nothing you need to do in the meantime.'],
};

/** Cancelled after the payment was refunded: nothing left to ask about a refund. */
export const cancelledRefundedStageText: TrackingStageText = {
  description: 'This application has been cancelled and your payment refunded. Nothing will be filed with the IRS.',
  estimate: 'N/A',
  nextSteps: ['Contact our support team if you have a question about this application.'],
};

/** What the tracking page says of this order: its stage's text, or the fax's or the refunded cancellation's. */
export function trackingStageTextOf(result: Pick<TrackingResult, 'stage' | 'filedBy' | 'refund'>): TrackingStageText {
  if (result.stage === 'with_irs' && result.filedBy === 'fax') return faxedStageText;
  if (result.stage === 'cancelled' && result.refund) return cancelledRefundedStageText;
  return trackingStageTexts[result.stage];
}

/** `POST /api/track/:number/signing-link`: the same answer whatever the order, so it reveals nothing. */
export const signingLinkResendMessage =
  'If this application is waiting for your signature, we have sent a new signing link to the e-mail address on the order. It replaces any earlier link.';
/** A tracking number gets one new signing link in this many minutes, whoever asks. */
export const signingLinkResendIntervalMinutes = 10;
/** The answer when a link was already asked for within the interval: nothing was sent now. */
export const signingLinkHeldBackMessage = `A new signing link was already asked for in the last ${signingLinkResendIntervalMinutes} minutes, so we have not sent another one now.`;
/** Followed by when the next link can be asked for, written in the reader's zone, and a full stop. */
export const signingLinkNextRequestLead = 'You can ask for another link after';

/**
 * The answer of `POST /api/track/:number/signing-link`. It depends on the number's earlier requests
 * only, never on the order (or whether there is one): `requested` when this request was the first in
 * its interval (a link went out if the order awaits a signature), `held_back` when one was asked for
 * within it; `nextRequestAt` says when the next request counts.
 */
export const signingLinkResendAnswerSchema = z.object({
  outcome: z.enum(['requested', 'held_back']),
  message: z.string(),
  nextRequestAt: z.iso.datetime(),
});
export type SigningLinkResendAnswer = z.infer<typeof signingLinkResendAnswerSchema>;
export const signingLinkResendRateLimited = 'Too many requests for a new link. Please wait a few minutes and try again.';
