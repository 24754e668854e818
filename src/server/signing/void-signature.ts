import { and, desc, eq, inArray } from 'drizzle-orm';
import { filings, orders, signingRequests } from '../db';
import { recordAudit } from '../audit';
import { AppError } from '../errors';
import type { StaffActor } from '../orders';
import { isInStatusGroup, normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import { can } from '#shared/staff/permissions.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { activeFilingStatuses } from '#shared/filing/filing.ts';
import { signingMessages } from '#shared/signing/signing.ts';
import { openSigningRequest } from './open-signing-request';
import { setAsideStatus, type SigningRequestRow, type SigningServices } from './requests';

export type VoidSignatureOptions = SigningServices & {
  orderId: number;
  actor: StaffActor;
  /** Why the customer must sign again, as staff wrote it (`voidSignatureSchema`): the e-mail quotes it. */
  reason: string;
  ipAddress: string | null;
  /** `PUBLIC_URL` or the request's origin, for the new link. */
  origin: string;
  now?: Date;
};

/**
 * "Void the signature and ask again" (decision 048): for answers corrected after the customer signed.
 * In one transaction, with the order locked: the signed request is set aside (its sealed PDF kept for
 * the record, staff-only, no longer the order's signed SS-4, so it can neither be filed nor opened by
 * the customer's links), a new signing request is opened, which moves the order back to "Awaiting User
 * Signature" through the lifecycle and queues the customer's e-mail quoting the reason, and the audit
 * row names both requests and the reason. Refused (409) for a closed order, an order with no
 * signature, and once a filing of the order is held, queued, sent or answered: what the IRS has, or
 * is about to get, was signed with that signature.
 */
export async function voidSignature(options: VoidSignatureOptions): Promise<{ request: SigningRequestRow; emailed: boolean }> {
  const { db, cipher, outbox, env, orderId, actor, reason, ipAddress, origin } = options;
  const now = options.now ?? new Date();
  const { request, emailId } = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', 'Order not found.');
    if (!can(actor, 'signatures:void', order)) throw new AppError('permission_denied', staffMessages.permissionDenied);
    if (isInStatusGroup('closed', normalizeOrderStatus(order.status))) throw new AppError('conflict', signingMessages.voidClosed);
    const [signed] = await tx
      .select()
      .from(signingRequests)
      .where(and(eq(signingRequests.orderId, orderId), eq(signingRequests.status, 'signed')))
      .orderBy(desc(signingRequests.signedAt))
      .limit(1);
    if (!signed?.signedAt) throw new AppError('conflict', signingMessages.noSignatureToVoid);
    const [filing] = await tx
      .select({ id: filings.id })
      .from(filings)
      .where(and(eq(filings.orderId, orderId), inArray(filings.status, [...activeFilingStatuses])))
      .limit(1);
    if (filing) throw new AppError('conflict', signingMessages.voidAfterFiling);

    await tx.update(signingRequests).set({ status: setAsideStatus, voidedAt: now }).where(eq(signingRequests.id, signed.id));
    const opened = await openSigningRequest(tx, { cipher, env, orderId, actor, ipAddress, origin, now, again: { reason, signedAt: signed.signedAt } });
    await recordAudit(tx, {
      actor: { id: actor.id, email: actor.email },
      action: 'signature_voided',
      target: `order:${orderId}`,
      detail: { requestId: signed.id, newRequestId: opened.request.id, reason },
      ipAddress,
    });
    return opened;
  });
  const outcomes = await outbox.deliver([emailId]);
  return { request, emailed: outcomes.get(emailId) === 'sent' };
}
