import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { orders, signingRequests, type Db } from '../db';
import type { Env } from '../env';
import { customerPageUrl, orderLocale, queueCustomerEmail } from '../email';
import type { FieldCipher } from '../encryption';
import { recordAudit } from '../audit';
import { AppError } from '../errors';
import { changeOrderStatus, customerTimeZoneOf, type StaffActor, type WriteSigningRequestOptions } from '../orders';
import { isInStatusGroup, normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import { signingMessages, signingPagePath } from '#shared/signing/signing.ts';
import { signatureRequestEmail } from './signature-request-email';
import { verificationQuestionOfApplication } from '#shared/ssn-last-four.ts';
import { openRequestStatuses, responsibleName, type SigningRequestRow, type SigningServices } from './requests';
import { hashLinkToken } from '../customer-links';

/** A transaction (or the database) with what opening a request does: lock, read, write. */
type SigningTx = Pick<Db, 'select' | 'update' | 'insert'>;

export type OpenSigningRequestOptions = {
  cipher: FieldCipher;
  env: Pick<Env, 'SIGNING_LINK_DAYS' | 'SUPPORT_EMAIL'>;
  orderId: number;
  /** The staff member asking; null for the customer's own request from tracking (the order already awaits the signature). */
  actor: StaffActor | null;
  ipAddress: string | null;
  /** `PUBLIC_URL` or the request's origin, for the link. */
  origin: string;
  /** Asking again after staff voided the signature: the e-mail says why, in staff's words, and when the set-aside signature was given. */
  again?: { reason: string; signedAt: Date };
  now?: Date;
};

/**
 * Writes a signing request for the order, locked in `tx`, and queues its e-mail there: earlier open
 * requests are voided and the new one stored with its audit row. The lifecycle's effect of entering
 * "Awaiting User Signature" (registered with the orders module by the composition root), and the new
 * link of an order already there. Refused for an order without an e-mail address, and for an order the
 * customer has signed (409 `order_already_signed`): a new link would set the signature aside, which
 * only `voidSignature` does, with its reason. Answers the request and the outbox row of its e-mail.
 */
export async function writeSigningRequest(tx: SigningTx, options: WriteSigningRequestOptions): Promise<{ request: SigningRequestRow; emailId: number }> {
  const { order, cipher, env, actor, ipAddress, origin, now } = options;
  const orderId = order.id;
  const token = randomBytes(32).toString('base64url');
  if (!order.billingEmail) throw new AppError('conflict', signingMessages.noEmail);
  const [signed] = await tx
    .select({ id: signingRequests.id })
    .from(signingRequests)
    .where(and(eq(signingRequests.orderId, orderId), eq(signingRequests.status, 'signed')))
    .limit(1);
  if (signed) throw new AppError('order_already_signed', signingMessages.orderSigned);

  await tx
    .update(signingRequests)
    .set({ status: 'voided', voidedAt: now })
    .where(and(eq(signingRequests.orderId, orderId), inArray(signingRequests.status, [...openRequestStatuses])));

  const auditActor = actor ? { id: actor.id, email: actor.email } : null;
  const [request] = await tx
    .insert(signingRequests)
    .values({
      orderId,
      tokenHash: hashLinkToken(token),
      signerEmail: order.billingEmail,
      requestedBy: actor?.id ?? null,
      sessionSecret: cipher.encrypt(randomBytes(32).toString('base64url')),
      createdAt: now,
      expiresAt: new Date(now.getTime() + env.SIGNING_LINK_DAYS * 24 * 60 * 60 * 1000),
    })
    .returning();
  if (!request) throw new Error('The signing request was not stored');
  await recordAudit(tx, { actor: auditActor, action: 'signature_requested', target: `order:${orderId}`, detail: { requestId: request.id }, ipAddress });

  // In the order's language, as is the signing page it links to.
  const locale = orderLocale(order.locale);
  const emailId = await queueCustomerEmail(tx, {
    env,
    kind: 'signature_request',
    // The link is the token: the outbox keeps it only until the message is sent.
    eraseBodyWhenSent: true,
    orderId,
    to: request.signerEmail,
    message: await signatureRequestEmail({
      kind: options.again ? 'again' : 'request',
      again: options.again,
      trackingNumber: order.applicationId,
      companyName: responsibleName(order.formData).companyName,
      signingUrl: customerPageUrl(origin, signingPagePath(token), locale),
      expiresAt: request.expiresAt,
      supportEmail: env.SUPPORT_EMAIL,
      timeZone: customerTimeZoneOf(order.formData),
      question: verificationQuestionOfApplication(order.formData),
      locale,
    }),
  });
  return { request, emailId };
}

/**
 * Opens a signing request for the order inside `tx`, so the request, the status change and the
 * customer's message commit together. With the order locked: a completed or cancelled order gets
 * none; an order not yet in "Awaiting User Signature" moves there through the lifecycle, whose effect
 * writes the request and its e-mail (`writeSigningRequest`); one already there gets a new request.
 * Answers the request and the outbox row of its e-mail.
 */
export async function openSigningRequest(tx: SigningTx, options: OpenSigningRequestOptions): Promise<{ request: SigningRequestRow; emailId: number }> {
  const { cipher, env, orderId, actor, ipAddress, origin, again } = options;
  const now = options.now ?? new Date();

  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('not_found', 'Order not found.');
  const status = normalizeOrderStatus(order.status);
  if (isInStatusGroup('closed', status)) throw new AppError('conflict', signingMessages.orderClosed);
  if (status === 'awaiting_user_signature') return writeSigningRequest(tx, { order, cipher, env, again, actor, ipAddress, origin, now });

  const changed = await changeOrderStatus(tx, { orderId, to: 'awaiting_user_signature', by: 'staff', actor, ipAddress, signing: { cipher, env, again }, env, origin, now });
  // The request the change's effect wrote: the order's newest, still open.
  const [request] = await tx
    .select()
    .from(signingRequests)
    .where(and(eq(signingRequests.orderId, orderId), inArray(signingRequests.status, [...openRequestStatuses])))
    .orderBy(desc(signingRequests.id))
    .limit(1);
  if (!request) throw new Error(`The signing request of order ${orderId} was not stored`);
  return { request, emailId: changed.emailIds[0]! };
}

export type CreateSigningRequestOptions = SigningServices & Omit<OpenSigningRequestOptions, 'cipher' | 'env'>;

/**
 * Creates a signing request for the order in a transaction of its own (see `openSigningRequest`),
 * then tries its e-mail at once; the outbox retries it if it does not go out now.
 */
export async function createSigningRequest(options: CreateSigningRequestOptions): Promise<{ request: SigningRequestRow; emailed: boolean }> {
  const { db, outbox, ...rest } = options;
  const { request, emailId } = await db.transaction((tx) => openSigningRequest(tx, rest));
  const outcomes = await outbox.deliver([emailId]);
  return { request, emailed: outcomes.get(emailId) === 'sent' };
}
