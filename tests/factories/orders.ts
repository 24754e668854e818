import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { checkouts, orders, type Db } from '../../src/server/db';
import type { AppServices } from '../../src/server/services';
import { sealApplication, type FieldCipher } from '../../src/server/encryption';
import { autoAssignOrder, createTrackingNumber, insertOrderFromCheckout, queueAssigneeNotice } from '../../src/server/orders';
import { queueOrderConfirmation } from '../../src/server/checkout';
import { siteOrigin } from '../../src/server/http';
import type { Application } from '../../src/shared/application/application';
import { sampleApplication, type SampleOverrides } from '../../src/shared/application/sample-application';
import type { OrderPriority } from '../../src/shared/orders/lifecycle';

// Paid orders for every kind of test (the server tests, the browser tests' set-up API), written the
// way the checkout writes them; `seed-orders.ts` beside this file makes them in bulk for the seed and
// the bench.

export type Order = typeof orders.$inferSelect;

export type PaidOrderOverrides = Partial<Omit<typeof orders.$inferInsert, 'id' | 'checkoutId'>> & {
  /** Answers put over the sample application. */
  application?: SampleOverrides;
};

export type PaidOrderOptions = PaidOrderOverrides & {
  /**
   * Seals the application's SSNs with the app's own key, so staff can reveal them; without it the
   * SSN is a placeholder ciphertext (no key is needed to read the order back as stored).
   */
  cipher?: FieldCipher;
  /**
   * As a card purchase leaves the order: its confirmation e-mail queued in the same transaction and
   * sent, and the order given to a priority fulfiller unless `assignedTo` is set.
   */
  asPurchase?: Pick<AppServices, 'env' | 'outbox'>;
};

/** A checkout the built-in test processor has been paid for, as the checkout leaves it. */
export async function insertPaidCheckout(
  tx: Pick<Db, 'insert'>,
  values: { trackingNumber: string; formData: unknown; email: string; amountCents: number; currency: string; paymentIntentId: string },
) {
  const [checkout] = await tx
    .insert(checkouts)
    .values({ draftId: randomUUID(), paymentProvider: 'test', status: 'paid', ...values })
    .returning();
  if (!checkout) throw new Error('The checkout was not stored');
  return checkout;
}

/**
 * A paid order and the checkout it came from, both in one transaction, the order written by the one
 * insert every order goes through. The application is the sample one (with `application` put over
 * it); anything of the order can be overridden.
 */
export async function createPaidOrder(db: Db, options: PaidOrderOptions = {}): Promise<Order> {
  const { application: applicationOverrides, cipher, asPurchase, ...orderOverrides } = options;
  const application = sampleApplication(applicationOverrides);
  const formData =
    orderOverrides.formData ?? (cipher ? sealApplication(application as Application, cipher) : { ...application, contact: { ...application.contact, rpSSN: 'v1.test' } });
  const trackingNumber = orderOverrides.applicationId ?? createTrackingNumber();
  const paymentIntentId = orderOverrides.paymentIntentId ?? `pi_test_${randomUUID().replaceAll('-', '')}`;
  const billingEmail = orderOverrides.billingEmail ?? application.contact.emailAddress;
  const amount = orderOverrides.amount ?? 14900;
  const { createDate, paymentMethod, priority, status, assignedTo, assignedAt, completedAt, dueDate, ein, notes, ...rest } = orderOverrides;

  const { order, emailIds } = await db.transaction(async (tx) => {
    const checkout = await insertPaidCheckout(tx, { trackingNumber, formData, email: billingEmail, amountCents: amount, currency: orderOverrides.currency ?? 'usd', paymentIntentId });
    const orderId = await insertOrderFromCheckout(tx, {
      checkoutId: checkout.id,
      paymentMethod: paymentMethod === undefined ? 'card' : paymentMethod,
      paidAt: createDate ?? undefined,
      priority: priority as OrderPriority | undefined,
      status,
      assignedTo,
      assignedAt,
      completedAt,
      dueDate,
      ein,
      notes,
    });
    if (orderId === null) throw new Error('The order was not stored');
    // What the insert does not take (stamps of e-mails sent, another payment status) is set after it.
    const [order] = await tx
      .update(orders)
      .set({ ...rest, applicationId: trackingNumber, paymentIntentId, checkoutId: checkout.id, billingEmail, amount })
      .where(eq(orders.id, orderId))
      .returning();
    if (!order) throw new Error('The order was not stored');
    if (!asPurchase) return { order, emailIds: [] };

    const emailIds = [await queueOrderConfirmation(tx, { env: asPurchase.env, order })];
    const assignee = assignedTo ? null : await autoAssignOrder(tx, orderId);
    if (assignee?.notificationEnabled) {
      emailIds.push(
        await queueAssigneeNotice(tx, {
          assignee,
          order: { id: orderId, applicationId: order.applicationId, priority: order.priority as OrderPriority, dueDate: order.dueDate },
          assignedBy: null,
          origin: siteOrigin(asPurchase.env),
        }),
      );
    }
    return { order: assignee ? { ...order, assignedTo: assignee.id } : order, emailIds };
  });
  if (asPurchase) await asPurchase.outbox.deliver(emailIds);
  return order;
}
