import { z } from 'zod';
import { rpTaxIdTypeOf } from './application/rp-tax-id-type';

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

const wrongTail = (left: number) => `${left === 1 ? '1 try is left' : `${left} tries are left`} before this link locks.`;

export const ssnLastFourMessages = {
  format: 'Enter the last four digits of the SSN: four numbers.',
  wrong: (left: number) => `Those digits do not match our records. ${wrongTail(left)}`,
} as const;

export const itinLastFourMessages = {
  format: 'Enter the last four digits of the ITIN: four numbers.',
} as const;

export const emailCodeMessages = {
  format: 'Enter the 6-digit code from the e-mail.',
  wrong: (left: number) => `That code does not match the one we sent. ${wrongTail(left)}`,
  notSent: 'Ask for a code first: choose "Send me a code".',
  expired: `This code has expired: codes work for ${emailCodeMinutes} minutes. Send yourself a new one.`,
  used: 'This code has already been used. Send yourself a new one.',
  tooSoon: (seconds: number) => `We have just sent a code. You can ask for another in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`,
  tooMany: 'Too many codes were sent for this link. Write to us and we will help you.',
  notAsked: 'This link asks for the last four digits of the taxpayer number, not for a code.',
  lastFourNotAsked: 'This link asks for the code we e-mail you, not for digits of a taxpayer number.',
} as const;

/** The wording of each question, for the pages and the e-mail that explain it. */
export const verificationQuestionWords = {
  ssn: { label: 'Last four digits of the SSN', prompt: 'the last four digits of the responsible party\u2019s Social Security Number' },
  itin: { label: 'Last four digits of the ITIN', prompt: 'the last four digits of the responsible party\u2019s ITIN (Individual Taxpayer Identification Number)' },
  email_code: { label: 'Code from the e-mail', prompt: 'a 6-digit code that we send to the e-mail address on your order' },
} as const satisfies Record<VerificationQuestion, { label: string; prompt: string }>;

/** What a link asks, as a sentence's object: "To open it, you give …". */
export function verificationQuestionPhrase(question: VerificationQuestion): string {
  if (question === 'ssn') return 'the last four digits of the responsible party\u2019s Social Security Number';
  if (question === 'itin') return 'the last four digits of the responsible party\u2019s ITIN';
  return `a ${emailCodeLength}-digit code that the page e-mails to the address on your order`;
}

export const ssnLastFourSchema = z
  .object({ ssnLast4: z.string().trim().regex(/^\d{4}$/, ssnLastFourMessages.format) })
  .strict();
export type SsnLastFourInput = z.input<typeof ssnLastFourSchema>;

/** The ITIN's last four travel in the same field as the SSN's: only the message differs. */
export const itinLastFourSchema = z
  .object({ ssnLast4: z.string().trim().regex(/^\d{4}$/, itinLastFourMessages.format) })
  .strict();

export const emailCodeSchema = z
  .object({ code: z.string().trim().regex(new RegExp(`^\\d{${emailCodeLength}}$`), emailCodeMessages.format) })
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
