import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rateLimitHits } from '../../db/schema';
import { countHit } from '../../plugins/rate-limit';

// Failed staff sign-ins are counted per account (the e-mail typed, known or not, so an unknown
// address is treated exactly like a known one) and per client address, in the rate-limit table, so
// every instance counts together. Past a limit, sign-in answers 429 until the window ends.

export const signInThrottle = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
} as const;

function keysFor(email: string, address: string) {
  return { account: `sign-in-failures|account|${email.toLowerCase()}`, address: `sign-in-failures|address|${address}` };
}

/** Seconds until sign-in is allowed again for this account and address, or 0 when it is allowed. */
export async function signInBlockedFor(db: Db, email: string, address: string): Promise<number> {
  const keys = keysFor(email, address);
  const rows = await db
    .select({
      key: rateLimitHits.key,
      count: rateLimitHits.count,
      seconds: sql<number>`ceil(extract(epoch from (${rateLimitHits.resetAt} - now())))::double precision`,
    })
    .from(rateLimitHits)
    .where(and(inArray(rateLimitHits.key, [keys.account, keys.address]), gt(rateLimitHits.resetAt, sql`now()`)));
  let blockedFor = 0;
  for (const row of rows) {
    const limit = row.key === keys.account ? signInThrottle.maxFailuresPerAccount : signInThrottle.maxFailuresPerAddress;
    if (row.count >= limit) blockedFor = Math.max(blockedFor, Number(row.seconds));
  }
  return blockedFor;
}

export async function countSignInFailure(db: Db, email: string, address: string): Promise<void> {
  const keys = keysFor(email, address);
  await countHit(db, keys.account, signInThrottle.windowMs);
  await countHit(db, keys.address, signInThrottle.windowMs);
}

/** A successful sign-in forgets the account's failures (not the address's). */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, keysFor(email, '').account));
}
