import { and, eq } from 'drizzle-orm';
import { customerDocumentLinks, orders, type Db } from '../db';
import { sealedSecretMatches, type FieldCipher } from '../encryption';
import { AppError } from '../errors';
import { customerDocumentMessages, type CustomerDocumentKind } from '../../shared/documents/documents';
import { maxSsnAnswerAttempts } from '../../shared/ssn-last-four';
import { hashDocumentToken, isWellFormedDocumentToken, type DocumentLinkRow, type DocumentOrderRow } from './document-links';

/** Why a link cannot be used now, or null when it can. */
export function unusableReason(link: DocumentLinkRow, order: Pick<DocumentOrderRow, 'personalDataErasedAt'>, now: Date): string | null {
  if (link.lockedAt !== null || link.failedAttempts >= maxSsnAnswerAttempts) return customerDocumentMessages.linkLocked;
  if (link.expiresAt.getTime() <= now.getTime()) return customerDocumentMessages.linkExpired;
  if (order.personalDataErasedAt !== null) return customerDocumentMessages.documentGone;
  return null;
}

/** The link of this kind a token names and its order, or the 410 every unusable link gets (no order data in it). */
export async function findUsableLink(db: Db, kind: CustomerDocumentKind, token: string, now: Date): Promise<{ link: DocumentLinkRow; order: DocumentOrderRow }> {
  if (!isWellFormedDocumentToken(token)) throw new AppError('document_link_unavailable', customerDocumentMessages.linkUnknown);
  const [row] = await db
    .select({ link: customerDocumentLinks, order: orders })
    .from(customerDocumentLinks)
    .innerJoin(orders, eq(orders.id, customerDocumentLinks.orderId))
    .where(and(eq(customerDocumentLinks.tokenHash, hashDocumentToken(token)), eq(customerDocumentLinks.kind, kind)));
  if (!row) throw new AppError('document_link_unavailable', customerDocumentMessages.linkUnknown);
  const reason = unusableReason(row.link, row.order, now);
  if (reason) throw new AppError('document_link_unavailable', reason);
  return row;
}

/** Whether this browser answered the link's SSN question (its cookie holds the link's session secret). */
export function isVerifiedBrowser(link: DocumentLinkRow, cipher: FieldCipher, cookieValue: string | undefined): boolean {
  return link.verifiedAt !== null && sealedSecretMatches(cipher, link.sessionSecret, cookieValue);
}
