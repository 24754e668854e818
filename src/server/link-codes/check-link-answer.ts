import type { Db } from '../db';
import { taxpayerNumberLastFourMatches, type FieldCipher } from '../encryption';
import { AppError } from '../errors';
import { emailCodeMessages, verificationQuestionOfApplication, type VerificationAnswer } from '#shared/ssn-last-four.ts';
import { checkLinkCode } from './check-link-code';
import type { CodeLink } from './link-codes';

export type CheckLinkAnswerOptions = {
  db: Db;
  cipher: FieldCipher;
  /** The order's stored application: it says which question the link asks. */
  formData: unknown;
  link: Pick<CodeLink, 'id' | 'secret'>;
  answer: VerificationAnswer;
  now: Date;
};

/**
 * The answer to a link's question: the last four digits of the SSN or ITIN, or the e-mailed code for a
 * responsible party with neither. `right` or `wrong` (which the link counts toward its lock); an answer
 * to the other question, or a code not sent, out of date or already used, is refused with its message
 * and counts nothing.
 */
export async function checkLinkAnswer({ db, cipher, formData, link, answer, now }: CheckLinkAnswerOptions): Promise<'right' | 'wrong'> {
  const question = verificationQuestionOfApplication(formData);
  if (question === 'email_code') {
    if (!('code' in answer)) throw new AppError('validation_failed', emailCodeMessages.lastFourNotAsked, { ssnLast4: [emailCodeMessages.lastFourNotAsked] });
    const check = await checkLinkCode(db, link, answer.code, now);
    if (check === 'right' || check === 'wrong') return check;
    const message = check === 'expired' ? emailCodeMessages.expired : check === 'used' ? emailCodeMessages.used : emailCodeMessages.notSent;
    throw new AppError('validation_failed', message, { code: [message] });
  }
  if (!('ssnLast4' in answer)) throw new AppError('validation_failed', emailCodeMessages.notAsked, { code: [emailCodeMessages.notAsked] });
  return taxpayerNumberLastFourMatches(formData, cipher, answer.ssnLast4) ? 'right' : 'wrong';
}
