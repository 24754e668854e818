import { asc, eq } from 'drizzle-orm';
import { testPaymentRefunds } from '#server/db/index.ts';
import type { ProviderRefund } from '../provider';
import type { TestProcessorContext } from './context';
import { toRefund } from './refund-rows';

export async function listRefunds({ db }: TestProcessorContext, paymentIntentId: string): Promise<ProviderRefund[]> {
  const rows = await db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.paymentIntentId, paymentIntentId)).orderBy(asc(testPaymentRefunds.createdAt));
  return rows.map(toRefund);
}
