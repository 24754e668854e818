import { testPaymentDisputes } from '#server/db/index.ts';
import type { ProviderDispute } from '../provider';
import type { TestProcessorContext } from './context';
import { toDispute } from './dispute-rows';
import { randomBase62 } from './ids';
import { findIntent } from './intent-rows';
import { sendDisputeEvent } from './stripe-events';

/** Opens a dispute (chargeback) on a succeeded payment, as the bank would; sends `charge.dispute.created`. */
export async function openDispute(context: TestProcessorContext, paymentIntentId: string): Promise<ProviderDispute> {
  const intent = await findIntent(context.db, paymentIntentId);
  if (!intent || intent.status !== 'succeeded') throw new Error(`Payment ${paymentIntentId} has not succeeded; it cannot be disputed`);
  const [dispute] = await context.db
    .insert(testPaymentDisputes)
    .values({ id: `dp_${randomBase62()}`, paymentIntentId, amountCents: intent.amountCents, reason: 'fraudulent', status: 'needs_response' })
    .returning();
  if (!dispute) throw new Error('The test dispute was not stored');
  await sendDisputeEvent(context, 'charge.dispute.created', dispute);
  return toDispute(dispute);
}
