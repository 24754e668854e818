import { asc, eq } from 'drizzle-orm';
import { emailOutbox, type Db } from '../db';
import type { OrderEmail } from '#shared/fulfilment/orders.ts';

/** The order's messages, oldest first, as the order page shows them. */
export async function findOrderEmails(db: Db, orderId: number): Promise<OrderEmail[]> {
  const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(asc(emailOutbox.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status as OrderEmail['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
