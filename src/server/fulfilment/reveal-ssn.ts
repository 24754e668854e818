import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { recordAudit, type AuditActor } from '../audit';
import { readOrderSsn, type FieldCipher } from '../encryption';
import { formatSsn } from '../../shared/ss4/ss4-mapping';
import type { RevealSsnResponse } from '../../shared/fulfilment/orders';
import type { OrderRow } from '../staff';
import type { SsnField } from '../../shared/application/contact';

export type RevealSsnOptions = {
  db: Db;
  cipher: FieldCipher;
  /** The order, the caller having checked the viewer may see it. */
  order: Pick<OrderRow, 'id' | 'formData'>;
  /** Which SSN of the order: the responsible party's, the decedent's or the grantor's. */
  field?: SsnField;
  actor: AuditActor;
  ipAddress: string | null;
  log: FastifyBaseLogger;
};

/**
 * The SSN in full for the Reveal button. The audit row is written before the answer, so no SSN
 * leaves without a record of who saw it; the SSN itself goes nowhere but the answer.
 */
export async function revealSsn({ db, cipher, order, field = 'rpSSN', actor, ipAddress, log }: RevealSsnOptions): Promise<RevealSsnResponse> {
  const ssn = readOrderSsn(order.formData, cipher, field);
  if (ssn.kind === 'unreadable') log.warn({ orderId: order.id, field }, 'an SSN of the order could not be decrypted');
  await recordAudit(db, { actor, action: 'ssn_revealed', target: `order:${order.id}`, detail: { result: ssn.kind, field }, ipAddress });
  return { ssn: ssn.kind === 'readable' ? formatSsn(ssn.plain) : null };
}
