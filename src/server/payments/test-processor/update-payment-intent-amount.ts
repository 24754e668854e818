import { and, eq, inArray, sql } from 'drizzle-orm';
import { testPaymentIntents } from '#server/db/index.ts';
import { AppError } from '#server/errors.ts';
import type { PaymentIntent } from '../provider';
import type { TestProcessorContext } from './context';
import { confirmableStatuses, findIntent, toPaymentIntent } from './intent-rows';

/** Only while the intent is unpaid, checked in the update itself so a card confirmed meanwhile wins. */
export async function updatePaymentIntentAmount({ db }: TestProcessorContext, id: string, amountCents: number): Promise<PaymentIntent> {
  const [row] = await db
    .update(testPaymentIntents)
    .set({ amountCents, updatedAt: sql`now()` })
    .where(and(eq(testPaymentIntents.id, id), inArray(testPaymentIntents.status, confirmableStatuses)))
    .returning();
  if (row) return toPaymentIntent(row);
  if (!(await findIntent(db, id))) throw new Error(`No such payment intent: ${id}`);
  throw new AppError('conflict', 'This payment can no longer be changed.');
}
