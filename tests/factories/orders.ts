import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { checkouts, orders, type Db } from '#server/db/index.ts';
import type { AppServices } from '#server/services.ts';
import { sealApplication, type FieldCipher } from '#server/encryption/index.ts';
import { createTrackingNumber, insertOrderFromCheckout } from '#server/orders/index.ts';
import { createOrderFromPayment } from '#server/checkout/index.ts';
import { isTestProcessor } from '#server/payments/index.ts';
import { addBusinessDays } from '#shared/dates.ts';
import { orderWorkBusinessDays } from '#shared/delivery-promise.ts';
import type { Application } from '#shared/application/application.ts';
import { sampleApplication, type SampleOverrides } from '#shared/application/sample-application.ts';
import type { OrderPriority } from '#shared/orders/lifecycle.ts';

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
   * As a card purchase leaves the order: paid with the built-in test processor's card and made by
   * the payment path's own `createOrderFromPayment` (the confirmation e-mail with its one-hour
   * cancellation link, the auto-assignment and the assignee's notice, all sent), then given the
   * overrides. Its `database` must be the one `db` belongs to; the payment intent is the processor's.
   */
  asPurchase?: { services: Pick<AppServices, 'database' | 'env' | 'outbox' | 'provider'>; log: FastifyBaseLogger };
};

/** A checkout the built-in test processor has been paid for, as the checkout leaves it. */
export async function insertPaidCheckout(
  tx: Pick<Db, 'insert'>,
  values: { id?: string; trackingNumber: string; formData: unknown; email: string; locale?: string; amountCents: number; currency: string; paymentIntentId: string },
) {
  const [checkout] = await tx
    .insert(checkouts)
    .values({ draftId: randomUUID(), paymentProvider: 'test', status: 'paid', ...values })
    .returning();
  if (!checkout) throw new Error('The checkout was not stored');
  return checkout;
}

/**
 * A paid order and the checkout it came from, the order written by the one insert every order goes
 * through. The application is the sample one (with `application` put over it); anything of the order
 * can be overridden. Without `asPurchase` both rows are written in one transaction and nothing is
 * sent; with it, the order is made as a card payment makes it and the overrides are put over that.
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
  const currency = orderOverrides.currency ?? 'usd';
  // The order's language is the checkout's, as the payment path copies it.
  const paidCheckout = { trackingNumber, formData, email: billingEmail, locale: orderOverrides.locale, amountCents: amount, currency, paymentIntentId };
  if (asPurchase) return purchaseOrder(db, asPurchase, paidCheckout, orderOverrides);

  const { createDate, paymentMethod, priority, status, assignedTo, assignedAt, completedAt, dueDate, ein, notes, ...rest } = orderOverrides;
  return db.transaction(async (tx) => {
    const checkout = await insertPaidCheckout(tx, paidCheckout);
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

/**
 * The card purchase, in the order the checkout and the browser take it: a payment intent from the
 * built-in test processor, the checkout stored with it, the intent paid with the test card that
 * succeeds, then `createOrderFromPayment` with the paid intent (everything it sends already sent),
 * then what the test asked for over the order. The processor keeps the payment, so staff can refund
 * it and the customer can cancel it. Its `payment_intent.succeeded` webhook races this call, as it
 * races the browser's confirmation: whichever comes first makes the order, and this waits for it.
 * `assignedTo` left out keeps the purchase's assignment (a priority fulfiller's, or none).
 */
async function purchaseOrder(
  db: Db,
  { services, log }: NonNullable<PaidOrderOptions['asPurchase']>,
  paidCheckout: Parameters<typeof insertPaidCheckout>[1],
  overrides: PaidOrderOverrides,
): Promise<Order> {
  const { provider } = services;
  if (!isTestProcessor(provider)) throw new Error('A purchase is paid through the built-in test processor');
  const { createDate, dueDate, assignedTo, assignedAt, paymentIntentId, ...rest } = overrides;
  if (paymentIntentId !== undefined) throw new Error('A purchase is paid with an intent of its own: leave paymentIntentId out');
  const checkoutId = randomUUID();
  const created = await provider.createPaymentIntent({
    amountCents: paidCheckout.amountCents,
    currency: paidCheckout.currency,
    description: 'EIN Application Service',
    metadata: { trackingNumber: paidCheckout.trackingNumber, checkoutId },
    idempotencyKey: `checkout:${checkoutId}`,
  });
  const checkout = await insertPaidCheckout(db, { ...paidCheckout, id: checkoutId, paymentIntentId: created.id });
  const paid = await provider.confirmCard({ clientSecret: created.clientSecret, cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' });
  if ('error' in paid) throw new Error(`The test card was refused: ${paid.error.message}`);
  const intent = await provider.retrievePaymentIntent(created.id);
  if (!intent) throw new Error(`Payment intent ${created.id} vanished`);
  const { orderId } = await createOrderFromPayment({ services, intent, checkout, log });
  await provider.settled();

  const assignment = assignedTo === undefined ? {} : { assignedTo, assignedAt: assignedTo ? (assignedAt ?? new Date()) : null };
  // An order paid at another time is due one business day after it, as the payment path would have made it.
  const due = dueDate === undefined && createDate ? { dueDate: addBusinessDays(createDate, orderWorkBusinessDays) } : dueDate === undefined ? {} : { dueDate };
  const [order] = await db
    .update(orders)
    .set({ ...rest, ...assignment, ...due, ...(createDate ? { createDate, updatedAt: createDate } : {}) })
    .where(eq(orders.id, orderId))
    .returning();
  if (!order) throw new Error('The order was not stored');
  return order;
}
