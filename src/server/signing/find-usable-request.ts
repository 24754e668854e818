import { eq } from 'drizzle-orm';
import { orders, signingRequests, type Db } from '../db';
import { sealedSecretMatches, type FieldCipher } from '../encryption';
import { AppError } from '../errors';
import { isInStatusGroup, normalizeOrderStatus } from '../../shared/orders/lifecycle';
import { signingMessages } from '../../shared/signing/signing';
import { hashToken, isWellFormedToken, setAsideStatus, type OrderRow, type SigningRequestRow } from './requests';

/** Why a request cannot be used now, or null when it can. */
export function unavailableReason(request: SigningRequestRow, order: Pick<OrderRow, 'status'>, now: Date): string | null {
  if (request.status === 'signed') return signingMessages.linkUsed;
  if (request.status === 'voided') return signingMessages.linkVoided;
  if (request.status === setAsideStatus) return signingMessages.linkSetAside;
  if (request.status === 'locked') return signingMessages.linkLocked;
  if (request.expiresAt.getTime() <= now.getTime()) return signingMessages.linkExpired;
  if (isInStatusGroup('closed', normalizeOrderStatus(order.status))) return signingMessages.linkVoided;
  return null;
}

/** The request and its order for a token, or the 410 every unusable link gets (no order data in it). */
export async function findUsableRequest(db: Db, token: string, now: Date): Promise<{ request: SigningRequestRow; order: OrderRow }> {
  if (!isWellFormedToken(token)) throw new AppError('signing_link_unavailable', signingMessages.linkUnknown);
  const [row] = await db
    .select({ request: signingRequests, order: orders })
    .from(signingRequests)
    .innerJoin(orders, eq(orders.id, signingRequests.orderId))
    .where(eq(signingRequests.tokenHash, hashToken(token)));
  if (!row) throw new AppError('signing_link_unavailable', signingMessages.linkUnknown);
  const reason = unavailableReason(row.request, row.order, now);
  if (reason) throw new AppError('signing_link_unavailable', reason);
  return row;
}

/** Whether `cookieValue` is this request's session secret (compared in constant time). */
export function hasVerifiedSession(request: SigningRequestRow, cipher: FieldCipher, cookieValue: string | undefined): boolean {
  return request.verifiedAt !== null && sealedSecretMatches(cipher, request.sessionSecret, cookieValue);
}
