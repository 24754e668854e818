import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { checkouts, orders } from '../../db/schema';
import type { AppServices } from '../../services';
import type { PaymentIntent } from '../../payments/provider';
import { addBusinessDays } from '../../../shared/dates';
import type { Checkout } from './get-checkout';
import { sendOrderConfirmation, type ConfirmationOutcome } from '../../orders/send-order-confirmation';
import { insertOrderFromCheckout } from '../../orders/insert-order';
import { autoAssignOrder } from '../../orders/auto-assign-order';
import { notifyAssignee } from '../../orders/notify-assignee';
import { siteOrigin } from '../../site-links';

export type CreateOrderFromPaymentOptions = {
  services: Pick<AppServices, 'database' | 'mailer' | 'env'>;
  /** The intent as the provider reports it now; it must have succeeded. */
  intent: PaymentIntent;
  /** The checkout the intent belongs to. */
  checkout: Checkout;
  log: FastifyBaseLogger;
};

export type CreatedOrder = {
  orderId: number;
  /** False when the order already existed (another confirmation or webhook made it). */
  created: boolean;
  confirmationEmail: ConfirmationOutcome;
};

/**
 * Turns a succeeded payment into its order, exactly once however many confirmations and webhooks
 * arrive together: the order is copied from the stored checkout (never from what the browser sends
 * after paying) by one `INSERT … SELECT … ON CONFLICT DO NOTHING`, in the same transaction that marks
 * the checkout paid and that gives a new order to a priority fulfiller. The confirmation e-mail, and
 * the assignee's notification, follow the commit.
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
  const dueDate = addBusinessDays(paidAt, 1);
  const { db } = services.database;

  const { created, assignee } = await db.transaction(async (tx) => {
    const insertedId = await insertOrderFromCheckout(tx, { checkoutId: checkout.id, paymentIntentId: intent.id, paymentMethod: intent.paymentMethodType, paidAt, dueDate });
    await tx
      .update(checkouts)
      .set({ status: 'paid', updatedAt: paidAt })
      .where(and(eq(checkouts.id, checkout.id), ne(checkouts.status, 'paid')));
    // Only the call that made the order assigns it; a repeat must not move it to someone else.
    const assignee = insertedId === null ? null : await autoAssignOrder(tx, insertedId);
    return { created: insertedId !== null, assignee };
  });

  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, intent.id));
  if (!order) throw new Error(`No order for payment intent ${intent.id} after creating it`);
  const confirmationEmail = await sendOrderConfirmation({ services, orderId: order.id, log });
  if (assignee?.notificationEnabled) {
    await notifyAssignee({
      mailer: services.mailer,
      assignee,
      order: { id: order.id, applicationId: checkout.trackingNumber, priority: 'standard', dueDate },
      assignedBy: null,
      origin: siteOrigin(services.env),
      log,
    });
  }
  return { orderId: order.id, created, confirmationEmail };
}
