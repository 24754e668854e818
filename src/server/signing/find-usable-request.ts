import { eq } from 'drizzle-orm';
import { orders, signingRequests, type Db } from '../db';
import { findLinkByToken } from '../customer-links';
import { isInStatusGroup, normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import { signingMessages } from '#shared/signing/signing.ts';
import { setAsideStatus, type OrderRow, type SigningRequestRow } from './requests';

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

export type FoundRequest = { request: SigningRequestRow; order: OrderRow };

/** The request and its order for a token, or the 410 a link gets when `unusableReason` finds a reason (no order data in it). */
export function findRequestByToken(db: Db, token: string, unusableReason: (found: FoundRequest) => string | null): Promise<FoundRequest> {
  return findLinkByToken({
    token,
    unavailable: { code: 'signing_link_unavailable', unknownMessage: signingMessages.linkUnknown },
    lookup: async (tokenHash) => {
      const [row] = await db.select({ request: signingRequests, order: orders }).from(signingRequests).innerJoin(orders, eq(orders.id, signingRequests.orderId)).where(eq(signingRequests.tokenHash, tokenHash));
      return row;
    },
    unusableReason,
  });
}

/** The request and its order for a token, or the 410 every unusable link gets. */
export function findUsableRequest(db: Db, token: string, now: Date): Promise<FoundRequest> {
  return findRequestByToken(db, token, ({ request, order }) => unavailableReason(request, order, now));
}
