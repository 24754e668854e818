import { eq } from 'drizzle-orm';
import { checkouts, type Db } from '../db';

export type Checkout = typeof checkouts.$inferSelect;

/** The checkout of one browser draft, or null. */
export async function getCheckoutByDraftId(db: Db, draftId: string): Promise<Checkout | null> {
  const [checkout] = await db.select().from(checkouts).where(eq(checkouts.draftId, draftId));
  return checkout ?? null;
}

/** The checkout a payment intent was created for, or null when it is not one of ours. */
export async function getCheckoutByPaymentIntentId(db: Db, paymentIntentId: string): Promise<Checkout | null> {
  const [checkout] = await db.select().from(checkouts).where(eq(checkouts.paymentIntentId, paymentIntentId));
  return checkout ?? null;
}
