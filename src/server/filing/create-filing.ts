import { and, desc, eq, inArray } from 'drizzle-orm';
import { filings, orders, signingRequests } from '../db';
import { AppError } from '../errors';
import { recordAudit, type AuditActor } from '../audit';
import { siteOrigin } from '../http';
import { changeOrderStatus } from '../orders';
import { findTransition, normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import { activeFilingStatuses, filingMessages, type FilingMethod } from '#shared/filing/filing.ts';
import { makeFilingReference } from './filing-reference';
import { irsFaxNumberOf, onlineFilingRefusalOf, responsiblePartyKeyOf } from './responsible-party';
import type { FilingContext, Tx } from './filing-context';


export type CreateFilingOptions = {
  orderId: number;
  method: FilingMethod;
  actor: AuditActor;
  ipAddress: string | null;
};

async function hasSignedSs4(tx: Tx, orderId: number): Promise<boolean> {
  const [signed] = await tx
    .select({ id: signingRequests.id })
    .from(signingRequests)
    .where(and(eq(signingRequests.orderId, orderId), eq(signingRequests.status, 'signed')))
    .limit(1);
  return Boolean(signed);
}

/**
 * Files the order's signed SS-4 with the IRS. By fax: a filing is queued in the outbox, addressed to the
 * IRS line for the business's location, with the reference its pages will carry and the responsible
 * party's key for the one-a-day rule; right after the commit it is tried at once. Online (staff file on
 * the IRS's website as the designee): the filing is recorded as filed and the order is "Submitted to
 * IRS"; its EIN and letter come later (`recordOnlineResult`). Refused (409) unless the SS-4 is signed,
 * while another filing of the order is under way or answered, and online for an order the IRS's online
 * assistant would not take (no SSN or ITIN, or a business abroad).
 */
export async function createFiling(context: FilingContext, options: CreateFilingOptions): Promise<{ filingId: number }> {
  const { db, cipher, env } = context;
  const { orderId, method, actor, ipAddress } = options;
  const created = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', 'No such order.');
    if (method === 'online') {
      const refusal = onlineFilingRefusalOf(order.formData);
      if (refusal) throw new AppError('conflict', refusal);
    }
    if (!(await hasSignedSs4(tx, orderId))) throw new AppError('conflict', filingMessages.notSigned);
    const [active] = await tx
      .select({ id: filings.id })
      .from(filings)
      .where(and(eq(filings.orderId, orderId), inArray(filings.status, [...activeFilingStatuses])))
      .orderBy(desc(filings.id))
      .limit(1);
    if (active) throw new AppError('conflict', filingMessages.alreadyFiling);

    const now = new Date();
    const fax = method === 'fax' ? irsFaxNumberOf(order.formData) : null;
    const [filing] = await tx
      .insert(filings)
      .values({
        orderId,
        method,
        status: method === 'fax' ? 'queued' : 'filed',
        reference: method === 'fax' ? makeFilingReference() : null,
        toNumber: fax?.number ?? null,
        fromNumber: method === 'fax' ? context.ownFaxNumber : null,
        provider: method === 'fax' ? context.provider.name : null,
        responsiblePartyKey: responsiblePartyKeyOf(order.formData, cipher),
        requestedBy: actor?.id ?? null,
        sentAt: method === 'online' ? now : null,
        deliveredAt: method === 'online' ? now : null,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!filing) throw new Error('The filing was not written');
    await recordAudit(tx, { actor, action: 'filing_created', target: `order:${orderId}`, detail: { filingId: filing.id, method, to: fax?.number ?? null }, ipAddress });

    let emailIds: number[] = [];
    const from = normalizeOrderStatus(order.status);
    if (method === 'online' && from !== 'submitted_to_irs' && findTransition(from, 'submitted_to_irs', 'filing')) {
      const changed = await changeOrderStatus(tx, {
        orderId,
        to: 'submitted_to_irs',
        by: 'filing',
        actor: null,
        changedBy: actor?.id ?? null,
        ipAddress,
        detail: { filingId: filing.id, method },
        env,
        origin: siteOrigin(env),
        now,
      });
      emailIds = changed.emailIds;
    }
    return { filingId: filing.id, emailIds };
  });
  if (created.emailIds.length > 0) await context.outbox.deliver(created.emailIds);
  if (method === 'fax') {
    try {
      await context.faxOutbox.deliver([created.filingId]);
    } catch (error) {
      // The worker tries it again; the filing is queued whatever happened here.
      context.log.error({ err: error, filingId: created.filingId }, 'the first attempt to fax the SS-4 failed');
    }
  }
  return { filingId: created.filingId };
}
