import type { customerDocumentLinks, Db, orders } from '../db';
import type { FieldCipher } from '../encryption';
import type { CustomerDocumentFact, CustomerDocumentKind } from '#shared/documents/documents.ts';

// Customer document links (decision 037). A link's token is a customer link's (32 random bytes; the
// database keeps its hash). The browser that answers the SSN question gets a cookie
// with the link's session secret, which the download requires.

export type DocumentLinkRow = typeof customerDocumentLinks.$inferSelect;
export type DocumentOrderRow = typeof orders.$inferSelect;

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
