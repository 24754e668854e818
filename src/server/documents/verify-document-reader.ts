import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { customerDocumentLinks, type Db } from '../db';
import type { FieldCipher } from '../encryption';
import { checkLinkAnswer } from '../link-codes';
import type { LinkAnswerResult } from '../customer-links';
import { AppError } from '../errors';
import { customerDocumentMessages } from '#shared/documents/documents.ts';
import { maxSsnAnswerAttempts, type VerificationAnswer } from '#shared/ssn-last-four.ts';
import type { DocumentLinkRow, DocumentOrderRow } from './document-links';

/**
 * Checks the answer to the link's question (the last four digits of the responsible party's SSN or
 * ITIN, or the code e-mailed to one with neither), as the signing page does (decision 022):
 * a wrong answer counts, atomically, and the fifth locks the link; a right one marks it verified and
 * gives the session secret for this browser's cookie.
 */
export async function verifyDocumentReader(db: Db, cipher: FieldCipher, link: DocumentLinkRow, order: DocumentOrderRow, answer: VerificationAnswer, now: Date): Promise<LinkAnswerResult> {
  const open = and(eq(customerDocumentLinks.id, link.id), isNull(customerDocumentLinks.lockedAt), lt(customerDocumentLinks.failedAttempts, maxSsnAnswerAttempts));
  const codeLink = { id: link.id, secret: cipher.decrypt(link.sessionSecret) };
  if ((await checkLinkAnswer({ db, cipher, formData: order.formData, link: codeLink, answer, now })) === 'right') {
    const [verified] = await db
      .update(customerDocumentLinks)
      .set({ verifiedAt: sql`coalesce(${customerDocumentLinks.verifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(open)
      .returning();
    // Locked meanwhile by wrong answers from elsewhere: the right one comes too late.
    if (!verified) throw new AppError('document_link_unavailable', customerDocumentMessages.linkLocked);
    return { ok: true, sessionSecret: codeLink.secret };
  }
  const [counted] = await db
    .update(customerDocumentLinks)
    .set({
      failedAttempts: sql`${customerDocumentLinks.failedAttempts} + 1`,
      lockedAt: sql`case when ${customerDocumentLinks.failedAttempts} + 1 >= ${maxSsnAnswerAttempts} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(open)
    .returning();
  if (!counted) throw new AppError('document_link_unavailable', customerDocumentMessages.linkLocked);
  const left = maxSsnAnswerAttempts - counted.failedAttempts;
  if (left <= 0) throw new AppError('document_link_unavailable', customerDocumentMessages.linkLocked);
  return { ok: false, attemptsLeft: left };
}
