import { desc, eq } from 'drizzle-orm';
import { signingRequests, type Db } from '../db';
import type { SigningState } from '#shared/signing/signing.ts';

/** The order's latest signing request as the staff order page shows it. */
export async function describeSigning(db: Db, orderId: number, now: Date = new Date()): Promise<SigningState> {
  const [latest] = await db
    .select({ request: signingRequests, signedByName: signingRequests.signerName })
    .from(signingRequests)
    .where(eq(signingRequests.orderId, orderId))
    .orderBy(desc(signingRequests.createdAt), desc(signingRequests.id))
    .limit(1);
  if (!latest) return { state: 'not_requested' };
  const request = latest.request;
  let state: Exclude<SigningState['state'], 'not_requested'>;
  if (request.status === 'signed') state = 'signed';
  else if (request.status === 'locked') state = 'locked';
  else if (request.expiresAt.getTime() <= now.getTime() || request.status === 'voided') state = 'expired';
  else if (request.status === 'verified') state = 'verified';
  else state = request.remindersSent > 0 ? 'reminded' : 'sent';
  return {
    state,
    requestId: request.id,
    sentAt: request.createdAt.toISOString(),
    expiresAt: request.expiresAt.toISOString(),
    remindedAt: request.remindedAt?.toISOString() ?? null,
    verifiedAt: request.verifiedAt?.toISOString() ?? null,
    signedAt: request.signedAt?.toISOString() ?? null,
    signerName: request.signerName,
  };
}
