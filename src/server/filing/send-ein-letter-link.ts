import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { irsLetters, orders } from '../db';
import { AppError } from '../errors';
import { recordAudit, type AuditActor } from '../audit';
import { createDocumentLink } from '../documents';
import { customerPageUrl, orderLocale, queueCustomerEmail } from '../email';
import { companyNameOf } from '../orders';
import { filingMessages } from '#shared/filing/filing.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { verificationQuestionOfApplication } from '#shared/ssn-last-four.ts';
import { einLetterLinkEmail } from './ein-letter-link-email';
import type { FilingContext } from './filing-context';

export type SendEinLetterLinkOptions = {
  orderId: number;
  actor: AuditActor;
  ipAddress: string | null;
  /** `PUBLIC_URL` or the request's origin, for the link. */
  origin: string;
};

/**
 * E-mails the customer a new link to the order's latest IRS letter, for one who lost the EIN e-mail
 * or let its link expire. In one transaction with the order locked: the link (a customer document
 * link, 30 days), its audit row and the e-mail, whose body the outbox erases once sent (it carries
 * the token). Earlier links stay valid until they expire. Refused (409) while the order has no letter
 * and once its personal data was erased. The e-mail is tried at once after the commit; the outbox
 * retries it if it does not go now.
 */
export async function sendEinLetterLink(context: Pick<FilingContext, 'db' | 'cipher' | 'env' | 'outbox'>, options: SendEinLetterLinkOptions): Promise<{ emailed: boolean }> {
  const { db, cipher, env, outbox } = context;
  const { orderId, actor, ipAddress, origin } = options;
  const emailId = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', staffMessages.orderNotFound);
    if (order.personalDataErasedAt) throw new AppError('conflict', filingMessages.letterErased);
    const [letter] = await tx
      .select({ id: irsLetters.id })
      .from(irsLetters)
      .where(and(eq(irsLetters.orderId, orderId), isNotNull(irsLetters.document)))
      .orderBy(desc(irsLetters.createdAt), desc(irsLetters.id))
      .limit(1);
    if (!letter) throw new AppError('conflict', filingMessages.noLetter);
    const { link, pagePath } = await createDocumentLink(tx, { cipher, kind: 'ein_letter', orderId, documentId: String(letter.id) });
    await recordAudit(tx, { actor, action: 'ein_letter_link_sent', target: `order:${orderId}`, detail: { letterId: letter.id, linkId: link.id }, ipAddress });
    return queueCustomerEmail(tx, {
      env,
      kind: 'ein_letter_link',
      // The link is the token: the outbox keeps it only until the message is sent.
      eraseBodyWhenSent: true,
      orderId,
      to: order.billingEmail,
      message: await einLetterLinkEmail({
        trackingNumber: order.applicationId,
        companyName: companyNameOf(order.formData),
        letterUrl: customerPageUrl(origin, pagePath, orderLocale(order.locale)),
        supportEmail: env.SUPPORT_EMAIL,
        question: verificationQuestionOfApplication(order.formData),
        locale: orderLocale(order.locale),
      }),
    });
  });
  const outcomes = await outbox.deliver([emailId]);
  return { emailed: outcomes.get(emailId) === 'sent' };
}
