import { randomBytes } from 'node:crypto';
import { cancellationLinks, type Db } from '../db';
import { cancellationPagePath, cancellationWindowMinutes } from '#shared/refunds/refunds.ts';
import { hashCancellationToken } from './cancellation-token';

// The customer's one-hour cancellation (decision 026): the first use of a link cancels the order
// with a full refund; the link is then spent.

type Tx = Pick<Db, 'insert'>;

/** Makes a link valid until an hour after `paidAt`; answers the token, which is stored only hashed. */
export async function createCancellationLink(tx: Tx, { orderId, paidAt }: { orderId: number; paidAt: Date }): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(paidAt.getTime() + cancellationWindowMinutes * 60_000);
  await tx.insert(cancellationLinks).values({ orderId, tokenHash: hashCancellationToken(token), expiresAt });
  return { token, expiresAt };
}

/** The cancellation page's address for a token. */
export function cancellationUrl(origin: string, token: string): string {
  return `${origin}${cancellationPagePath(token)}`;
}
