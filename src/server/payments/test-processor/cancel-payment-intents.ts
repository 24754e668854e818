import { and, inArray, sql } from 'drizzle-orm';
import { testPaymentIntents } from '#server/db/index.ts';
import type { PaymentIntentStatus } from '../provider';
import type { TestProcessorContext } from './context';
import { cancelableStatuses } from './intent-rows';

export async function cancelPaymentIntents({ db }: TestProcessorContext, ids: readonly string[]): Promise<Map<string, PaymentIntentStatus>> {
  const statuses = new Map<string, PaymentIntentStatus>();
  if (ids.length === 0) return statuses;
  // One conditional update: a card confirmed at the same moment either wins (and stays succeeded)
  // or finds the intent canceled, never both.
  await db
    .update(testPaymentIntents)
    .set({ status: 'canceled', updatedAt: sql`now()` })
    .where(and(inArray(testPaymentIntents.id, [...ids]), inArray(testPaymentIntents.status, cancelableStatuses)));
  const rows = await db.select({ id: testPaymentIntents.id, status: testPaymentIntents.status }).from(testPaymentIntents).where(inArray(testPaymentIntents.id, [...ids]));
  for (const row of rows) statuses.set(row.id, row.status as PaymentIntentStatus);
  return statuses;
}
