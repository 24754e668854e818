import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { checkouts, orders } from '../db/schema';
import { sampleApplication, type SampleOverrides } from '../../shared/application/sample-application';
import { createTrackingNumber } from '../modules/checkout/tracking-number';
import { initialOrderStatus } from '../../shared/orders/statuses';

// Rows for tests and the demo seed, written the way the checkout writes them.

export type Order = typeof orders.$inferSelect;

export type PaidOrderOverrides = Partial<Omit<typeof orders.$inferInsert, 'id' | 'checkoutId'>> & {
  /** Answers put over the sample application. */
  application?: SampleOverrides;
};

/**
 * A paid order and the checkout it came from, both in one transaction. The application is the
 * sample one with its SSN replaced by a placeholder ciphertext (no real key is needed to read it
 * back as stored); anything of the order can be overridden.
 */
export async function createPaidOrder(db: Db, overrides: PaidOrderOverrides = {}): Promise<Order> {
  const { application: applicationOverrides, ...orderOverrides } = overrides;
  const application = sampleApplication(applicationOverrides);
  const formData = { ...application, contact: { ...application.contact, rpSSN: 'v1.test' } };
  const trackingNumber = orderOverrides.applicationId ?? createTrackingNumber();
  const paymentIntentId = orderOverrides.paymentIntentId ?? `pi_test_${randomUUID().replaceAll('-', '')}`;
  const billingEmail = orderOverrides.billingEmail ?? application.contact.emailAddress;
  const amount = orderOverrides.amount ?? 14900;

  return db.transaction(async (tx) => {
    const [checkout] = await tx
      .insert(checkouts)
      .values({
        draftId: randomUUID(),
        trackingNumber,
        formData,
        email: billingEmail,
        amountCents: amount,
        currency: 'usd',
        paymentProvider: 'test',
        paymentIntentId,
        status: 'paid',
      })
      .returning();
    if (!checkout) throw new Error('The checkout was not stored');
    const [order] = await tx
      .insert(orders)
      .values({
        billingEmail,
        amount,
        currency: 'usd',
        paymentStatus: 'paid',
        paymentMethod: 'card',
        priority: 'standard',
        status: initialOrderStatus,
        formData,
        ...orderOverrides,
        applicationId: trackingNumber,
        paymentIntentId,
        checkoutId: checkout.id,
      })
      .returning();
    if (!order) throw new Error('The order was not stored');
    return order;
  });
}
