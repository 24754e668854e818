import { and, eq, inArray, sql } from 'drizzle-orm';
import { signingRequests, type Db } from '../db';
import type { FieldCipher } from '../encryption';
import { checkLinkAnswer } from '../link-codes';
import type { LinkAnswerResult } from '../customer-links';
import { AppError } from '../errors';
import { maxVerificationAttempts, signingMessages } from '#shared/signing/signing.ts';
import type { VerificationAnswer } from '#shared/ssn-last-four.ts';
import { openRequestStatuses, type OrderRow, type SigningRequestRow } from './requests';

/**
 * Checks the answer to the link's question: the last four digits of the responsible party's SSN or
 * ITIN, or the code e-mailed to one with neither. A wrong answer counts, atomically, and the fifth
 * locks the request; a right one marks it verified and gives the session secret.
 */
export async function verifySigner(db: Db, cipher: FieldCipher, request: SigningRequestRow, order: OrderRow, answer: VerificationAnswer, now: Date): Promise<LinkAnswerResult> {
  const link = { id: request.id, secret: cipher.decrypt(request.sessionSecret) };
  if ((await checkLinkAnswer({ db, cipher, formData: order.formData, link, answer, now })) === 'right') {
    await db
      .update(signingRequests)
      .set({ status: 'verified', verifiedAt: sql`coalesce(${signingRequests.verifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(signingRequests.id, request.id), inArray(signingRequests.status, [...openRequestStatuses])));
    return { ok: true, sessionSecret: link.secret };
  }
  const [counted] = await db
    .update(signingRequests)
    .set({
      failedAttempts: sql`${signingRequests.failedAttempts} + 1`,
      status: sql`case when ${signingRequests.failedAttempts} + 1 >= ${maxVerificationAttempts} then 'locked' else ${signingRequests.status} end`,
      lockedAt: sql`case when ${signingRequests.failedAttempts} + 1 >= ${maxVerificationAttempts} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(signingRequests.id, request.id), inArray(signingRequests.status, [...openRequestStatuses])))
    .returning();
  if (!counted) throw new AppError('signing_link_unavailable', signingMessages.linkLocked);
  const left = maxVerificationAttempts - counted.failedAttempts;
  if (left <= 0) throw new AppError('signing_link_unavailable', signingMessages.linkLocked);
  return { ok: false, attemptsLeft: left };
}
