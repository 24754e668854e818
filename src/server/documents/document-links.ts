import { createHash } from 'node:crypto';
import type { customerDocumentLinks, Db, orders } from '../db';
import type { FieldCipher } from '../encryption';
import type { CustomerDocumentFact, CustomerDocumentKind } from '../../shared/documents/documents';

// Customer document links (decision 037). A link's token is 32 random bytes that only the e-mail
// carries; the database keeps its SHA-256. The browser that answers the SSN question gets a cookie
// with the link's session secret, which the download requires.

export type DocumentLinkRow = typeof customerDocumentLinks.$inferSelect;
export type DocumentOrderRow = typeof orders.$inferSelect;

export function hashDocumentToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Tokens are 43 base64url characters; anything else is not looked up at all. */
export function isWellFormedDocumentToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * Where the documents of one kind come from: the module that owns them gives this to the app, which
 * hands it to the document routes. `read` answers the document's bytes, or null when it is gone.
 */
export type CustomerDocumentSource = {
  kind: CustomerDocumentKind;
  read: (services: { db: Db; cipher: FieldCipher }, link: Pick<DocumentLinkRow, 'orderId' | 'documentId'>) => Promise<Uint8Array | null>;
  /** What a verified reader is told on the page beside the document (the EIN beside its letter). */
  facts?: (services: { db: Db; cipher: FieldCipher }, link: Pick<DocumentLinkRow, 'orderId' | 'documentId'>) => Promise<CustomerDocumentFact[]>;
};
