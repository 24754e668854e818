import type { Db } from '../db';
import type { CancellationView } from '#shared/refunds/refunds.ts';
import { findCancellationLink } from './cancellation-token';
import { cancellationViewOf, linkUnavailable } from './cancellation-view';

/** `GET /api/cancellations/:token`: what the page shows. An unknown token is 410. */
export async function describeCancellation({ db, token, supportEmail, now = new Date() }: { db: Db; token: string; supportEmail: string; now?: Date }): Promise<CancellationView> {
  const found = await findCancellationLink(db, token);
  if (!found) throw linkUnavailable();
  return cancellationViewOf(db, found.order, found.link.expiresAt, now, supportEmail);
}
