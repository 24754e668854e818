import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { testPaymentIntents, testPaymentRefunds } from '#server/db/index.ts';
import { AppError } from '#server/errors.ts';
import type { CreateRefundInput, ProviderRefund } from '../provider';
import type { TestProcessorContext } from './context';
import { chargeIdOf, randomBase62 } from './ids';
import { toRefund } from './refund-rows';
import { sendChargeRefunded } from './stripe-events';

/** Refunds part or all of a succeeded payment at once, as test mode does; sends `charge.refunded`. */
export async function createRefund(context: TestProcessorContext, input: CreateRefundInput): Promise<ProviderRefund> {
  const values = { amountCents: input.amountCents, metadata: { ...input.metadata } };
  // The intent's row is locked while the refunds are summed, so two refunds at once cannot both
  // take what remains; a repeated key answers the first refund, as Stripe's idempotency does.
  const outcome = await context.db.transaction(async (tx) => {
    const [intent] = await tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, input.paymentIntentId)).for('update');
    if (!intent) throw new AppError('payment_provider_error', `No such payment_intent: '${input.paymentIntentId}'`);
    const [earlier] = await tx.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.idempotencyKey, input.idempotencyKey));
    if (earlier) {
      if (earlier.paymentIntentId !== intent.id || !isDeepStrictEqual({ amountCents: earlier.amountCents, metadata: earlier.metadata }, values)) {
        throw new AppError('payment_provider_error', `Keys for idempotent requests can only be used with the same parameters they were first used with.`);
      }
      return { refund: earlier, intent, created: false };
    }
    if (intent.status !== 'succeeded') throw new AppError('payment_provider_error', 'This PaymentIntent does not have a successful charge to refund.');
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new AppError('payment_provider_error', 'Invalid positive integer');
    const [total] = await tx
      .select({ cents: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)::int` })
      .from(testPaymentRefunds)
      .where(and(eq(testPaymentRefunds.paymentIntentId, intent.id), inArray(testPaymentRefunds.status, ['pending', 'succeeded'])));
    const remaining = intent.amountCents - (total?.cents ?? 0);
    if (remaining <= 0) throw new AppError('refund_exceeds_payment', `Charge ${chargeIdOf(intent.id)} has already been refunded.`);
    if (input.amountCents > remaining) {
      throw new AppError('refund_exceeds_payment', `Refund amount (${input.amountCents}) is greater than unrefunded amount on charge (${remaining})`);
    }
    const [refund] = await tx
      .insert(testPaymentRefunds)
      .values({ id: `re_${randomBase62()}`, paymentIntentId: intent.id, idempotencyKey: input.idempotencyKey, status: 'succeeded', ...values })
      .returning();
    if (!refund) throw new Error('The test refund was not stored');
    return { refund, intent, created: true };
  });
  if (outcome.created) await sendChargeRefunded(context, outcome.intent);
  return toRefund(outcome.refund);
}
