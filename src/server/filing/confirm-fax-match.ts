import { and, desc, eq, inArray } from 'drizzle-orm';
import { filings, inboundFaxes, orders } from '../db';
import { AppError } from '../errors';
import { recordAudit } from '../audit';
import type { StaffActor } from '../orders';
import { normalizeEin } from '#shared/ein.ts';
import { can } from '#shared/staff/permissions.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { filingMessages, type MatchFax } from '#shared/filing/filing.ts';
import { findSuggestedOrders } from './find-suggested-orders';
import { recordEin } from './record-ein';
import type { FilingContext } from './filing-context';

export type ConfirmFaxMatchOptions = {
  inboundFaxId: number;
  match: MatchFax;
  actor: StaffActor;
  ipAddress: string | null;
};

/**
 * Staff confirm which order a received fax answers and the EIN on it: the order the reader matched, or
 * one of the orders it may answer (faxed to the IRS in the last ten business days). The EIN is recorded,
 * the fax attached to the order as the IRS's letter, the order completed and the customer e-mailed
 * (`recordEin`). A fulfiller confirms only for their own orders.
 */
export async function confirmFaxMatch(context: FilingContext, options: ConfirmFaxMatchOptions): Promise<void> {
  const { db } = context;
  const { inboundFaxId, match, actor, ipAddress } = options;
  const ein = normalizeEin(match.ein);
  if (!ein) throw new AppError('bad_request', 'This is not an EIN the IRS assigns: check its first two digits.');
  const suggestions = await findSuggestedOrders(context);

  const { emailIds } = await db.transaction(async (tx) => {
    const [fax] = await tx.select().from(inboundFaxes).where(eq(inboundFaxes.id, inboundFaxId)).for('update');
    if (!fax) throw new AppError('not_found', filingMessages.faxNotFound);
    if (fax.status === 'confirmed') throw new AppError('conflict', filingMessages.alreadyConfirmed);
    if (!fax.document) throw new AppError('conflict', 'This fax’s document has been erased.');
    const suggested = suggestions.find((suggestion) => suggestion.orderId === match.orderId);
    if (fax.orderId !== match.orderId && !suggested) throw new AppError('conflict', filingMessages.orderNotSuggested);

    const [order] = await tx.select().from(orders).where(eq(orders.id, match.orderId)).for('update');
    if (!order) throw new AppError('conflict', filingMessages.orderNotSuggested);
    if (!can(actor, 'fax-inbox:match', order)) throw new AppError('permission_denied', staffMessages.permissionDenied);
    const [filing] =
      fax.orderId === match.orderId && fax.filingId !== null
        ? await tx.select().from(filings).where(eq(filings.id, fax.filingId))
        : await tx
            .select()
            .from(filings)
            .where(and(eq(filings.orderId, match.orderId), eq(filings.method, 'fax'), inArray(filings.status, ['sending', 'delivered'])))
            .orderBy(desc(filings.id))
            .limit(1);

    const recorded = await recordEin(tx, context, {
      order,
      filingId: filing?.id ?? null,
      ein,
      letter: { source: 'fax', document: fax.document, pages: fax.pages, inboundFaxId: fax.id },
      actor: { id: actor.id, email: actor.email },
      ipAddress,
    });
    const now = new Date();
    await tx
      .update(inboundFaxes)
      .set({
        status: 'confirmed',
        orderId: order.id,
        filingId: filing?.id ?? null,
        matchMethod: fax.orderId === order.id ? fax.matchMethod : 'staff',
        confirmedBy: actor.id,
        confirmedAt: now,
        claimedUntil: null,
      })
      .where(eq(inboundFaxes.id, fax.id));
    await recordAudit(tx, {
      actor: { id: actor.id, email: actor.email },
      action: 'fax_matched',
      target: `order:${order.id}`,
      detail: { inboundFaxId: fax.id, filingId: filing?.id ?? null, by: 'staff', readEinConfirmed: fax.readEin === ein },
      ipAddress,
    });
    return recorded;
  });
  await context.outbox.deliver(emailIds);
}
