import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { recordAudit, type AuditActor } from '../audit';
import { readOrderSsn, type FieldCipher } from '../encryption';
import { formatSsn } from '#shared/ss4/ss4-mapping.ts';
import type { RevealedNumberKind, RevealSsnResponse } from '#shared/fulfilment/orders.ts';
import type { OrderRow } from '../staff';
import { rpTaxIdTypeOf, type SsnField } from '#shared/application/contact.ts';

export type RevealSsnOptions = {
  db: Db;
  cipher: FieldCipher;
  /** The order, the caller having checked the viewer may see it. */
  order: Pick<OrderRow, 'id' | 'formData'>;
  /** Which number of the order: the responsible party's (SSN or ITIN), the decedent's or the grantor's SSN. */
  field?: SsnField;
  actor: AuditActor;
  ipAddress: string | null;
  log: FastifyBaseLogger;
};

/**
 * Which number a Reveal of `field` opens, and of which kind. The responsible party's number is the
 * one their answers name (`rpTaxIdType`, absent on older orders: an SSN), whether `rpSSN` or
 * `rpItin` was asked for; with neither there is nothing to open.
 */
function numberToReveal(formData: unknown, field: SsnField): { field: SsnField | null; kind: RevealedNumberKind } {
  if (field !== 'rpSSN' && field !== 'rpItin') return { field, kind: 'ssn' };
  const contact = (formData as { contact?: { rpTaxIdType?: unknown } } | null)?.contact;
  const kind = rpTaxIdTypeOf({ rpTaxIdType: typeof contact?.rpTaxIdType === 'string' ? contact.rpTaxIdType : undefined });
  return { field: kind === 'ssn' ? 'rpSSN' : kind === 'itin' ? 'rpItin' : null, kind };
}

/**
 * The number in full for the Reveal button, with its kind ("SSN", "ITIN", "None (foreign)"). The
 * audit row is written before the answer, so no number leaves without a record of who saw it; the
 * number itself goes nowhere but the answer.
 */
export async function revealSsn({ db, cipher, order, field = 'rpSSN', actor, ipAddress, log }: RevealSsnOptions): Promise<RevealSsnResponse> {
  const target = numberToReveal(order.formData, field);
  const number = target.field ? readOrderSsn(order.formData, cipher, target.field) : ({ kind: 'none' } as const);
  if (number.kind === 'unreadable') log.warn({ orderId: order.id, field: target.field }, 'an SSN of the order could not be decrypted');
  // An SSN's row reads as it always did; an ITIN or no number says which.
  const detail = { result: number.kind, field: target.field ?? field, ...(target.kind === 'ssn' ? {} : { taxIdType: target.kind }) };
  await recordAudit(db, { actor, action: 'ssn_revealed', target: `order:${order.id}`, detail, ipAddress });
  return { ssn: number.kind === 'readable' ? formatSsn(number.plain) : null, kind: target.kind };
}
