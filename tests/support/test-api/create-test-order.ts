import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { user } from '#server/db/index.ts';
import type { AppServices } from '#server/services.ts';
import { AppError } from '#server/errors.ts';
import { parseWith } from '#server/http/index.ts';
import { getStandardPriceCents } from '#server/settings/index.ts';
import { applicationSchema } from '#shared/application/application.ts';
import { sampleApplication, type SampleOverrides } from '#shared/application/sample-application.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import type { TestOrder, TestOrderResponse } from './test-support-inputs';

/**
 * A paid order as a card purchase leaves it (`createPaidOrder` with `asPurchase`, through the payment
 * path's `createOrderFromPayment`): the application checked by the checkout's own schema and its SSN
 * sealed with the app's key (so staff can reveal it), the price from the settings, auto-assigned
 * unless `assignedTo` says otherwise, and the customer's confirmation e-mail, with its one-hour
 * cancellation link, sent. The payment is the built-in test processor's, so it can be refunded.
 */
export async function createTestOrder(
  services: Pick<AppServices, 'database' | 'outbox' | 'env' | 'cipher' | 'provider'>,
  input: TestOrder,
  log: FastifyBaseLogger,
): Promise<TestOrderResponse> {
  const { db } = services.database;
  parseWith(applicationSchema, sampleApplication(input.application as SampleOverrides | undefined));
  if (input.assignedTo) {
    const [assignee] = await db.select({ id: user.id }).from(user).where(eq(user.id, input.assignedTo));
    if (!assignee) throw new AppError('validation_failed', 'No such staff account', { assignedTo: ['No such staff account'] });
  }
  const order = await createPaidOrder(db, {
    application: input.application as SampleOverrides | undefined,
    billingEmail: input.billingEmail,
    amount: await getStandardPriceCents(db),
    status: input.status,
    priority: input.priority,
    assignedTo: input.assignedTo,
    cipher: services.cipher,
    asPurchase: { services, log },
  });
  return { orderId: order.id, trackingNumber: order.applicationId };
}
