import { randomBytes } from 'node:crypto';
import { customerDocumentLinks, type Db } from '../db';
import type { FieldCipher } from '../encryption';
import { customerDocumentLinkDays, customerDocumentPagePath, type CustomerDocumentKind } from '#shared/documents/documents.ts';
import { hashLinkToken } from '../customer-links';
import type { DocumentLinkRow } from './document-links';

export type CreateDocumentLinkOptions = {
  cipher: FieldCipher;
  kind: CustomerDocumentKind;
  orderId: number;
  /** The document within its kind (for a signed SS-4, its signing request's id). */
  documentId: string;
  now?: Date;
};

/**
 * Makes a link to one document of the order, valid for 30 days, inside the caller's transaction (so
 * the link and the e-mail that carries it commit together). Answers the link and the page's path with
 * the token, which exists nowhere else: put it in the e-mail, not in a log.
 */
export async function createDocumentLink(tx: Pick<Db, 'insert'>, options: CreateDocumentLinkOptions): Promise<{ link: DocumentLinkRow; pagePath: string }> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const [link] = await tx
    .insert(customerDocumentLinks)
    .values({
      kind: options.kind,
      orderId: options.orderId,
      documentId: options.documentId,
      tokenHash: hashLinkToken(token),
      sessionSecret: options.cipher.encrypt(randomBytes(32).toString('base64url')),
      createdAt: now,
      expiresAt: new Date(now.getTime() + customerDocumentLinkDays * 24 * 60 * 60 * 1000),
    })
    .returning();
  if (!link) throw new Error('The document link was not stored');
  return { link, pagePath: customerDocumentPagePath(options.kind, token) };
}
