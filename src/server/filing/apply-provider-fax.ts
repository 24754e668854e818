import { and, eq, inArray, or } from 'drizzle-orm';
import { filings, orders } from '../db';
import { recordAudit } from '../audit';
import { siteOrigin } from '../http';
import { changeOrderStatus } from '../orders';
import { describeFailureReason, isRetryableFailure, type ProviderFax } from '../fax';
import { findTransition, normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import type { FilingContext, Tx } from './filing-context';

/** Attempts before a fax is given up (`failed`); staff see why on the order page. */
export const maxFaxAttempts = 6;

/** The pause before attempt n + 1 after n failed: 2 minutes doubling, at most an hour. */
export function faxRetryDelaySeconds(attempts: number): number {
  return Math.min(120 * 2 ** Math.max(0, attempts - 1), 3600);
}

type FilingRow = typeof filings.$inferSelect;

/**
 * An attempt that did not go through, in `tx` with the filing locked: tried again later while the
 * failure may pass (a busy line, no answer, the provider unreachable) and attempts are left, else
 * given up (`failed`) with the reason staff read on the order. The attempt's key and fax id are cleared,
 * so the next attempt is a new fax; unless the attempt may have reached the provider (`keepAttempt`:
 * its answer was lost), when the key stays and the next try asks the provider for it first.
 */
export async function failFaxAttempt(
  tx: Tx,
  filing: FilingRow,
  failure: { reason: string; retryable: boolean; keepAttempt?: boolean },
  now = new Date(),
): Promise<'retry' | 'failed'> {
  const givenUp = !failure.retryable || filing.attempts >= maxFaxAttempts;
  await tx
    .update(filings)
    .set({
      status: givenUp ? 'failed' : 'queued',
      failureReason: failure.reason,
      claimedUntil: null,
      ...(failure.keepAttempt && !givenUp ? {} : { attemptKey: null }),
      providerFaxId: null,
      nextAttemptAt: givenUp ? filing.nextAttemptAt : new Date(now.getTime() + faxRetryDelaySeconds(filing.attempts) * 1000),
      updatedAt: now,
    })
    .where(eq(filings.id, filing.id));
  await recordAudit(tx, {
    actor: null,
    action: 'fax_failed',
    target: `order:${filing.orderId}`,
    detail: { filingId: filing.id, attempt: filing.attempts, reason: failure.reason.slice(0, 200), retried: !givenUp, providerFaxId: filing.providerFaxId },
  });
  return givenUp ? 'failed' : 'retry';
}

/**
 * Applies what the provider says of an outbound fax, read from the provider itself (never from the
 * event that announced it): delivered, the filing is delivered and its order "Submitted to IRS";
 * failed, the attempt is retried or given up. The filing is found by the fax's id, or by the attempt's
 * key the fax carries (its report may come before the sender wrote the id down). Applied once: a
 * filing already past `sending` is left as it is.
 */
export async function applyProviderFax(context: Pick<FilingContext, 'db' | 'env' | 'log'>, fax: ProviderFax): Promise<void> {
  if (fax.direction !== 'outbound' || (fax.status !== 'delivered' && fax.status !== 'failed')) return;
  const { db, env, log } = context;
  await db.transaction(async (tx) => {
    const [filing] = await tx
      .select()
      .from(filings)
      .where(
        and(
          eq(filings.method, 'fax'),
          inArray(filings.status, ['queued', 'sending']),
          fax.clientState ? or(eq(filings.providerFaxId, fax.id), eq(filings.attemptKey, fax.clientState)) : eq(filings.providerFaxId, fax.id),
        ),
      )
      .for('update');
    if (!filing) return;
    const now = new Date();
    if (fax.status === 'failed') {
      const reason = describeFailureReason(fax.failureReason) ?? 'the fax failed';
      const outcome = await failFaxAttempt(tx, { ...filing, providerFaxId: fax.id }, { reason, retryable: isRetryableFailure(fax.failureReason) }, now);
      log.warn({ filingId: filing.id, orderId: filing.orderId, attempts: filing.attempts, reason: fax.failureReason }, outcome === 'failed' ? 'fax to the IRS given up' : 'fax to the IRS failed; it will be retried');
      return;
    }
    await tx
      .update(filings)
      .set({ status: 'delivered', providerFaxId: fax.id, pages: fax.pages ?? filing.pages, deliveredAt: now, failureReason: null, claimedUntil: null, updatedAt: now })
      .where(eq(filings.id, filing.id));
    const [order] = await tx.select().from(orders).where(eq(orders.id, filing.orderId)).for('update');
    const from = order ? normalizeOrderStatus(order.status) : null;
    // The order moves on unless staff already moved it there, or past it (completed, cancelled, on hold).
    if (order && from !== 'submitted_to_irs' && findTransition(from!, 'submitted_to_irs', 'filing') && from !== 'on_hold') {
      await changeOrderStatus(tx, { orderId: order.id, to: 'submitted_to_irs', by: 'filing', actor: null, system: 'fax_outbox', ipAddress: null, detail: { filingId: filing.id }, env, origin: siteOrigin(env), now });
    }
    log.info({ filingId: filing.id, orderId: filing.orderId, pages: fax.pages }, 'the IRS received the SS-4 by fax');
  });
}
