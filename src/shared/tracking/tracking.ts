import { z } from 'zod';
import { deliveryPromise } from '../delivery-promise';
import { m } from '../i18n/messages';
import type { CustomerStatus, TrackingStage } from '../orders/customer-statuses';
import type { VerificationQuestion } from '../ssn-last-four';

// The customer's tracking number, also the order's application id: 12 characters, A-Z and 0-9.
// New numbers are drawn from an alphabet without 0/O and 1/I, which people misread when they copy a
// number from an e-mail; numbers issued before keep working, since any A-Z and 0-9 is looked up.

export const trackingNumberLength = 12;
/** What new numbers are made of: A-Z and 2-9 without I and O (32 characters, 60 bits a number). */
export const trackingNumberAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const trackingNumberExample = 'HFE12W87EQ23';

// Every text below is read when shown (a getter or a function), in the language of the page or of the request.
export const trackingMessages = {
  get length() { return m.tracking_number_length(); },
  get characters() { return m.tracking_number_characters(); },
  get fetchFailed() { return m.tracking_fetch_failed(); },
  get notFound() { return m.tracking_not_found(); },
  get unexpected() { return m.tracking_unexpected(); },
  get rateLimited() { return m.tracking_rate_limited(); },
};

export const trackingNumberSchema = z
  .string()
  .length(trackingNumberLength, { error: () => trackingMessages.length })
  .regex(/^[A-Z0-9]*$/, { error: () => trackingMessages.characters });

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

/**
 * What a customer link asks, said on the tracking page: it follows the responsible party's taxpayer
 * number (decision 046), so an ITIN holder reads "ITIN" and a founder with neither is never told of an SSN.
 */
const linkQuestionStep: Record<VerificationQuestion, () => string> = {
  ssn: m.tracking_question_step_ssn,
  itin: m.tracking_question_step_itin,
  email_code: m.tracking_question_step_email_code,
};
const linkQuestionObject: Record<VerificationQuestion, () => string> = {
  ssn: m.tracking_question_object_ssn,
  itin: m.tracking_question_object_itin,
  email_code: m.tracking_question_object_email_code,
};

/**
 * The next steps of a stage for an order whose links ask `question`: the stage's own texts, with the
 * question the SSN's texts name replaced by the order's own (absent: the SSN's, as before).
 */
export function trackingNextSteps(result: Pick<TrackingResult, 'stage' | 'filedBy' | 'refund' | 'question'>): readonly string[] {
  const question = result.question ?? 'ssn';
  return trackingStageTextOf(result).nextSteps.map((step) =>
    step.replace(linkQuestionStep.ssn(), linkQuestionStep[question]()).replace(linkQuestionObject.ssn(), linkQuestionObject[question]()),
  );
}

/** A stage's texts, each read when shown. */
function stageText(texts: { description: () => string; estimate: () => string | null; nextSteps: () => readonly string[] }): TrackingStageText {
  return {
    get description() { return texts.description(); },
    get estimate() { return texts.estimate(); },
    get nextSteps() { return texts.nextSteps(); },
  };
}

export const trackingStageTexts: Record<TrackingStage, TrackingStageText> = {
  reviewing: stageText({
    description: m.tracking_reviewing_description,
    estimate: m.tracking_estimate_from_payment,
    nextSteps: () => [m.tracking_reviewing_step_check(), m.tracking_reviewing_step_missing(), m.tracking_step_file_and_email()],
  }),
  preparing: stageText({
    description: m.tracking_preparing_description,
    estimate: m.tracking_estimate_from_payment,
    nextSteps: () => [m.tracking_preparing_step_signature(), m.tracking_step_file_and_email()],
  }),
  awaiting_signature: stageText({
    description: m.tracking_awaiting_signature_description,
    estimate: m.tracking_estimate_from_signature,
    nextSteps: () => [
      m.tracking_awaiting_signature_step_open({ question: linkQuestionStep.ssn() }),
      m.tracking_awaiting_signature_step_no_email(),
      m.tracking_awaiting_signature_step_then(),
    ],
  }),
  filing: stageText({
    description: m.tracking_filing_description,
    estimate: m.tracking_estimate_from_signature,
    nextSteps: () => [m.tracking_filing_step_file(), m.tracking_filing_step_email()],
  }),
  with_irs: stageText({
    description: m.tracking_with_irs_description,
    estimate: m.tracking_estimate_with_irs,
    nextSteps: () => [deliveryPromise.irsTurnaround, m.tracking_step_nothing_to_do()],
  }),
  on_hold: stageText({
    description: m.tracking_on_hold_description,
    estimate: m.tracking_estimate_on_hold,
    nextSteps: () => [m.tracking_on_hold_step_read(), m.tracking_on_hold_step_reply()],
  }),
  completed: stageText({
    description: m.tracking_completed_description,
    estimate: () => null,
    nextSteps: () => [
      m.tracking_completed_step_find(),
      m.tracking_completed_step_letter({ question: linkQuestionObject.ssn() }),
      m.tracking_completed_step_keep(),
    ],
  }),
  cancelled: stageText({
    description: m.tracking_cancelled_description,
    estimate: m.tracking_estimate_none,
    nextSteps: () => [m.tracking_cancelled_step_contact()],
  }),
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
export const faxedStageText: TrackingStageText = stageText({
  description: m.tracking_faxed_description,
  estimate: m.tracking_estimate_faxed,
  nextSteps: () => [m.tracking_faxed_step_answer(), m.tracking_step_nothing_to_do()],
});

/** Cancelled after the payment was refunded: nothing left to ask about a refund. */
export const cancelledRefundedStageText: TrackingStageText = stageText({
  description: m.tracking_cancelled_refunded_description,
  estimate: m.tracking_estimate_none,
  nextSteps: () => [m.tracking_cancelled_refunded_step_contact()],
});

/** What the tracking page says of this order: its stage's text, or the fax's or the refunded cancellation's. */
export function trackingStageTextOf(result: Pick<TrackingResult, 'stage' | 'filedBy' | 'refund'>): TrackingStageText {
  if (result.stage === 'with_irs' && result.filedBy === 'fax') return faxedStageText;
  if (result.stage === 'cancelled' && result.refund) return cancelledRefundedStageText;
  return trackingStageTexts[result.stage];
}

/** A tracking number gets one new signing link in this many minutes, whoever asks. */
export const signingLinkResendIntervalMinutes = 10;

/**
 * The texts of `POST /api/track/:number/signing-link`: `sent` is the same answer whatever the order, so
 * it reveals nothing; `heldBack` when a link was already asked for within the interval (nothing was sent
 * now); `nextRequestLead` is followed by when the next link can be asked for, in the reader's zone.
 */
export const signingLinkResendMessages = {
  get sent() { return m.tracking_signing_link_sent(); },
  get heldBack() { return m.tracking_signing_link_held_back({ minutes: signingLinkResendIntervalMinutes }); },
  get nextRequestLead() { return m.tracking_signing_link_next_lead(); },
  get rateLimited() { return m.tracking_signing_link_rate_limited(); },
};

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
