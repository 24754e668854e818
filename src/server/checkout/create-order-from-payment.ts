import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { checkouts, orders } from '../db';
import type { Services } from '../contracts';
import type { PaymentIntent } from '../payments';
import { addBusinessDays } from '#shared/dates.ts';
import type { Checkout } from './get-checkout';
import { queueOrderConfirmation } from './queue-order-confirmation';
import type { DeliveryOutcome } from '../email';
import { insertOrderFromCheckout, autoAssignOrder, queueAssigneeNotice } from '../orders';
import { siteOrigin } from '../http';
import { AppError } from '../errors';
import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';
import { cancellationUrl, createCancellationLink } from '../refunds';
import { orderWorkBusinessDays } from '#shared/delivery-promise.ts';

export type CreateOrderFromPaymentOptions = {
  services: Pick<Services, 'database' | 'outbox' | 'env'>;
  /** The intent as the provider reports it now; it must have succeeded. */
  intent: PaymentIntent;
  /** The checkout the intent belongs to. */
  checkout: Checkout;
  log: FastifyBaseLogger;
};

export type CreatedOrder = {
  orderId: number;
  /** False when the order already existed (another confirmation, webhook or reconciliation made it). */
  created: boolean;
  /** The confirmation e-mail's outcome when this call created the order; null for a repeat. */
  confirmationEmail: DeliveryOutcome | null;
};

/**
 * Turns a succeeded payment into its order, exactly once however many confirmations, webhooks and
 * reconciliations arrive together: the order is copied from the stored checkout (never from what the
 * browser sends after paying) by one `INSERT … SELECT … ON CONFLICT DO NOTHING`, in the same
 * transaction that marks the checkout paid, gives a new order to a priority fulfiller and queues the
 * confirmation e-mail (and the assignee's notice). After the commit they are tried at once; the
 * outbox retries what does not go out.
 */
export async function createOrderFromPayment({ services, intent, checkout, log }: CreateOrderFromPaymentOptions): Promise<CreatedOrder> {
  if (intent.status !== 'succeeded') throw new Error(`Payment intent ${intent.id} has not succeeded`);
  if (checkout.paymentIntentId !== intent.id) throw new Error(`Payment intent ${intent.id} does not belong to checkout ${checkout.id}`);
  if (intent.amountCents !== checkout.amountCents || intent.currency !== checkout.currency) {
    // The money is taken, so the order is made all the same; staff must look at the difference.
    log.error(
      { paymentIntentId: intent.id, checkoutId: checkout.id, checkoutAmountCents: checkout.amountCents, paidAmountCents: intent.amountCents, paidCurrency: intent.currency },
      'paid amount differs from the checkout amount',
    );
  }

  const paidAt = new Date();
  const dueDate = addBusinessDays(paidAt, orderWorkBusinessDays);
  const { db } = services.database;
  // Written on its own, before the order's transaction: should that fail, the alerts see a payment
  // the provider took without its order (decision 065).
  await db.update(checkouts).set({ paymentSucceededAt: paidAt }).where(and(eq(checkouts.id, checkout.id), isNull(checkouts.paymentSucceededAt)));

  const { insertedId, confirmationId, noticeId } = await db.transaction(async (tx) => {
    const insertedId = await insertOrderFromCheckout(tx, { checkoutId: checkout.id, paymentIntentId: intent.id, paymentMethod: intent.paymentMethodType, paidAt, dueDate });
    await tx
      .update(checkouts)
      .set({ status: 'paid', updatedAt: paidAt })
      .where(and(eq(checkouts.id, checkout.id), ne(checkouts.status, 'paid'), isNull(checkouts.purgedAt)));
    // Only the call that made the order assigns it and queues its e-mails; a repeat must do neither.
    if (insertedId === null) return { insertedId, confirmationId: null, noticeId: null };
    const [order] = await tx.select().from(orders).where(eq(orders.id, insertedId));
    if (!order) throw new Error(`Order ${insertedId} vanished after its insert`);
    // The one-hour cancellation link travels only in this e-mail (and on the confirmation page).
    const cancellation = await createCancellationLink(tx, { orderId: insertedId, paidAt });
    const confirmationId = await queueOrderConfirmation(tx, {
      env: services.env,
      order,
      cancellation: { url: cancellationUrl(siteOrigin(services.env), cancellation.token), expiresAt: cancellation.expiresAt },
    });
    const assignee = await autoAssignOrder(tx, insertedId);
    const noticeId = assignee?.notificationEnabled
      ? await queueAssigneeNotice(tx, {
          assignee,
          order: { id: insertedId, applicationId: checkout.trackingNumber, priority: 'standard', dueDate },
          assignedBy: null,
          origin: siteOrigin(services.env),
        })
      : null;
    return { insertedId, confirmationId, noticeId };
  });

  if (insertedId === null) {
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, intent.id));
    if (!order) {
      // The insert refuses a purged checkout. Its intent was canceled before it was purged, so this
      // cannot follow a charge made through this service; staff must see it if the provider says otherwise.
      const [current] = await db.select({ purgedAt: checkouts.purgedAt }).from(checkouts).where(eq(checkouts.id, checkout.id));
      if (current?.purgedAt) {
        log.error({ paymentIntentId: intent.id, checkoutId: checkout.id }, 'a succeeded payment belongs to a purged checkout; no order was made');
        throw new AppError('checkout_expired', checkoutMessages.expired);
      }
      throw new Error(`No order for payment intent ${intent.id} after creating it`);
    }
    return { orderId: order.id, created: false, confirmationEmail: null };
  }
  const outcomes = await services.outbox.deliver([confirmationId, noticeId].filter((id): id is number => id !== null));
  return { orderId: insertedId, created: true, confirmationEmail: outcomes.get(confirmationId!) ?? 'queued' };
}
