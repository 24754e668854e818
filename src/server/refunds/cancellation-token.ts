import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cancellationLinks, orders, type Db } from '../db';

// A cancellation link's token is 32 random bytes that only the e-mail or the confirmation page
// carries; the database keeps its SHA-256, as signing links do (decision 026).

export const hashCancellationToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Tokens are 43 base64url characters; anything else is not looked up at all. */
const isWellFormed = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The link a token names, with its order; null for an unknown or malformed token. */
export async function findCancellationLink(db: Pick<Db, 'select'>, token: string) {
  if (!isWellFormed(token)) return null;
  const [found] = await db
    .select({ link: cancellationLinks, order: orders })
    .from(cancellationLinks)
    .innerJoin(orders, eq(orders.id, cancellationLinks.orderId))
    .where(eq(cancellationLinks.tokenHash, hashCancellationToken(token)));
  return found ?? null;
}
