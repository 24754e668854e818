import { and, desc, eq } from 'drizzle-orm';
import { signingRequests, type Db } from '../db';
import type { FieldCipher } from '../encryption';
import { recordAudit, type AuditActor } from '../audit';
import type { OrderRow } from './requests';
import { openSignedPdf } from './read-signed-ss4';

/**
 * The order's sealed signed SS-4, opened and checked against its stored hash, or null when it has none.
 * The caller audits what it does with it (a staff download, a filing).
 */
export async function readSignedSs4(db: Pick<Db, 'select'>, cipher: FieldCipher, orderId: number): Promise<{ pdf: Buffer; requestId: string } | null> {
  const [row] = await db
    .select({ id: signingRequests.id, signedPdf: signingRequests.signedPdf, signedSha256: signingRequests.signedSha256 })
    .from(signingRequests)
    .where(and(eq(signingRequests.orderId, orderId), eq(signingRequests.status, 'signed')))
    .orderBy(desc(signingRequests.signedAt))
    .limit(1);
  if (!row?.signedPdf) return null;
  return { pdf: Buffer.from(openSignedPdf(cipher, { ...row, signedPdf: row.signedPdf })), requestId: row.id };
}

/** The order's sealed signed SS-4, opened, or null when it has none. Audited as a download. */
export async function downloadSignedSs4(
  db: Db,
  cipher: FieldCipher,
  order: Pick<OrderRow, 'id' | 'applicationId'>,
  actor: AuditActor,
  ipAddress: string | null,
): Promise<{ pdf: Buffer; fileName: string } | null> {
  const signed = await readSignedSs4(db, cipher, order.id);
  if (!signed) return null;
  await recordAudit(db, { actor, action: 'signed_ss4_downloaded', target: `order:${order.id}`, detail: { requestId: signed.requestId }, ipAddress });
  return { pdf: signed.pdf, fileName: `SS-4-${order.applicationId}-signed.pdf` };
}
