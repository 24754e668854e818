import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { checkouts, orders, type Db } from '../../src/server/db';
import { sampleApplication, type SampleOverrides } from '../../src/shared/application/sample-application';
import { createTrackingNumber, insertOrderFromCheckout } from '../../src/server/orders';
import type { OrderPriority } from '../../src/shared/orders/statuses';

// Rows for tests and the demo seed, written the way the checkout writes them.

export type Order = typeof orders.$inferSelect;

export type PaidOrderOverrides = Partial<Omit<typeof orders.$inferInsert, 'id' | 'checkoutId'>> & {
  /** Answers put over the sample application. */
  application?: SampleOverrides;
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
 * insert every order goes through. The application is the sample one with its SSN replaced by a
 * placeholder ciphertext (no real key is needed to read it back as stored); anything of the order
 * can be overridden.
 */
export async function createPaidOrder(db: Db, overrides: PaidOrderOverrides = {}): Promise<Order> {
  const { application: applicationOverrides, ...orderOverrides } = overrides;
  const application = sampleApplication(applicationOverrides);
  const formData = orderOverrides.formData ?? { ...application, contact: { ...application.contact, rpSSN: 'v1.test' } };
  const trackingNumber = orderOverrides.applicationId ?? createTrackingNumber();
  const paymentIntentId = orderOverrides.paymentIntentId ?? `pi_test_${randomUUID().replaceAll('-', '')}`;
  const billingEmail = orderOverrides.billingEmail ?? application.contact.emailAddress;
  const amount = orderOverrides.amount ?? 14900;
  const { createDate, paymentMethod, priority, status, assignedTo, assignedAt, completedAt, dueDate, ein, notes, ...rest } = orderOverrides;

  return db.transaction(async (tx) => {
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
    return order;
  });
}
