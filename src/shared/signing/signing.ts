import { z } from 'zod';
import { maxSsnAnswerAttempts, ssnLastFourMessages, ssnLastFourSchema, type VerificationQuestion } from '../ssn-last-four';
import { irsFormOfName } from '../application/irs-name-suggestions';
import { printedText, refuseUnstorableText, writtenText } from '../storable-text';
import { m } from '../i18n/messages';

// The customer's electronic signature of Form SS-4 (decision 022): the rules of a signing request,
// the consent texts with their versions, the signing page's API shapes and messages. The server
// applies every rule here as well as the browser.

/** Where the signing page lives; the e-mail's link is this plus the token. */
export const signingPathPrefix = '/sign/';

export function signingPagePath(token: string): string {
  return `${signingPathPrefix}${token}`;
}

/** The tracking page's line while the order waits for the customer's signature. */
export const signatureActionNeeded = 'Action needed: sign your SS-4; we sent the link to your e-mail.';

/** Wrong answers to the SSN question before the request locks. */
export const maxVerificationAttempts = maxSsnAnswerAttempts;
/** A reminder goes out once, this long after the request, if it is still unsigned. */
export const signingReminderAfterHours = 48;
/** The default lifetime of a link, in days (`SIGNING_LINK_DAYS`). */
export const defaultSigningLinkDays = 7;
/** A drawn signature, as a PNG data URL, at most this many characters (about 90 kB of image). */
export const maxSignatureImageLength = 120_000;

/**
 * What the signer agrees to, each text kept with its version: the certificate page prints both, so
 * a later change of wording never rewrites what an earlier signer saw. These are the English texts the
 * versions name; the signing page shows each in the page's language (the `signing_consent_*`
 * messages), and a version covers its translations, which say the same.
 */
export const signingConsents = {
  electronic: {
    version: 'esign-2026-11-1',
    label: 'I agree to sign electronically',
    text: 'I agree to sign this Form SS-4 electronically. My electronic signature has the same effect as my handwritten signature, and I may ask for a paper copy by writing to support.',
  },
  perjury: {
    version: 'ss4-declaration-2023-12',
    label: 'I make the form\u2019s declaration',
    text: 'Under penalties of perjury, I declare that I have examined this application, and to the best of my knowledge and belief, it is true, correct, and complete.',
  },
  designee: {
    version: 'ss4-designee-2026-11-26',
    label: 'I authorize the third-party designee',
    // The IRS's online application asks a third-party designee to hold the applicant's authorization to
    // apply for it, as well as to receive the EIN: one statement covers filing by fax and online.
    text: 'I authorize the individual named in the Third Party Designee section to apply for the entity\u2019s employer identification number (EIN) on its behalf, by fax or on the IRS\u2019s website, to receive the EIN, and to answer questions about the completion of this form.',
  },
} as const;
export type SigningConsentKey = keyof typeof signingConsents;
export const signingConsentKeys = Object.keys(signingConsents) as SigningConsentKey[];

/**
 * The name the signer typed as the IRS receives it (irs-names.ts), one space between words:
 * "  José Luis   Muñoz-García " signs as "Jose Luis Munoz-Garcia", the spelling of line 7a.
 */
export function signedName(typed: string): string {
  return irsFormOfName(typed.trim().replace(/\s+/g, ' '), 'person');
}

/** As the IRS receives it, in lower case: "  jOHN   q public " and "John Q Public" are the same name, and "José" is "Jose". */
export function normalizePersonName(name: string): string {
  return signedName(name).toLowerCase();
}

/** Whether the typed name is the responsible party's as the IRS receives both, ignoring case and extra spaces. */
export function namesMatch(typed: string, expected: string): boolean {
  const normalized = normalizePersonName(expected);
  return normalized !== '' && normalizePersonName(typed) === normalized;
}

/**
 * The signing routes' messages: the signer's speak the page's language (getters, read when shown);
 * staff's stay English.
 */
