import { z } from 'zod';
import { rpTaxIdTypeOf } from './application/rp-tax-id-type';
import type { Locale } from './i18n/locales';
import { m } from './i18n/messages';

// The question a customer answers before a link shows anything of their order. The signing page and
// the customer document page ask it alike, and a link locks after five wrong answers. It follows the
// responsible party's taxpayer number: the last four digits of the SSN, or of the ITIN; a responsible
// party with neither (a foreign person) gets a six-digit code e-mailed to the order's address instead.

/** Wrong answers before a link locks. */
export const maxSsnAnswerAttempts = 5;

/** Which question a link asks: it follows step 3's `rpTaxIdType` (absent reads as "ssn"). */
export type VerificationQuestion = 'ssn' | 'itin' | 'email_code';
export const verificationQuestions = ['ssn', 'itin', 'email_code'] as const satisfies readonly VerificationQuestion[];

export function verificationQuestionOf(contact: { rpTaxIdType?: string }): VerificationQuestion {
  const type = rpTaxIdTypeOf(contact);
  return type === 'none' ? 'email_code' : type;
}

/** The stored application's question; an application without a contact section reads as the SSN's. */
export function verificationQuestionOfApplication(formData: unknown): VerificationQuestion {
  const contact = (formData as { contact?: unknown } | null)?.contact;
  const type = contact !== null && typeof contact === 'object' ? (contact as { rpTaxIdType?: unknown }).rpTaxIdType : undefined;
  return verificationQuestionOf({ rpTaxIdType: typeof type === 'string' ? type : undefined });
}

/** The e-mailed code: six digits, valid ten minutes, used once; a new one replaces the last. */
export const emailCodeLength = 6;
export const emailCodeMinutes = 10;
/** A new code may be asked this long after the last one (the route's own limit per client comes on top). */
export const emailCodeResendSeconds = 60;
/** Codes one link may send in all: enough for a person, too few to flood their mailbox. */
export const maxEmailCodesPerLink = 10;

// The messages speak the current language (the page's, and the server's answer to it): each is read
// when it is shown, so they are getters and the schemas' messages functions.

const wrongTail = (left: number) => m.links_wrong_tail({ left });

export const ssnLastFourMessages = {
  get format() {
    return m.links_ssn_format();
  },
  wrong: (left: number) => m.links_ssn_wrong({ tail: wrongTail(left) }),
} as const;

export const itinLastFourMessages = {
  get format() {
    return m.links_itin_format();
  },
} as const;

export const emailCodeMessages = {
  get format() {
    return m.links_code_format();
  },
  wrong: (left: number) => m.links_code_wrong({ tail: wrongTail(left) }),
  get notSent() {
    return m.links_code_not_sent();
  },
  get expired() {
    return m.links_code_expired({ minutes: emailCodeMinutes });
  },
  get used() {
    return m.links_code_used();
  },
  tooSoon: (seconds: number) => m.links_code_too_soon({ seconds }),
  get tooMany() {
    return m.links_code_too_many();
  },
  get notAsked() {
    return m.links_code_not_asked();
  },
  get lastFourNotAsked() {
    return m.links_last_four_not_asked();
  },
} as const;

/** The wording of each question, for the pages and the e-mail that explain it. */
export const verificationQuestionWords = {
  ssn: {
    get label() {
      return m.links_question_ssn_label();
    },
    get prompt() {
      return m.links_question_ssn_prompt();
    },
  },
  itin: {
    get label() {
      return m.links_question_itin_label();
    },
    get prompt() {
      return m.links_question_itin_prompt();
    },
  },
  email_code: {
    get label() {
      return m.links_question_email_code_label();
    },
    get prompt() {
      return m.links_question_email_code_prompt();
    },
  },
} as const satisfies Record<VerificationQuestion, { label: string; prompt: string }>;

/** What a link asks, as a sentence's object: "To open it, you give …"; in `locale` when given (an e-mail's). */
export function verificationQuestionPhrase(question: VerificationQuestion, locale?: Locale): string {
  const options = locale ? { locale } : {};
  if (question === 'ssn') return m.links_phrase_ssn({}, options);
  if (question === 'itin') return m.links_phrase_itin({}, options);
  return m.links_phrase_email_code({ length: emailCodeLength }, options);
}

export const ssnLastFourSchema = z
  .object({ ssnLast4: z.string().trim().regex(/^\d{4}$/, { error: () => ssnLastFourMessages.format }) })
  .strict();
export type SsnLastFourInput = z.input<typeof ssnLastFourSchema>;

/** The ITIN's last four travel in the same field as the SSN's: only the message differs. */
export const itinLastFourSchema = z
  .object({ ssnLast4: z.string().trim().regex(/^\d{4}$/, { error: () => itinLastFourMessages.format }) })
  .strict();

export const emailCodeSchema = z
  .object({ code: z.string().trim().regex(new RegExp(`^\\d{${emailCodeLength}}$`), { error: () => emailCodeMessages.format }) })
  .strict();
export type EmailCodeInput = z.input<typeof emailCodeSchema>;

/** The answer each question takes: the server parses a body with its link's own. */
export const verificationAnswerSchemas = { ssn: ssnLastFourSchema, itin: itinLastFourSchema, email_code: emailCodeSchema } as const;

/** Every answer a verify route takes, for the API document. */
export const verificationAnswerSchema = z.union([ssnLastFourSchema, emailCodeSchema]);
export type VerificationAnswer = { ssnLast4: string } | { code: string };

/** `POST …/code`: the code went to the order's address, shown masked ("j•••@example.com"). */
export type EmailCodeSentResponse = { sentTo: string; expiresAt: string; resendAfter: string };
export const emailCodeSentResponseSchema = z.strictObject({ sentTo: z.string(), expiresAt: z.string(), resendAfter: z.string() }) satisfies z.ZodType<EmailCodeSentResponse>;

/** An e-mail address with its local part hidden but its first character: enough to recognise, not to harvest. */
export function maskEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '\u2022\u2022\u2022';
  return `${address.slice(0, 1)}\u2022\u2022\u2022${address.slice(at)}`;
}
