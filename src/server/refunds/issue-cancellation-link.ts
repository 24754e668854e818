import { eq } from 'drizzle-orm';
import { orders, type Db } from '../db';
import { cancellationWindowMinutes } from '#shared/refunds/refunds.ts';
import { whyCancellationClosed } from './cancellation-view';
import { createCancellationLink } from './create-cancellation-link';

/**
 * A new link for an order still inside its window (the confirmation page's), or null when the order
 * can no longer be cancelled online.
 */
export async function issueCancellationLink(db: Db, orderId: number, now = new Date()): Promise<string | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const expiresAt = new Date(order.createDate.getTime() + cancellationWindowMinutes * 60_000);
  if ((await whyCancellationClosed(db, order, expiresAt, now)) !== null) return null;
  const { token } = await createCancellationLink(db, { orderId, paidAt: order.createDate });
  return token;
}
