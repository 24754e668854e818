import { eq } from 'drizzle-orm';
import { testPaymentDisputes } from '#server/db/index.ts';
import type { ProviderDispute } from '../provider';
import type { TestProcessorContext } from './context';
import { toDispute } from './dispute-rows';

export async function retrieveDispute({ db }: TestProcessorContext, id: string): Promise<ProviderDispute | null> {
  const [row] = await db.select().from(testPaymentDisputes).where(eq(testPaymentDisputes.id, id));
  return row ? toDispute(row) : null;
}
