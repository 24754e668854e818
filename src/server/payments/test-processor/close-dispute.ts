import { and, eq, inArray, sql } from 'drizzle-orm';
import { testPaymentDisputes } from '#server/db/index.ts';
import type { ProviderDispute } from '../provider';
import type { TestProcessorContext } from './context';
import { toDispute } from './dispute-rows';
import { sendDisputeEvent } from './stripe-events';

/** Closes an open dispute as won or lost; sends `charge.dispute.closed`. */
export async function closeDispute(context: TestProcessorContext, disputeId: string, outcome: 'won' | 'lost'): Promise<ProviderDispute> {
  const [row] = await context.db
    .update(testPaymentDisputes)
    .set({ status: outcome, updatedAt: sql`now()` })
    .where(and(eq(testPaymentDisputes.id, disputeId), inArray(testPaymentDisputes.status, ['needs_response', 'under_review', 'warning_needs_response'])))
    .returning();
  if (!row) throw new Error(`Dispute ${disputeId} is not open`);
  await sendDisputeEvent(context, 'charge.dispute.closed', row);
  return toDispute(row);
}
