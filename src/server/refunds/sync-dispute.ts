import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orders, user } from '../db';
import type { Services as PlatformServices } from '../contracts';
import { recordAudit } from '../audit';
import { enqueueEmail } from '../email';
import { disputeAlertEmail } from './refund-emails';
import { manageOrderUrl, siteOrigin } from '../http';
import { changeOrderStatus, companyNameOf } from '../orders';
import { findTransition, normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import { isDisputeOpen } from '#shared/refunds/refunds.ts';

// As with payments, a dispute event only says what to look at: the dispute is read from the
// provider, so events may come late, twice or out of order and the order ends the same.

type Services = Pick<PlatformServices, 'database' | 'provider' | 'outbox' | 'env'>;

/**
 * `charge.dispute.created` / `.updated` / `.closed`: the dispute as the provider has it now. The first
 * time an order learns of a dispute it goes on hold (with a history row) and every admin is e-mailed;
 * a later change of the dispute's state is recorded, and its closing e-mailed. The order stays on hold
 * after a dispute closes: staff decide what comes next.
 */
export async function syncDispute(services: Services, disputeId: string, log: FastifyBaseLogger): Promise<void> {
  const { db } = services.database;
  const dispute = await services.provider.retrieveDispute(disputeId);
  if (!dispute) {
    log.warn({ disputeId }, 'dispute event for a dispute the provider does not know; ignored');
    return;
  }
  const [known] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, dispute.paymentIntentId));
  if (!known) {
    log.warn({ disputeId, paymentIntentId: dispute.paymentIntentId }, 'dispute on a payment without an order; ignored');
    return;
  }

  const emailIds = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, known.id)).for('update');
    if (!order) return [];
    const sameDispute = order.disputeId === dispute.id;
    if (sameDispute && order.disputeStatus === dispute.status) return [];
    // A second dispute on one payment does not happen with cards; an older one's late event is not taken.
    if (order.disputeId !== null && !sameDispute) {
      log.warn({ orderId: order.id, disputeId }, 'event for another dispute than the order records; ignored');
      return [];
    }

    const now = new Date();
    const firstSeen = !sameDispute;
    // A new dispute holds an order being worked (the lifecycle's dispute change); a closed one stays closed.
    const putOnHold = firstSeen && findTransition(normalizeOrderStatus(order.status), 'on_hold', 'dispute') !== null;
    await tx
      .update(orders)
      .set({ disputeId: dispute.id, disputeStatus: dispute.status, disputedAt: order.disputedAt ?? now, updatedAt: now })
      .where(eq(orders.id, order.id));
    const target = `order:${order.id}`;
    if (putOnHold) {
      await changeOrderStatus(tx, { orderId: order.id, to: 'on_hold', by: 'dispute', actor: null, detail: { byDispute: dispute.id }, ipAddress: null, env: services.env, origin: siteOrigin(services.env), now });
    }
    await recordAudit(tx, {
      actor: null,
      action: firstSeen ? 'dispute_opened' : 'dispute_updated',
      target,
      detail: { disputeId: dispute.id, status: dispute.status, amountCents: dispute.amountCents, reason: dispute.reason },
    });

    // Admins hear of a new dispute and of its end; the steps between are on the order page.
    const closedNow = !isDisputeOpen(dispute.status) && (firstSeen || isDisputeOpen(order.disputeStatus));
    if (!firstSeen && !closedNow) return [];
    const admins = await tx
      .select({ name: user.name, email: user.email })
      .from(user)
      .where(and(eq(user.role, 'admin'), eq(user.banned, false)));
    const orderUrl = manageOrderUrl(siteOrigin(services.env), order.id);
    const ids: number[] = [];
    for (const admin of admins) {
      ids.push(
        await enqueueEmail(tx, {
          kind: 'dispute_alert',
          orderId: order.id,
          to: admin.email,
          ...disputeAlertEmail({
            adminName: admin.name,
            trackingNumber: order.applicationId,
            companyName: companyNameOf(order.formData),
            amountCents: dispute.amountCents,
            disputeId: dispute.id,
            status: dispute.status,
            reason: dispute.reason,
            putOnHold,
            orderUrl,
          }),
        }),
      );
    }
    return ids;
  });
  await services.outbox.deliver(emailIds);
}