export const signingMessages = {
  get linkUnknown() {
    return m.signing_link_unknown();
  },
  get linkExpired() {
    return m.signing_link_expired();
  },
  get linkUsed() {
    return m.signing_link_used();
  },
  get linkVoided() {
    return m.signing_link_voided();
  },
  get linkLocked() {
    return m.signing_link_locked();
  },
  get linkSetAside() {
    return m.signing_link_set_aside();
  },
  get notVerified() {
    return m.signing_not_verified();
  },
  get nameRequired() {
    return m.signing_name_required();
  },
  get nameMismatch() {
    return m.signing_name_mismatch();
  },
  get titleRequired() {
    return m.signing_title_required();
  },
  get tooLong() {
    return m.signing_too_long();
  },
  get consentRequired() {
    return m.signing_consent_required();
  },
  get signatureImage() {
    return m.signing_signature_image();
  },
  get alreadySigned() {
    return m.signing_already_signed();
  },
  get notSignedYet() {
    return m.signing_not_signed_yet();
  },
  get copyGone() {
    return m.signing_copy_gone();
  },
  get ssnFormat() {
    return ssnLastFourMessages.format;
  },
  ssnWrong: ssnLastFourMessages.wrong,
  orderClosed: 'A signature cannot be requested for a completed or cancelled order.',
  orderSigned:
    'The customer has signed this SS-4, so a new signing link is not sent: it would set their signature aside. If they must sign again (answers corrected after signing), use \u201cVoid the signature and ask again\u201d.',
  noSignatureToVoid: 'This order has no signature to void.',
  voidClosed: 'The signature of a completed or cancelled order cannot be voided.',
  voidAfterFiling:
    'The signed SS-4 is filed with the IRS or on its way there (a filing is held, queued, sent or answered), so its signature can no longer be voided.',
  voidReasonRequired: 'Say why the customer must sign again: the e-mail to them quotes it.',
  voidReasonTooShort: 'Say why in a few words (at least 10 characters): the customer reads it.',
  voidReasonTooLong: 'Keep the reason under 500 characters.',
  noEmail: 'The order has no e-mail address to send the link to.',
} as const;

/** `POST /api/sign/:token/verify`: the SSN question every customer link asks. */
export const verifySigningSchema = ssnLastFourSchema;
export type VerifySigningInput = z.input<typeof verifySigningSchema>;

const consentField = <K extends SigningConsentKey>(key: K) =>
  z.literal(signingConsents[key].version, { error: () => signingMessages.consentRequired });

export const signSubmissionSchema = refuseUnstorableText(
z
  .object({
    // Printed on the form's signature line (decision 055).
    name: printedText(z.string().trim().min(1, { error: () => signingMessages.nameRequired }).max(120, { error: () => signingMessages.tooLong })),
    title: printedText(z.string().trim().min(1, { error: () => signingMessages.titleRequired }).max(80, { error: () => signingMessages.tooLong })),
    signature: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('typed') }).strict(),
      z
        .object({
          kind: z.literal('drawn'),
          image: z
            .string()
            .max(maxSignatureImageLength, { error: () => signingMessages.signatureImage })
            .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: () => signingMessages.signatureImage }),
        })
        .strict(),
    ]),
    consents: z
      .object({ electronic: consentField('electronic'), perjury: consentField('perjury'), designee: consentField('designee') })
      .strict(),
  })
  .strict(),
);
export type SignSubmission = z.input<typeof signSubmissionSchema>;

/** The longest reason staff may give for voiding a signature. */
export const maxVoidReasonLength = 500;

/**
 * `POST /api/manage/orders/:id/signature/void`: why the customer must sign again, written for them
 * (their e-mail quotes it as written).
 */
export const voidSignatureSchema = refuseUnstorableText(
  z.strictObject({
    reason: writtenText(
      z
        .string({ error: signingMessages.voidReasonRequired })
        .trim()
        .min(1, signingMessages.voidReasonRequired)
        .min(10, signingMessages.voidReasonTooShort)
        .max(maxVoidReasonLength, signingMessages.voidReasonTooLong),
    ),
  }),
);
export type VoidSignatureInput = z.input<typeof voidSignatureSchema>;

/** One line of the form as the signer reviews it, the SSN masked. */
export type SigningReviewLine = { line: string; label: string; value: string };

/**
 * `GET /api/sign/:token`: before verification, nothing personal but which question the link asks
 * (the last four of the SSN or of the ITIN, or an e-mailed code).
 */
export type SigningStartResponse = { state: 'verify' | 'verified'; expiresAt: string; question: VerificationQuestion };

/** `POST /api/sign/:token/verify` and `GET /api/sign/:token/review`. */
export type SigningReviewResponse = {
  lines: SigningReviewLine[];
  /** The name the signer must type (line 7a), and their title from the application. */
  signerName: string;
  signerTitle: string;
  designeeName: string | null;
  expiresAt: string;
  /** What the link asked, which follows the responsible party's taxpayer number: the page names that number (or none). */
  question: VerificationQuestion;
};

/** `POST /api/sign/:token/sign`. The signer's copy is then at `signedCopyPath` in this browser. */
export type SignedResponse = { signedAt: string; trackingNumber: string };

/** `GET /api/sign/:token/signed.pdf`: the sealed signed SS-4, for the browser that signed it. */
export function signedCopyPath(token: string): string {
  return `/api/sign/${encodeURIComponent(token)}/signed.pdf`;
}

/** The signing state the staff order page shows. */
export type SigningState =
  | { state: 'not_requested' }
  | {
      state: 'sent' | 'reminded' | 'verified' | 'signed' | 'expired' | 'locked';
      requestId: string;
      sentAt: string;
      expiresAt: string;
      remindedAt: string | null;
      verifiedAt: string | null;
      signedAt: string | null;
      signerName: string | null;
    };

export type SignatureRequestResponse = { signing: SigningState };
