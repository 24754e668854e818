import { eq } from 'drizzle-orm';
import { customerDocumentLinks, type Db } from '../db';
import type { FieldCipher } from '../encryption';
import { recordAudit } from '../audit';
import { AppError } from '../errors';
import { customerDocumentKinds, customerDocumentMessages } from '#shared/documents/documents.ts';
import type { CustomerDocumentSource, DocumentLinkRow, DocumentOrderRow } from './document-links';

/**
 * The link's document for the verified browser, with its audit row (by the customer, from their
 * address) and the link's last download time in one transaction. A document erased meanwhile is the
 * link's 410.
 */
export async function downloadDocument(
  { db, cipher }: { db: Db; cipher: FieldCipher },
  source: CustomerDocumentSource,
  { link, order }: { link: DocumentLinkRow; order: DocumentOrderRow },
  ipAddress: string,
  now: Date = new Date(),
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const pdf = await source.read({ db, cipher }, link);
  if (!pdf) throw new AppError('document_link_unavailable', customerDocumentMessages.documentGone);
  await db.transaction(async (tx) => {
    await tx.update(customerDocumentLinks).set({ lastDownloadedAt: now }).where(eq(customerDocumentLinks.id, link.id));
    await recordAudit(tx, { actor: null, action: 'customer_document_downloaded', target: `order:${order.id}`, detail: { kind: link.kind, linkId: link.id }, ipAddress });
  });
  return { pdf, fileName: `${customerDocumentKinds[source.kind].fileName}-${order.applicationId}.pdf` };
}
