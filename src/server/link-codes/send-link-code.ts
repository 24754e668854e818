import { and, eq, lt, sql } from 'drizzle-orm';
import { linkCodes, type Db } from '../db';
import type { Env } from '../env';
import { queueCustomerEmail, type EmailOutbox, type Locale } from '../email';
import { AppError } from '../errors';
import {
  emailCodeMessages,
  emailCodeMinutes,
  emailCodeResendSeconds,
  maskEmailAddress,
  maxEmailCodesPerLink,
  type EmailCodeSentResponse,
} from '#shared/ssn-last-four.ts';
import { linkCodeEmail, type LinkCodePurpose } from './link-code-email';
import { hashLinkCode, newLinkCode, type CodeLink } from './link-codes';

export type SendLinkCodeOptions = {
  db: Db;
  outbox: EmailOutbox;
  env: Pick<Env, 'SUPPORT_EMAIL'>;
  link: CodeLink;
  /** The order's e-mail address. */
  to: string;
  trackingNumber: string;
  /** What the code opens: the e-mail says it in the customer's words. */
  purpose: LinkCodePurpose;
  /** The order's language, which the e-mail speaks. */
  locale: Locale;
  now?: Date;
};

/**
 * Makes a new code for the link, replacing the last, and e-mails it through the outbox (the body is
 * erased from the outbox once sent). One statement decides whether a code may go now: at most one a
 * minute and `maxEmailCodesPerLink` in all, so two calls at once cannot both send.
 */
export async function sendLinkCode({ db, outbox, env, link, to, trackingNumber, purpose, locale, now = new Date() }: SendLinkCodeOptions): Promise<EmailCodeSentResponse> {
  const code = newLinkCode();
  const expiresAt = new Date(now.getTime() + emailCodeMinutes * 60_000);
  const emailId = await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(linkCodes)
      .values({ linkId: link.id, linkKind: link.kind, orderId: link.orderId, codeHash: hashLinkCode(link, code), sentAt: now, expiresAt })
      .onConflictDoUpdate({
        target: linkCodes.linkId,
        set: { codeHash: sql`excluded.code_hash`, sentAt: sql`excluded.sent_at`, expiresAt: sql`excluded.expires_at`, usedAt: null, codesSent: sql`${linkCodes.codesSent} + 1` },
        setWhere: and(
          lt(linkCodes.sentAt, sql`${new Date(now.getTime() - emailCodeResendSeconds * 1000).toISOString()}::timestamptz`),
          lt(linkCodes.codesSent, maxEmailCodesPerLink),
        ),
      })
      .returning();
    if (!stored) {
      const [last] = await tx.select().from(linkCodes).where(eq(linkCodes.linkId, link.id));
      if (last && last.codesSent >= maxEmailCodesPerLink) throw new AppError('rate_limited', emailCodeMessages.tooMany);
      const wait = last ? Math.ceil((last.sentAt.getTime() + emailCodeResendSeconds * 1000 - now.getTime()) / 1000) : emailCodeResendSeconds;
      throw new AppError('rate_limited', emailCodeMessages.tooSoon(Math.max(1, wait)));
    }
    return queueCustomerEmail(tx, {
      env,
      kind: 'verification_code',
      // The code opens the link: the outbox keeps it only until the message is sent.
      eraseBodyWhenSent: true,
      orderId: link.orderId,
      to,
      message: await linkCodeEmail({ code, trackingNumber, purpose, supportEmail: env.SUPPORT_EMAIL, locale }),
    });
  });
  await outbox.deliver([emailId]);
  return { sentTo: maskEmailAddress(to), expiresAt: expiresAt.toISOString(), resendAfter: new Date(now.getTime() + emailCodeResendSeconds * 1000).toISOString() };
}
