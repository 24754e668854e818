import { and, desc, eq, inArray } from 'drizzle-orm';
import { paymentStatuses } from '../../shared/refunds/refunds';
import type { AppServices } from '../services';
import { orders, signingRequests } from '../db';
import { openSigningRequest } from '../signing';
import { siteOrigin } from '../http';
import { trackingStageFor } from '../../shared/orders/lifecycle';

/** One new link per order in this long, however many times it is asked for. */
export const signingLinkResendCooldownMs = 10 * 60 * 1000;

export type ResendSigningLinkOptions = {
  services: Pick<AppServices, 'database' | 'cipher' | 'outbox' | 'env'>;
  trackingNumber: string;
  ipAddress: string | null;
  now?: Date;
};

/**
 * The customer's "e-mail me a new signing link" from tracking. A new link (a new request, which voids
 * the earlier one) goes to the e-mail address on the order, never anywhere the caller names, and only
 * when the paid order awaits the signature, its last link is not locked by wrong answers (staff must
 * issue that one), and no link went out in the last ten minutes. The caller answers the same
 * whatever happened here, so the number reveals nothing more than tracking already shows. The
 * link's address comes from `PUBLIC_URL`, never from the request's Host header, which anyone can set.
 * Answers whether a link was sent.
 */
export async function resendSigningLink({ services, trackingNumber, ipAddress, now = new Date() }: ResendSigningLinkOptions): Promise<boolean> {
  const { db } = services.database;
  const emailId = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.applicationId, trackingNumber), inArray(orders.paymentStatus, [...paymentStatuses])))
      .for('update');
    if (!order || trackingStageFor(order.status) !== 'awaiting_signature') return null;
    const [latest] = await tx
      .select({ status: signingRequests.status, createdAt: signingRequests.createdAt, remindedAt: signingRequests.remindedAt })
      .from(signingRequests)
      .where(eq(signingRequests.orderId, order.id))
      .orderBy(desc(signingRequests.createdAt), desc(signingRequests.id))
      .limit(1);
    if (latest?.status === 'locked' || latest?.status === 'signed') return null;
    const lastSent = Math.max(latest?.createdAt.getTime() ?? 0, latest?.remindedAt?.getTime() ?? 0);
    if (now.getTime() - lastSent < signingLinkResendCooldownMs) return null;
    const opened = await openSigningRequest(tx, {
      cipher: services.cipher,
      env: services.env,
      orderId: order.id,
      actor: null,
      ipAddress,
      origin: siteOrigin(services.env),
      now,
    });
    return opened.emailId;
  });
  if (emailId === null) return false;
  await services.outbox.deliver([emailId]);
  return true;
}
