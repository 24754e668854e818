import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { orders } from '../db/schema';
import type { Mailer, MailMessage } from './mailer';

export type Order = typeof orders.$inferSelect;

/** The order columns that mark an e-mail as sent. */
type SentStamp = 'confirmationEmailSentAt' | 'einEmailedAt';

export type SendOnceOptions = {
  db: Db;
  mailer: Mailer;
  orderId: number;
  /** Set when the e-mail is claimed; the e-mail is due only while it is empty. */
  stamp: SentStamp;
  /** Any further condition for the e-mail to be due (for example, the order is completed). */
  due?: SQL;
  /** The message for the order as the claim found it. */
  compose: (order: Order) => MailMessage;
  /** Names the e-mail in the log. */
  name: string;
  log: FastifyBaseLogger;
};

/**
 * `sent` by this call; `claimed` when it is not due (sent before, being sent by a concurrent call, or
 * its condition does not hold); `failed` when the mail server refused it.
 */
export type SendOnceOutcome = 'sent' | 'claimed' | 'failed';

/**
 * Sends an order's e-mail once. The claim is one conditional update, so of any number of concurrent
 * callers exactly one sends; a failed send gives the claim back, so the next caller tries again.
 */
export async function sendOnce({ db, mailer, orderId, stamp, due, compose, name, log }: SendOnceOptions): Promise<SendOnceOutcome> {
  const [order] = await db
    .update(orders)
    .set({ [stamp]: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders[stamp]), due))
    .returning();
  if (!order) return 'claimed';

  try {
    await mailer.send(compose(order));
    return 'sent';
  } catch (error) {
    await db.update(orders).set({ [stamp]: null }).where(eq(orders.id, orderId));
    // A mail server's message may quote the address, so only the order id and the error code are logged.
    log.error({ orderId, code: (error as { code?: unknown } | null)?.code }, `${name} e-mail not sent; it will be retried`);
    return 'failed';
  }
}
