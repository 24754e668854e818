import { and, eq, isNull, lt } from 'drizzle-orm';
import { filings, orders, user } from '../db';
import { enqueueEmail, escapeHtml, htmlEmail } from '../email';
import { recordAudit } from '../audit';
import { manageOrderUrl, siteOrigin } from '../http';
import { changeOrderStatus } from '../orders';
import { addBusinessDays, formatBusinessDate } from '#shared/dates.ts';
import { normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import { formatFaxNumber, irsAnswerBusinessDays } from '#shared/filing/filing.ts';
import type { FilingContext } from './filing-context';

/** The staff e-mail about a fax the IRS has not answered in time. */
export function overdueEmail(details: { trackingNumber: string; deliveredAt: Date; to: string | null; orderUrl: string }): { subject: string; text: string; html: string } {
  const subject = `No answer from the IRS for order ${details.trackingNumber}`;
  const sentence = `The SS-4 of order ${details.trackingNumber} was faxed to the IRS${details.to ? ` at ${formatFaxNumber(details.to)}` : ''} on ${formatBusinessDate(details.deliveredAt)}, and no answer has been matched to it in ${irsAnswerBusinessDays} business days.`;
  const advice = 'Check the Fax inbox for an answer that could not be matched, or call the IRS as the designee.';
  const text = [subject, '', sentence, advice, '', `Open the order: ${details.orderUrl}`, ''].join('\n');
  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand: 'EIN Filing Service: Management Panel',
    heading: 'No answer from the IRS',
    footer: 'Sent to the order’s assignee, or to the support address when the order has none.',
    body: `<p>${e(sentence)}</p><p>${e(advice)}</p><p><a href="${e(details.orderUrl)}">Open the order</a></p>`,
  });
  return { subject, text, html };
}

/**
 * Every fax filing delivered more than four business days ago with no answer matched: its order shows
 * "Overdue at IRS" (through the lifecycle, when it is still "Submitted to IRS"), and the assignee is
 * e-mailed once (the support address when nobody is assigned, or the assignee wants no e-mail).
 * Answers how many filings it flagged.
 */
export async function flagOverdueFilings(context: FilingContext, now = new Date()): Promise<number> {
  const { db, env } = context;
  // Four business days are at least four calendar days: the query takes those, the rule the rest.
  const candidates = await db
    .select({ id: filings.id, deliveredAt: filings.deliveredAt })
    .from(filings)
    .where(and(eq(filings.method, 'fax'), eq(filings.status, 'delivered'), isNull(filings.answeredAt), isNull(filings.overdueNotifiedAt), lt(filings.deliveredAt, new Date(now.getTime() - irsAnswerBusinessDays * 24 * 60 * 60 * 1000))))
    .limit(500);
  const due = candidates.filter((row) => row.deliveredAt && addBusinessDays(row.deliveredAt, irsAnswerBusinessDays) < now);
  const origin = siteOrigin(env);
  let flagged = 0;
  for (const { id } of due) {
    // Each filing on its own: one that fails is logged and flagged on a later pass; the others go on.
    const emailIds = await db.transaction(async (tx) => {
      const [filing] = await tx.select().from(filings).where(eq(filings.id, id)).for('update');
      if (!filing || filing.status !== 'delivered' || filing.overdueNotifiedAt !== null || !filing.deliveredAt) return [];
      const [order] = await tx.select().from(orders).where(eq(orders.id, filing.orderId)).for('update');
      if (!order) return [];
      const ids: number[] = [];
      if (normalizeOrderStatus(order.status) === 'submitted_to_irs') {
        const changed = await changeOrderStatus(tx, { orderId: order.id, to: 'irs_overdue', by: 'filing', actor: null, system: 'overdue_check', ipAddress: null, detail: { filingId: filing.id }, env, origin, now });
        ids.push(...changed.emailIds);
      }
      const [assignee] = order.assignedTo
        ? await tx.select({ email: user.email, notify: user.notificationEnabled, banned: user.banned }).from(user).where(eq(user.id, order.assignedTo))
        : [];
      const to = assignee && assignee.notify && !assignee.banned ? assignee.email : env.SUPPORT_EMAIL;
      const message = overdueEmail({ trackingNumber: order.applicationId, deliveredAt: filing.deliveredAt, to: filing.toNumber, orderUrl: manageOrderUrl(origin, order.id) });
      ids.push(await enqueueEmail(tx, { kind: 'irs_overdue', orderId: order.id, to, ...message }));
      await tx.update(filings).set({ overdueNotifiedAt: now, updatedAt: now }).where(eq(filings.id, filing.id));
      await recordAudit(tx, { actor: null, action: 'filing_overdue', target: `order:${order.id}`, detail: { filingId: filing.id, notified: to === env.SUPPORT_EMAIL ? 'support' : 'assignee' } });
      return ids;
    }).catch((error: unknown) => {
      context.log.error({ filingId: id, err: error }, 'an overdue filing could not be flagged; a later pass tries again');
      return [] as number[];
    });
    if (emailIds.length > 0) {
      flagged += 1;
      await context.outbox.deliver(emailIds);
    }
  }
  return flagged;
}
