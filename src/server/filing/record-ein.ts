import { eq } from 'drizzle-orm';
import { filings, irsLetters, orders } from '../db';
import { AppError } from '../errors';
import { recordAudit, type AuditActor } from '../audit';
import { siteOrigin } from '../http';
import { changeOrderStatus } from '../orders';
import { createDocumentLink } from '../documents';
import { normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import type { FilingContext, Tx } from './filing-context';

type Order = typeof orders.$inferSelect;

export type RecordEinOptions = {
  /** The order, locked in `tx`. */
  order: Order;
  /** The filing the IRS answered, if known. */
  filingId: number | null;
  /** `XX-XXXXXXX`, with a valid IRS prefix (checked by the caller). */
  ein: string;
  /** The IRS's letter: its fax-back or the uploaded CP 575, already encrypted. */
  letter: { source: 'fax' | 'upload'; document: string; pages: number | null; inboundFaxId?: number };
  actor: AuditActor;
  ipAddress: string | null;
};

/**
 * The IRS's answer applied, in `tx`: the EIN recorded on the order, the letter attached to it, the
 * filing answered, and the order completed through the lifecycle (which queues the customer's EIN
 * e-mail). Refused (409) when the order is already completed or cancelled. Answers the e-mails to
 * deliver after the commit.
 */
export async function recordEin(tx: Tx, context: Pick<FilingContext, 'env' | 'cipher'>, options: RecordEinOptions): Promise<{ emailIds: number[] }> {
  const { order, filingId, ein, letter, actor, ipAddress } = options;
  const { env, cipher } = context;
  const status = normalizeOrderStatus(order.status);
  if (status === 'completed' || status === 'cancelled') throw new AppError('conflict', `This order is ${status} already: its EIN is not changed from here.`);
  const now = new Date();
  const [updated] = await tx
    .update(orders)
    .set({ ein, einEmailedAt: order.ein === ein ? order.einEmailedAt : null, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error(`Order ${order.id} vanished while locked`);
  const [stored] = await tx.insert(irsLetters).values({
    orderId: order.id,
    filingId,
    source: letter.source,
    inboundFaxId: letter.inboundFaxId ?? null,
    document: letter.document,
    pages: letter.pages,
    uploadedBy: letter.source === 'upload' ? (actor?.id ?? null) : null,
    createdAt: now,
  }).returning();
  if (!stored) throw new Error('The IRS letter was not stored');
  // The customer's link to the letter, made with the e-mail that carries it.
  const link = await createDocumentLink(tx, { cipher, kind: 'ein_letter', orderId: order.id, documentId: String(stored.id), now });
  if (filingId !== null) await tx.update(filings).set({ status: 'answered', answeredAt: now, updatedAt: now }).where(eq(filings.id, filingId));
  await recordAudit(tx, { actor, action: 'ein_recorded', target: `order:${order.id}`, detail: { filingId, source: letter.source, inboundFaxId: letter.inboundFaxId ?? null }, ipAddress });
  const changed = await changeOrderStatus(tx, {
    orderId: order.id,
    to: 'completed',
    by: 'filing',
    actor: null,
    changedBy: actor?.id ?? null,
    // Without a staff member, the EIN was read from the IRS's answer and confirmed automatically.
    system: 'fax_reader',
    ipAddress,
    detail: { filingId },
    einLetterPath: link.pagePath,
    env,
    origin: siteOrigin(env),
    now,
  });
  return { emailIds: changed.emailIds };
}
