import { and, eq } from 'drizzle-orm';
import { customerDocumentLinks, orders, type Db } from '../db';
import { findLinkByToken } from '../customer-links';
import { customerDocumentMessages, type CustomerDocumentKind } from '#shared/documents/documents.ts';
import { maxSsnAnswerAttempts } from '#shared/ssn-last-four.ts';
import type { DocumentLinkRow, DocumentOrderRow } from './document-links';

/** Why a link cannot be used now, or null when it can. */
export function unusableReason(link: DocumentLinkRow, order: Pick<DocumentOrderRow, 'personalDataErasedAt'>, now: Date): string | null {
  if (link.lockedAt !== null || link.failedAttempts >= maxSsnAnswerAttempts) return customerDocumentMessages.linkLocked;
  if (link.expiresAt.getTime() <= now.getTime()) return customerDocumentMessages.linkExpired;
  if (order.personalDataErasedAt !== null) return customerDocumentMessages.documentGone;
  return null;
}

/** The link of this kind a token names and its order, or the 410 every unusable link gets (no order data in it). */
export function findUsableLink(db: Db, kind: CustomerDocumentKind, token: string, now: Date): Promise<{ link: DocumentLinkRow; order: DocumentOrderRow }> {
  return findLinkByToken({
    token,
    unavailable: { code: 'document_link_unavailable', unknownMessage: customerDocumentMessages.linkUnknown },
    lookup: async (tokenHash) => {
      const [row] = await db
        .select({ link: customerDocumentLinks, order: orders })
        .from(customerDocumentLinks)
        .innerJoin(orders, eq(orders.id, customerDocumentLinks.orderId))
        .where(and(eq(customerDocumentLinks.tokenHash, tokenHash), eq(customerDocumentLinks.kind, kind)));
      return row;
    },
    unusableReason: ({ link, order }) => unusableReason(link, order, now),
  });
}
