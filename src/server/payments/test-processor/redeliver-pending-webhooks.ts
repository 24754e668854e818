import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { testPaymentWebhooks } from '#server/db/index.ts';
import type { TestProcessorContext } from './context';

/**
 * Delivers again the webhooks still undelivered (the process stopped, or every retry failed), each
 * once per call; answers how many were tried. Each is claimed for a minute while it is tried, so
 * instances sharing the database do not send it twice at once.
 */
export async function redeliverPendingWebhooks({ db, webhooks }: TestProcessorContext): Promise<number> {
  const due = db
    .select({ eventId: testPaymentWebhooks.eventId })
    .from(testPaymentWebhooks)
    .where(
      and(
        isNull(testPaymentWebhooks.deliveredAt),
        lte(testPaymentWebhooks.nextAttemptAt, sql`now()`),
        or(isNull(testPaymentWebhooks.claimedUntil), lt(testPaymentWebhooks.claimedUntil, sql`now()`)),
        // As Stripe, retried for three days.
        gt(testPaymentWebhooks.createdAt, sql`now() - interval '3 days'`),
      ),
    )
    .orderBy(asc(testPaymentWebhooks.createdAt))
    .limit(100)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(testPaymentWebhooks)
    .set({ claimedUntil: sql`now() + interval '1 minute'`, attempts: sql`${testPaymentWebhooks.attempts} + 1` })
    .where(inArray(testPaymentWebhooks.eventId, due))
    .returning();
  for (const row of claimed) {
    // Each event on its own: one whose delivery throws is retried like one refused; the others go on.
    if (await webhooks.attempt(row.payload, row.eventId).catch(() => false)) continue;
    // Stripe's pace, roughly: a minute doubling, at most an hour.
    const delaySeconds = Math.min(60 * 2 ** Math.max(0, row.attempts - 1), 3600);
    await db
      .update(testPaymentWebhooks)
      .set({ claimedUntil: null, nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})` })
      .where(eq(testPaymentWebhooks.eventId, row.eventId));
  }
  return claimed.length;
}
