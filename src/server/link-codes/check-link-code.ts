import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { linkCodes, type Db } from '../db';
import { hashLinkCode, type CodeLink } from './link-codes';

/** `right` once; `wrong` counts as a wrong answer; the others say what to do and count nothing. */
export type LinkCodeCheck = 'right' | 'wrong' | 'expired' | 'used' | 'not_sent';

/**
 * Checks an e-mailed code and, when it is right, uses it up in the same statement: of two browsers
 * answering at once with the same code, one gets `right`, the other `used`. A code that matches but
 * is out of date or used says so (the person has the code; they are not guessing).
 */
export async function checkLinkCode(db: Db, link: Pick<CodeLink, 'id' | 'secret'>, code: string, now: Date): Promise<LinkCodeCheck> {
  const codeHash = hashLinkCode(link, code);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [used] = await db
    .update(linkCodes)
    .set({ usedAt: now })
    .where(and(eq(linkCodes.linkId, link.id), eq(linkCodes.codeHash, codeHash), isNull(linkCodes.usedAt), gt(linkCodes.expiresAt, nowSql)))
    .returning();
  if (used) return 'right';
  const [stored] = await db.select().from(linkCodes).where(eq(linkCodes.linkId, link.id));
  if (!stored) return 'not_sent';
  if (stored.codeHash !== codeHash) return 'wrong';
  return stored.usedAt !== null ? 'used' : 'expired';
}
