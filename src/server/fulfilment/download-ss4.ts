import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { recordAudit, type AuditActor } from '../audit';
import type { FieldCipher } from '../encryption';
import { renderOrderSs4 } from '../ss4';
import type { Ss4Designee } from '#shared/ss4/ss4-mapping.ts';
import type { OrderRow } from '../staff';

export type DownloadSs4Options = {
  db: Db;
  cipher: FieldCipher;
  /** The order, the caller having checked the viewer may see it. */
  order: Pick<OrderRow, 'id' | 'applicationId' | 'formData'>;
  designee: Ss4Designee | null;
  actor: AuditActor;
  ipAddress: string | null;
  log: FastifyBaseLogger;
};

/**
 * The order's Form SS-4, filled. The file holds the SSN, so the audit row is written before the
 * file is returned, and the SSN goes nowhere but the file.
 */
export async function downloadSs4({ db, cipher, order, designee, actor, ipAddress, log }: DownloadSs4Options): Promise<{ pdf: Uint8Array; fileName: string }> {
  const { pdf, ssn } = await renderOrderSs4(order.formData, cipher, designee);
  if (ssn.kind === 'unreadable') log.warn({ orderId: order.id }, 'the SSN of the order could not be decrypted; the SS-4 leaves it empty');
  await recordAudit(db, { actor, action: 'ss4_downloaded', target: `order:${order.id}`, detail: { ssn: ssn.kind }, ipAddress });
  return { pdf, fileName: `SS-4-${order.applicationId}.pdf` };
}
