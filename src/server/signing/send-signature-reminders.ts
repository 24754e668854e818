import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { orders, signingRequests } from '../db';
import { customerPageUrl, orderLocale, queueCustomerEmail } from '../email';
import { customerTimeZoneOf } from '../orders';
import { signingPagePath, signingReminderAfterHours } from '#shared/signing/signing.ts';
import { signatureRequestEmail } from './signature-request-email';
import { verificationQuestionOfApplication } from '#shared/ssn-last-four.ts';
import { openRequestStatuses, responsibleName, type SigningServices } from './requests';
import { hashLinkToken } from '../customer-links';

export type ReminderServices = SigningServices & { origin: string };

/**
 * Sends the one reminder of every open request made 48 hours or more before `now` and not yet
 * expired. Each is claimed first with one `UPDATE … WHERE reminders_sent = 0 … RETURNING`, in the
 * transaction that queues its e-mail, so two instances (or two runs) never remind the same request
 * twice and a claimed reminder is never lost. A reminder needs a fresh link (only the token's hash
 * is kept), so the claim also sets a new token hash: the reminder's link replaces the first one, and
 * the request, its attempts and its expiry stay as they were. Answers how many went out now.
 */
export async function sendDueSignatureReminders(services: ReminderServices, now: Date = new Date()): Promise<number> {
  const { db, outbox, env, origin } = services;
  const dueBefore = new Date(now.getTime() - signingReminderAfterHours * 60 * 60 * 1000);
  const candidates = await db
    .select({ id: signingRequests.id })
    .from(signingRequests)
    .where(
      and(
        inArray(signingRequests.status, [...openRequestStatuses]),
        eq(signingRequests.remindersSent, 0),
        sql`${signingRequests.createdAt} <= ${dueBefore.toISOString()}::timestamptz`,
        sql`${signingRequests.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  const emailIds: number[] = [];
  for (const candidate of candidates) {
    const token = randomBytes(32).toString('base64url');
    const emailId = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(signingRequests)
        .set({ remindersSent: sql`${signingRequests.remindersSent} + 1`, remindedAt: now, tokenHash: hashLinkToken(token) })
        .where(and(eq(signingRequests.id, candidate.id), eq(signingRequests.remindersSent, 0), inArray(signingRequests.status, [...openRequestStatuses])))
        .returning();
      if (!claimed) return null;
      const [order] = await tx.select().from(orders).where(eq(orders.id, claimed.orderId));
      if (!order) return null;
      const locale = orderLocale(order.locale);
      return queueCustomerEmail(tx, {
        env,
        kind: 'signature_reminder',
        eraseBodyWhenSent: true,
        orderId: order.id,
        to: claimed.signerEmail,
        message: await signatureRequestEmail({
          kind: 'reminder',
          trackingNumber: order.applicationId,
          companyName: responsibleName(order.formData).companyName,
          signingUrl: customerPageUrl(origin, signingPagePath(token), locale),
          expiresAt: claimed.expiresAt,
          supportEmail: env.SUPPORT_EMAIL,
          timeZone: customerTimeZoneOf(order.formData),
          question: verificationQuestionOfApplication(order.formData),
          locale,
        }),
      });
    });
    if (emailId !== null) emailIds.push(emailId);
  }
  const outcomes = await outbox.deliver(emailIds);
  return [...outcomes.values()].filter((outcome) => outcome === 'sent').length;
}
