import { and, eq, isNull } from 'drizzle-orm';
import { orders, refunds, type Db } from '../db';
import type { Env } from '../env';
import type { ProviderRefund } from '../payments';
import { recordAudit } from '../audit';
import { changeOrderStatus, companyNameOf, type StaffActor } from '../orders';
import { enqueueEmail, orderLocale } from '../email';
import { cancellationConfirmationEmail, refundConfirmationEmail } from './refund-emails';
import { siteOrigin, trackingUrl } from '../http';
import { normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import { paymentStatusAfterRefunds, type RefundState } from '#shared/refunds/refunds.ts';
import type { OrderRow, RefundRow } from './order-payments';

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

export type ApplyProviderRefundsOptions = {
  /** The order, read with its row locked (`FOR UPDATE`) in `tx`. */
  order: OrderRow;
  /** Refunds as the provider reports them now. */
  providerRefunds: ProviderRefund[];
  env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'SUPPORT_EMAIL'>;
  /** The staff member whose refund this call records (audit, and the lifecycle's permission); null for the system (a provider event). */
  actor: StaffActor | null;
  ipAddress: string | null;
};

/** The provider's refund state as ours: `requires_action` is still pending, `canceled` failed. */
export function refundStateOf(status: ProviderRefund['status']): RefundState {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/**
 * Brings the order's refund rows in line with what the provider reports, with the order row locked
 * by the caller: a refund of ours (found by its provider id, or by the `refundId` it was created
 * with) takes the provider's state; one made in the dashboard gets a row of its own. Each refund that
 * becomes `succeeded` here queues its e-mail once (the state change is conditional, under the lock);
 * the payment status follows them, and when the refunds reach the amount paid the order moves to
 * `cancelled` through the lifecycle. Safe to
 * call again with the same refunds, or with refunds in any order. Answers the outbox rows queued.
 */
export async function applyProviderRefunds(tx: Tx, { order, providerRefunds, env, actor, ipAddress }: ApplyProviderRefundsOptions): Promise<number[]> {
  const now = new Date();
  const becameSucceeded: RefundRow[] = [];
  const target = `order:${order.id}`;

  for (const providerRefund of providerRefunds) {
    const state = refundStateOf(providerRefund.status);
    const ourId = Number(providerRefund.metadata.refundId);
    const [byProviderId] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, providerRefund.id));
    const [byOurId] =
      byProviderId || !Number.isSafeInteger(ourId)
        ? []
        : await tx.select().from(refunds).where(and(eq(refunds.id, ourId), eq(refunds.orderId, order.id), isNull(refunds.providerRefundId)));
    const existing = byProviderId ?? byOurId;

    if (!existing) {
      // Made in the provider's dashboard: recorded so the order shows it.
      const [inserted] = await tx
        .insert(refunds)
        .values({
          orderId: order.id,
          amountCents: providerRefund.amountCents,
          reason: 'provider_dashboard',
          state,
          source: 'provider',
          providerRefundId: providerRefund.id,
          idempotencyKey: `provider:${providerRefund.id}`,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!inserted) throw new Error(`Refund ${providerRefund.id} was not recorded`);
      await recordAudit(tx, { actor: null, action: 'refund_recorded', target, detail: { refundId: inserted.id, amountCents: inserted.amountCents, providerRefundId: providerRefund.id, state }, ipAddress: null });
      if (state === 'succeeded') becameSucceeded.push(inserted);
      continue;
    }
    if (existing.state === state && existing.providerRefundId === providerRefund.id) continue;
    // A refund once succeeded stays so here; Stripe reports a later reversal as a failure event we do not take.
    if (existing.state === 'succeeded') {
      if (existing.providerRefundId === null) await tx.update(refunds).set({ providerRefundId: providerRefund.id, updatedAt: now }).where(eq(refunds.id, existing.id));
      continue;
    }
    const [updated] = await tx
      .update(refunds)
      .set({ state, providerRefundId: providerRefund.id, updatedAt: now, ...(state === 'failed' ? { failureMessage: 'The payment provider reports the refund as failed.' } : {}) })
      .where(eq(refunds.id, existing.id))
      .returning();
    if (updated && state === 'succeeded') becameSucceeded.push(updated);
    if (updated && state === 'failed') await recordAudit(tx, { actor, action: 'refund_failed', target, detail: { refundId: updated.id, amountCents: updated.amountCents }, ipAddress });
  }

  if (becameSucceeded.length === 0) return [];

  const all = await tx.select({ amountCents: refunds.amountCents, state: refunds.state }).from(refunds).where(eq(refunds.orderId, order.id));
  const totalRefundedCents = all.filter((row) => row.state === 'succeeded').reduce((sum, row) => sum + row.amountCents, 0);
  // The payment status follows the refunds; everything paid back cancels the order.
  await tx.update(orders).set({ paymentStatus: paymentStatusAfterRefunds(order.amount, totalRefundedCents), updatedAt: now }).where(eq(orders.id, order.id));
  const cancels = totalRefundedCents >= order.amount && normalizeOrderStatus(order.status) !== 'cancelled';
  if (cancels) {
    // The refund that completed the amount says who cancelled: the customer, a staff member, or nobody known (the dashboard).
    const last = becameSucceeded[becameSucceeded.length - 1]!;
    await changeOrderStatus(tx, {
      orderId: order.id,
      to: 'cancelled',
      by: 'refund',
      actor: last.source === 'staff' ? actor : null,
      changedBy: last.source === 'staff' ? last.requestedBy : null,
      byCustomer: last.source === 'customer',
      detail: { byRefund: true },
      ipAddress,
      env,
      origin: siteOrigin(env),
      now,
    });
  }

  const companyName = companyNameOf(order.formData);
  const locale = orderLocale(order.locale);
  const link = trackingUrl(siteOrigin(env), order.applicationId, locale);
  const emailIds: number[] = [];
  let runningTotal = totalRefundedCents - becameSucceeded.reduce((sum, row) => sum + row.amountCents, 0);
  for (const refund of becameSucceeded) {
    runningTotal += refund.amountCents;
    const details = {
      trackingNumber: order.applicationId,
      companyName,
      amountCents: refund.amountCents,
      totalRefundedCents: runningTotal,
      paidCents: order.amount,
      orderCancelled: cancels && runningTotal >= order.amount,
      trackingUrl: link,
      supportEmail: env.SUPPORT_EMAIL,
      locale,
    };
    const message =
      refund.source === 'customer'
        ? { kind: 'cancellation_confirmation' as const, ...(await cancellationConfirmationEmail(details)) }
        : { kind: 'refund_confirmation' as const, ...(await refundConfirmationEmail(details)) };
    emailIds.push(await enqueueEmail(tx, { ...message, orderId: order.id, to: order.billingEmail }));
  }
  return emailIds;
}
