import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import type { FieldCipher } from '../../security/encryption';
import { formatSsn } from '../../../shared/ss4/ss4-mapping';
import type { RevealSsnResponse } from '../../../shared/staff/orders';
import type { OrderRow } from '../../plugins/order-access';
import { readOrderSsn } from '../../security/order-ssn';

export type RevealSsnOptions = {
  db: Db;
  cipher: FieldCipher;
  /** The order, the caller having checked the viewer may see it. */
  order: Pick<OrderRow, 'id' | 'formData'>;
  actor: AuditActor;
  ipAddress: string | null;
  log: FastifyBaseLogger;
};

/**
 * The SSN in full for the Reveal button. The audit row is written before the answer, so no SSN
 * leaves without a record of who saw it; the SSN itself goes nowhere but the answer.
 */
export async function revealSsn({ db, cipher, order, actor, ipAddress, log }: RevealSsnOptions): Promise<RevealSsnResponse> {
  const ssn = readOrderSsn(order.formData, cipher);
  if (ssn.kind === 'unreadable') log.warn({ orderId: order.id }, 'the SSN of the order could not be decrypted');
  await recordAudit(db, { actor, action: 'ssn_revealed', target: `order:${order.id}`, detail: { result: ssn.kind }, ipAddress });
  return { ssn: ssn.kind === 'readable' ? formatSsn(ssn.plain) : null };
}
