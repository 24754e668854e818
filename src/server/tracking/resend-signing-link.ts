import { and, desc, eq, inArray } from 'drizzle-orm';
import { paymentStatuses } from '#shared/refunds/refunds.ts';
import type { Services } from '../contracts';
import { orders, signingRequests } from '../db';
import { openSigningRequest } from '../signing';
import { countHit, siteOrigin } from '../http';
import { trackingStageFor } from '#shared/orders/lifecycle.ts';
import { signingLinkResendIntervalMinutes } from '#shared/tracking/tracking.ts';

/** One new link per tracking number in this long, however many times, and by whomever, it is asked for. */
export const signingLinkResendCooldownMs = signingLinkResendIntervalMinutes * 60 * 1000;

/** The counter of a tracking number's requests in `rate_limit_hits`. */
export const signingLinkRequestKey = (trackingNumber: string) => `signing-link|${trackingNumber}`;

export type ResendSigningLinkOptions = {
  services: Pick<Services, 'database' | 'cipher' | 'outbox' | 'env'>;
  trackingNumber: string;
  ipAddress: string | null;
  now?: Date;
};

export type ResendSigningLinkResult = {
  /** `requested`: the number's first request in its interval; `held_back`: one came before it. */
  outcome: 'requested' | 'held_back';
  /** When the number's next request counts again. */
  nextRequestAt: Date;
  /** Whether a link went out (never told to the caller). */
  sent: boolean;
};

/**
 * The customer's "e-mail me a new signing link" from tracking. Each tracking number, whether or not an
 * order has it, gets one request in ten minutes (a counter kept in the database, counted before
 * anything is read, so the outcome and the time of the next request depend on the number's requests
 * alone and reveal nothing about the order). A request that counts sends a new link (a new request,
 * which voids the earlier one) to the e-mail address on the order, never anywhere the caller names, when
 * the paid order awaits the signature and its last link is neither signed nor locked by wrong answers
 * (staff must issue that one). The link's address comes from `PUBLIC_URL`, never from the request's
 * Host header, which anyone can set.
 */
export async function resendSigningLink({ services, trackingNumber, ipAddress, now = new Date() }: ResendSigningLinkOptions): Promise<ResendSigningLinkResult> {
  const { db } = services.database;
  const hit = await countHit(db, signingLinkRequestKey(trackingNumber), signingLinkResendCooldownMs);
  const nextRequestAt = new Date(now.getTime() + hit.ttl);
  if (hit.current > 1) return { outcome: 'held_back', nextRequestAt, sent: false };
  const emailId = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.applicationId, trackingNumber), inArray(orders.paymentStatus, [...paymentStatuses])))
      .for('update');
    if (!order || trackingStageFor(order.status) !== 'awaiting_signature') return null;
    const [latest] = await tx
      .select({ status: signingRequests.status })
      .from(signingRequests)
      .where(eq(signingRequests.orderId, order.id))
      .orderBy(desc(signingRequests.createdAt), desc(signingRequests.id))
      .limit(1);
    if (latest?.status === 'locked' || latest?.status === 'signed') return null;
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
  if (emailId === null) return { outcome: 'requested', nextRequestAt, sent: false };
  await services.outbox.deliver([emailId]);
  return { outcome: 'requested', nextRequestAt, sent: true };
}
