import { and, eq, sql } from 'drizzle-orm';
import { testPaymentRefunds } from '#server/db/index.ts';
import type { TestProcessorContext } from './context';
import type { DisputeRow } from './dispute-rows';
import { chargeIdOf } from './ids';
import type { IntentRow } from './intent-rows';

// The events this processor sends, each object shaped as Stripe sends it.

export async function sendPaymentIntentEvent(
  { webhooks }: TestProcessorContext,
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  row: IntentRow,
): Promise<void> {
  await webhooks.send(type, { id: row.id, object: 'payment_intent', status: row.status, amount: row.amountCents, currency: row.currency, metadata: row.metadata });
}

export async function sendPaymentSucceeded(context: TestProcessorContext, row: IntentRow): Promise<void> {
  await context.afterPaymentSucceeded?.();
  await sendPaymentIntentEvent(context, 'payment_intent.succeeded', row);
}

/** `charge.refunded`: the charge with its refunded total. */
export async function sendChargeRefunded({ db, webhooks }: TestProcessorContext, intent: IntentRow): Promise<void> {
  const [total] = await db
    .select({ cents: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)::int` })
    .from(testPaymentRefunds)
    .where(and(eq(testPaymentRefunds.paymentIntentId, intent.id), eq(testPaymentRefunds.status, 'succeeded')));
  const refunded = total?.cents ?? 0;
  await webhooks.send('charge.refunded', {
    id: chargeIdOf(intent.id),
    object: 'charge',
    payment_intent: intent.id,
    amount: intent.amountCents,
    amount_refunded: refunded,
    refunded: refunded >= intent.amountCents,
    currency: intent.currency,
  });
}

export async function sendDisputeEvent({ webhooks }: TestProcessorContext, type: 'charge.dispute.created' | 'charge.dispute.closed', dispute: DisputeRow): Promise<void> {
  await webhooks.send(type, {
    id: dispute.id,
    object: 'dispute',
    charge: chargeIdOf(dispute.paymentIntentId),
    payment_intent: dispute.paymentIntentId,
    amount: dispute.amountCents,
    reason: dispute.reason,
    status: dispute.status,
  });
}
