import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orders, refunds, type Db } from '../db';
import type { Services } from '../contracts';
import { recordAudit } from '../audit';
import { lockDuplicatesForRefund, type StaffActor } from '../orders';
import { AppError } from '../errors';
import { hasRefundableBalance, isDisputeOpen, isKeptOrder, refundMessages } from '#shared/refunds/refunds.ts';
import { applyProviderRefunds } from './apply-provider-refunds';
import { summarisePayments, type OrderRow, type RefundRow } from './order-payments';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type RefundOrderOptions = {
  services: Pick<Services, 'database' | 'provider' | 'outbox' | 'env' | 'faults'>;
  orderId: number;
  /** Cents; null refunds all that remains (the customer's cancellation). */
  amountCents: number | null;
  reason: string;
  note: string;
  source: 'staff' | 'customer';
  /** The staff member (audit, `requested_by` and the lifecycle's permission); null for the customer. */
  actor: StaffActor | null;
  ipAddress: string | null;
  log: FastifyBaseLogger;
  /** Runs with the order row locked, before the refund is recorded: the cancellation's own checks. */
  whileLocked?: (tx: Tx, order: OrderRow) => Promise<void>;
  /** Runs in the transaction that records a refused refund: the cancellation gives its link back. */
  onRefused?: (tx: Tx) => Promise<void>;
};

export type RefundOutcome = { refund: RefundRow; order: OrderRow };

/**
 * Gives money back through the payment provider, never more than was paid (decision 026):
 * 1. With the order row locked, the refunds already made or still pending are summed and the new one
 *    is recorded as `pending` in the same transaction, so two admins at once cannot both take what
 *    remains: the second sees the first's pending row.
 * 2. The provider is asked with an idempotency key of the row's own, so a retried call refunds once.
 * 3. Its answer is applied with the order locked again (`applyProviderRefunds`): the refund's state,
 *    the e-mail, and `cancelled` when the payment is refunded in full. The provider's `charge.refunded`
 *    event applies the same answer again harmlessly, and settles a refund whose answer was lost.
 * A refusal marks the row failed (nothing was refunded); a call that got no answer leaves it pending,
 * still counted, until the provider's event says how it ended, or `settlePendingRefunds` does
 * (decision 030).
 */
export async function refundOrder(options: RefundOrderOptions): Promise<RefundOutcome> {
  const { services, orderId, source, actor, ipAddress, log } = options;
  const { db } = services.database;
  const target = `order:${orderId}`;

  const { refund, paymentIntentId } = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', 'Order not found.');
    await options.whileLocked?.(tx, order);
    if (!hasRefundableBalance(order.paymentStatus)) throw new AppError('order_not_refundable', order.paymentStatus === 'refunded' ? refundMessages.fullyRefunded : refundMessages.notPaid);
    if (isDisputeOpen(order.disputeStatus)) throw new AppError('order_not_refundable', refundMessages.disputed);
    const counted = await tx.select({ amountCents: refunds.amountCents, state: refunds.state }).from(refunds).where(eq(refunds.orderId, orderId));
    const { refundableCents } = summarisePayments(order, counted);
    if (refundableCents <= 0) throw new AppError('order_not_refundable', refundMessages.fullyRefunded);
    if (options.reason === 'duplicate_payment') {
      // The order that was kept is never refunded as a duplicate (decision 041).
      const duplicates = await lockDuplicatesForRefund(tx, orderId);
      if (isKeptOrder(duplicates)) throw new AppError('order_not_refundable', refundMessages.keptOrder(duplicates.map((other) => other.applicationId)));
    }
    const amountCents = options.amountCents ?? refundableCents;
    if (amountCents > refundableCents) {
      const message = refundMessages.amountTooLarge(refundableCents);
      throw new AppError('refund_exceeds_payment', message, { amountCents: [message] });
    }
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId,
        amountCents,
        reason: options.reason,
        note: options.note,
        state: 'pending',
        source,
        idempotencyKey: `refund:${randomUUID()}`,
        requestedBy: source === 'staff' ? (actor?.id ?? null) : null,
      })
      .returning();
    if (!row) throw new Error('The refund was not recorded');
    await recordAudit(tx, {
      actor: source === 'staff' ? actor : null,
      action: source === 'staff' ? 'refund_created' : 'order_cancelled_by_customer',
      target,
      detail: { refundId: row.id, amountCents, reason: options.reason },
      ipAddress,
    });
    return { refund: row, paymentIntentId: order.paymentIntentId };
  });

  await services.faults.reach('refund-recorded');
  return submitRefund({ services, refund, orderId, paymentIntentId, actor, ipAddress, log, onRefused: options.onRefused });
}

export type SubmitRefundOptions = Pick<RefundOrderOptions, 'services' | 'orderId' | 'actor' | 'ipAddress' | 'log' | 'onRefused'> & {
  /** The refund recorded as pending, with the key its provider call is made with. */
  refund: RefundRow;
  paymentIntentId: string;
};

/**
 * Steps 2 and 3 of `refundOrder`: asks the provider for a refund recorded as pending, and applies its
 * answer. Also how a refund left pending is made later (`settlePendingRefunds`), with the same key.
 */
export async function submitRefund(options: SubmitRefundOptions): Promise<RefundOutcome> {
  const { services, refund, orderId, paymentIntentId, actor, ipAddress, log } = options;
  const { db } = services.database;
  const target = `order:${orderId}`;
  const source = refund.source;
  let providerRefund;
  try {
    providerRefund = await services.provider.createRefund({
      paymentIntentId,
      amountCents: refund.amountCents,
      metadata: { refundId: String(refund.id), orderId: String(orderId) },
      idempotencyKey: refund.idempotencyKey,
    });
  } catch (error) {
    if (!(error instanceof AppError)) {
      // No answer: the refund may or may not exist at the provider. It stays pending (and counted);
      // the provider's event, or a retry with the same key, settles it.
      log.error({ err: error, orderId, refundId: refund.id }, 'refund call got no answer; left pending');
      throw new AppError('payment_provider_error', refundMessages.providerUnconfirmed);
    }
    await db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
      await tx.update(refunds).set({ state: 'failed', failureMessage: error.message.slice(0, 500), updatedAt: new Date() }).where(eq(refunds.id, refund.id));
      await recordAudit(tx, { actor: source === 'staff' ? actor : null, action: 'refund_failed', target, detail: { refundId: refund.id, amountCents: refund.amountCents, message: error.message.slice(0, 200) }, ipAddress });
      await options.onRefused?.(tx);
    });
    if (error.code === 'refund_exceeds_payment') throw error;
    throw new AppError('payment_provider_error', `${refundMessages.providerFailed} ${error.message}`.slice(0, 500));
  }

  const { emailIds, saved, order } = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new Error(`Order ${orderId} vanished during its refund`);
    const emailIds = await applyProviderRefunds(tx, { order, providerRefunds: [providerRefund], env: services.env, actor, ipAddress });
    const [saved] = await tx.select().from(refunds).where(eq(refunds.id, refund.id));
    const [after] = await tx.select().from(orders).where(eq(orders.id, orderId));
    return { emailIds, saved: saved ?? refund, order: after ?? order };
  });
  await services.outbox.deliver(emailIds);
  return { refund: saved, order };
}
