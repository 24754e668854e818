import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { user, orders } from '../../../src/server/db';
import { insertPaidCheckout } from '../../factories/orders';
import type { AppServices } from '../../../src/server/services';
import { AppError } from '../../../src/server/errors';
import { parseWith, siteOrigin } from '../../../src/server/http';
import { sealApplication } from '../../../src/server/encryption';
import { applicationSchema } from '../../../src/shared/application/application';
import { sampleApplication, type SampleOverrides } from '../../../src/shared/application/sample-application';
import { addBusinessDays } from '../../../src/shared/dates';
import { createTrackingNumber, insertOrderFromCheckout, autoAssignOrder, queueAssigneeNotice } from '../../../src/server/orders';
import { queueOrderConfirmation } from '../../../src/server/checkout';
import { getStandardPriceCents } from '../../../src/server/settings';
import type { TestOrder, TestOrderResponse } from './test-support-inputs';

export type CreateTestOrderOptions = {
  services: Pick<AppServices, 'database' | 'outbox' | 'env' | 'cipher'>;
  input: TestOrder;
};

/**
 * A paid order as a card purchase leaves it: the checkout row, paid, and the order copied from it,
 * with the application validated by the checkout's own schema and its SSN sealed by the app's cipher
 * (so staff can reveal it), auto-assigned unless `assignedTo` says otherwise, then the customer's
 * confirmation e-mail, queued with the order and sent. Only the payment provider is skipped.
 */
export async function createTestOrder({ services, input }: CreateTestOrderOptions): Promise<TestOrderResponse> {
  const { db } = services.database;
  const application = parseWith(applicationSchema, sampleApplication(input.application as SampleOverrides | undefined));
  const formData = sealApplication(application, services.cipher);
  const billingEmail = input.billingEmail ?? application.contact.emailAddress;
  const amountCents = await getStandardPriceCents(db);
  const paidAt = new Date();
  const dueDate = addBusinessDays(paidAt, 1);

  if (input.assignedTo) {
    const [assignee] = await db.select({ id: user.id }).from(user).where(eq(user.id, input.assignedTo));
    if (!assignee) throw new AppError('validation_failed', 'No such staff account', { assignedTo: ['No such staff account'] });
  }

  const paymentIntentId = `pi_test_${randomUUID().replaceAll('-', '')}`;
  const { order, emailIds } = await db.transaction(async (tx) => {
    const checkout = await insertPaidCheckout(tx, {
      trackingNumber: createTrackingNumber(),
      formData,
      email: billingEmail,
      amountCents,
      currency: 'usd',
      paymentIntentId,
    });
    const orderId = await insertOrderFromCheckout(tx, {
      checkoutId: checkout.id,
      paymentMethod: 'card',
      paidAt,
      dueDate,
      priority: input.priority,
      status: input.status,
      assignedTo: input.assignedTo ?? null,
    });
    if (orderId === null) throw new Error('The order was not stored');
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error('The order was not stored');
    const emailIds = [await queueOrderConfirmation(tx, { env: services.env, order })];
    const assignee = input.assignedTo ? null : await autoAssignOrder(tx, orderId);
    if (assignee?.notificationEnabled) {
      emailIds.push(
        await queueAssigneeNotice(tx, {
          assignee,
          order: { id: orderId, applicationId: order.applicationId, priority: input.priority ?? 'standard', dueDate },
          assignedBy: null,
          origin: siteOrigin(services.env),
        }),
      );
    }
    return { order, emailIds };
  });

  await services.outbox.deliver(emailIds);
  return { orderId: order.id, trackingNumber: order.applicationId };
}
