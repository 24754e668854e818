import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { cancellationLinks, orders, refunds, type Db } from '../db';
import type { AppServices } from '../services';
import { AppError } from '../errors';
import { normalizeOrderStatus } from '../../shared/orders/lifecycle';
import { cancellationMessages, cancellationPagePath, cancellationWindowMinutes, hasRefundableBalance, isDisputeOpen, type CancellationView } from '../../shared/refunds/refunds';
import { companyNameOf, type OrderRow } from './order-payments';
import { refundOrder } from './refund-order';

// The customer's one-hour cancellation (decision 026). A link's token is 32 random bytes that only the
// e-mail or the confirmation page carries; the database keeps its SHA-256, as signing links do. The
// first use cancels the order with a full refund; the link is then spent.

type Tx = Pick<Db, 'insert'>;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Tokens are 43 base64url characters; anything else is not looked up at all. */
const isWellFormed = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The only status from which the customer may cancel: staff have not started on the order. */
const cancellableStatus = 'reviewing_form_data';

/** Makes a link valid until an hour after `paidAt`; answers the token, which is stored only hashed. */
export async function createCancellationLink(tx: Tx, { orderId, paidAt }: { orderId: number; paidAt: Date }): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(paidAt.getTime() + cancellationWindowMinutes * 60_000);
  await tx.insert(cancellationLinks).values({ orderId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/** The cancellation page's address for a token. */
export function cancellationUrl(origin: string, token: string): string {
  return `${origin}${cancellationPagePath(token)}`;
}

/**
 * A new link for an order still inside its window (the confirmation page's), or null when the order
 * can no longer be cancelled online.
 */
export async function issueCancellationLink(db: Db, orderId: number, now = new Date()): Promise<string | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const expiresAt = new Date(order.createDate.getTime() + cancellationWindowMinutes * 60_000);
  if (whyClosed(order, expiresAt, now) !== null) return null;
  const { token } = await createCancellationLink(db, { orderId, paidAt: order.createDate });
  return token;
}

/** Why the order can no longer be cancelled online, or null while it can. */
function whyClosed(order: OrderRow, expiresAt: Date, now: Date): 'expired' | 'in_progress' | null {
  if (now.getTime() >= expiresAt.getTime()) return 'expired';
  if (normalizeOrderStatus(order.status) !== cancellableStatus || isDisputeOpen(order.disputeStatus) || !hasRefundableBalance(order.paymentStatus)) return 'in_progress';
  return null;
}

async function findLink(db: Pick<Db, 'select'>, token: string) {
  if (!isWellFormed(token)) return null;
  const [found] = await db
    .select({ link: cancellationLinks, order: orders })
    .from(cancellationLinks)
    .innerJoin(orders, eq(orders.id, cancellationLinks.orderId))
    .where(eq(cancellationLinks.tokenHash, hashToken(token)));
  return found ?? null;
}

async function refundedCentsOf(db: Pick<Db, 'select'>, orderId: number): Promise<number> {
  const rows = await db.select({ amountCents: refunds.amountCents }).from(refunds).where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'succeeded')));
  return rows.reduce((sum, row) => sum + row.amountCents, 0);
}

function view(order: OrderRow, expiresAt: Date, now: Date, supportEmail: string, refundedCents: number): CancellationView {
  const base = { trackingNumber: order.applicationId, companyName: companyNameOf(order.formData) };
  if (normalizeOrderStatus(order.status) === 'cancelled') return { state: 'cancelled', ...base, refundedCents, supportEmail };
  const why = whyClosed(order, expiresAt, now);
  if (why) return { state: 'closed', why, ...base, supportEmail };
  return { state: 'cancellable', ...base, amountCents: order.amount, deadline: expiresAt.toISOString() };
}

const unavailable = () => new AppError('cancellation_link_unavailable', cancellationMessages.linkUnavailable);

/** `GET /api/cancellations/:token`: what the page shows. An unknown token is 410. */
export async function describeCancellation({ db, token, supportEmail, now = new Date() }: { db: Db; token: string; supportEmail: string; now?: Date }): Promise<CancellationView> {
  const found = await findLink(db, token);
  if (!found) throw unavailable();
  return view(found.order, found.link.expiresAt, now, supportEmail, await refundedCentsOf(db, found.order.id));
}

export type CancelOrderOptions = {
  services: Pick<AppServices, 'database' | 'provider' | 'outbox' | 'env' | 'faults'>;
  token: string;
  ipAddress: string | null;
  log: FastifyBaseLogger;
  now?: Date;
};

/**
 * `POST /api/cancellations/:token`: cancels the order with a full refund, once. Under the order's
 * lock the link is spent (a conditional update, so two clicks cannot both pass) and the window and
 * status are checked again; a refund the provider refuses gives the link back.
 */
export async function cancelOrderByLink({ services, token, ipAddress, log, now = new Date() }: CancelOrderOptions): Promise<CancellationView> {
  const { db } = services.database;
  const found = await findLink(db, token);
  if (!found) throw unavailable();
  const linkId = found.link.id;

  await refundOrder({
    services,
    orderId: found.order.id,
    amountCents: null,
    reason: 'customer_cancellation',
    note: '',
    source: 'customer',
    actor: null,
    ipAddress,
    log,
    async whileLocked(tx, order) {
      const why = whyClosed(order, found.link.expiresAt, now);
      if (normalizeOrderStatus(order.status) === 'cancelled') throw unavailable();
      if (why) throw new AppError('cancellation_window_closed', why === 'expired' ? cancellationMessages.expired : cancellationMessages.inProgress);
      const [spent] = await tx
        .update(cancellationLinks)
        .set({ usedAt: now })
        .where(and(eq(cancellationLinks.id, linkId), isNull(cancellationLinks.usedAt), gt(cancellationLinks.expiresAt, now)))
        .returning();
      if (!spent) throw unavailable();
    },
    async onRefused(tx) {
      await tx.update(cancellationLinks).set({ usedAt: null }).where(eq(cancellationLinks.id, linkId));
    },
  });

  const [order] = await db.select().from(orders).where(eq(orders.id, found.order.id));
  if (!order) throw new Error(`Order ${found.order.id} vanished after its cancellation`);
  return view(order, found.link.expiresAt, now, services.env.SUPPORT_EMAIL, await refundedCentsOf(db, order.id));
}
