import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { orderComments, orders, orderStatusHistory, signingRequests, user, type Db } from '../db';
import type { Env } from '../env';
import { enqueueEmail, queueCustomerEmail, type EmailOutbox } from '../email';
import { readOrderSsn, readOrderSsns, type FieldCipher } from '../encryption';
import { recordAudit, type AuditActor } from '../audit';
import { AppError } from '../errors';
import { applicationWithSsns, renderOrderSs4, sha256Hex, signSs4, utcTimestamp, type SignatureMark } from '../ss4';
import { signatureRequestEmail, signedNoticeEmail } from './signature-request-email';
import { manageOrderUrl } from '../http';
import { isInStatusGroup, normalizeOrderStatus } from '../../shared/orders/statuses';
import { maskSsn, ss4Lines, type Ss4Designee } from '../../shared/ss4/ss4-mapping';
import {
  type signSubmissionSchema,
  maxVerificationAttempts,
  namesMatch,
  signingConsentKeys,
  signingConsents,
  signingMessages,
  signingPagePath,
  signingReminderAfterHours,
  type SigningReviewResponse,
  type SigningState} from '../../shared/signing/signing';
import type { z } from 'zod';

// Signing requests (decision 022): a link that lets the customer sign the order's Form SS-4. The
// token is 32 random bytes that only the e-mail carries; the database keeps its SHA-256. A browser
// that answers the SSN question gets a cookie with the request's session secret, which the review,
// the PDF and the signature itself require.

export type SigningRequestRow = typeof signingRequests.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Requests still waiting for the customer: sent, or sent and verified. */
const openStatuses = ['sent', 'verified'] as const;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Tokens are 43 base64url characters; anything else is not looked up at all. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

function responsibleName(formData: unknown): { name: string; title: string; companyName: string | null } {
  const application = applicationWithSsns(formData, {});
  const { rpFirstName, rpMiddleName, rpLastName, rpTitle } = application.contact as Record<string, unknown>;
  const name = [rpFirstName, rpMiddleName, rpLastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ');
  const company = (application.company as Record<string, unknown>).companyName;
  return { name, title: typeof rpTitle === 'string' ? rpTitle.trim() : '', companyName: typeof company === 'string' && company.trim() ? company.trim() : null };
}

export type SigningServices = { db: Db; cipher: FieldCipher; outbox: EmailOutbox; env: Pick<Env, 'SIGNING_LINK_DAYS' | 'SUPPORT_EMAIL'> };

/** A transaction (or the database) with what opening a request does: lock, read, write. */
type SigningTx = Pick<Db, 'select' | 'update' | 'insert'>;

export type OpenSigningRequestOptions = {
  cipher: FieldCipher;
  env: Pick<Env, 'SIGNING_LINK_DAYS' | 'SUPPORT_EMAIL'>;
  orderId: number;
  /** The staff member asking; null for the customer's own request from tracking, or nobody known. */
  actor: { id: string; email: string } | null;
  ipAddress: string | null;
  /** `PUBLIC_URL` or the request's origin, for the link. */
  origin: string;
  now?: Date;
};

/**
 * Opens a signing request for the order inside `tx` and queues its e-mail there, so the request, the
 * status change and the customer's message commit together. With the order locked: earlier open
 * requests are voided, the order moves to "Awaiting User Signature" (with a history row by the
 * actor) if it is not there yet, and the request is stored. A completed or cancelled order gets none.
 * Answers the request and the outbox row of its e-mail.
 */
export async function openSigningRequest(tx: SigningTx, options: OpenSigningRequestOptions): Promise<{ request: SigningRequestRow; emailId: number }> {
  const { cipher, env, orderId, actor, ipAddress, origin } = options;
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');

  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('not_found', 'Order not found.');
  const status = normalizeOrderStatus(order.status);
  if (isInStatusGroup('closed', status)) throw new AppError('conflict', signingMessages.orderClosed);
  if (!order.billingEmail) throw new AppError('conflict', signingMessages.noEmail);

  await tx
    .update(signingRequests)
    .set({ status: 'voided', voidedAt: now })
    .where(and(eq(signingRequests.orderId, orderId), inArray(signingRequests.status, [...openStatuses])));

  if (status !== 'awaiting_user_signature') {
    await tx.update(orders).set({ status: 'awaiting_user_signature', holdReason: null, updatedAt: now }).where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({ orderId, fromStatus: status, toStatus: 'awaiting_user_signature', changedBy: actor?.id ?? null, changedAt: now });
    await recordAudit(tx, { actor, action: 'order_status_changed', target: `order:${orderId}`, detail: { from: status, to: 'awaiting_user_signature' }, ipAddress });
  }

  const [request] = await tx
    .insert(signingRequests)
    .values({
      orderId,
      tokenHash: hashToken(token),
      signerEmail: order.billingEmail,
      requestedBy: actor?.id ?? null,
      sessionSecret: cipher.encrypt(randomBytes(32).toString('base64url')),
      createdAt: now,
      expiresAt: new Date(now.getTime() + env.SIGNING_LINK_DAYS * 24 * 60 * 60 * 1000),
    })
    .returning();
  if (!request) throw new Error('The signing request was not stored');
  await recordAudit(tx, { actor, action: 'signature_requested', target: `order:${orderId}`, detail: { requestId: request.id }, ipAddress });

  const emailId = await queueCustomerEmail(tx, {
    env,
    kind: 'signature_request',
    // The link is the token: the outbox keeps it only until the message is sent.
    eraseBodyWhenSent: true,
    orderId,
    to: request.signerEmail,
    message: signatureRequestEmail({
      kind: 'request',
      trackingNumber: order.applicationId,
      companyName: responsibleName(order.formData).companyName,
      signingUrl: `${origin}${signingPagePath(token)}`,
      expiresAt: request.expiresAt,
      supportEmail: env.SUPPORT_EMAIL,
    }),
  });
  return { request, emailId };
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

/** Why a request cannot be used now, or null when it can. */
export function unavailableReason(request: SigningRequestRow, order: Pick<OrderRow, 'status'>, now: Date): string | null {
  if (request.status === 'signed') return signingMessages.linkUsed;
  if (request.status === 'voided') return signingMessages.linkVoided;
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
  if (!cookieValue || request.verifiedAt === null) return false;
  let secret: string;
  try {
    secret = cipher.decrypt(request.sessionSecret);
  } catch {
    return false;
  }
  const given = Buffer.from(cookieValue);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type VerifyResult = { ok: true; sessionSecret: string } | { ok: false; attemptsLeft: number };

/**
 * Checks the last four digits of the responsible party's SSN. A wrong answer counts, atomically, and
 * the fifth locks the request; a right one marks it verified and gives the session secret.
 */
export async function verifySigner(db: Db, cipher: FieldCipher, request: SigningRequestRow, order: OrderRow, ssnLast4: string, now: Date): Promise<VerifyResult> {
  const ssn = readOrderSsn(order.formData, cipher);
  const last4 = ssn.kind === 'readable' ? ssn.plain.replace(/\D/g, '').slice(-4) : null;
  const right = last4 !== null && last4.length === 4 && timingSafeEqual(Buffer.from(last4), Buffer.from(ssnLast4));
  if (right) {
    await db
      .update(signingRequests)
      .set({ status: 'verified', verifiedAt: sql`coalesce(${signingRequests.verifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(signingRequests.id, request.id), inArray(signingRequests.status, [...openStatuses])));
    return { ok: true, sessionSecret: cipher.decrypt(request.sessionSecret) };
  }
  const [counted] = await db
    .update(signingRequests)
    .set({
      failedAttempts: sql`${signingRequests.failedAttempts} + 1`,
      status: sql`case when ${signingRequests.failedAttempts} + 1 >= ${maxVerificationAttempts} then 'locked' else ${signingRequests.status} end`,
      lockedAt: sql`case when ${signingRequests.failedAttempts} + 1 >= ${maxVerificationAttempts} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(signingRequests.id, request.id), inArray(signingRequests.status, [...openStatuses])))
    .returning();
  if (!counted) throw new AppError('signing_link_unavailable', signingMessages.linkLocked);
  const left = maxVerificationAttempts - counted.failedAttempts;
  if (left <= 0) throw new AppError('signing_link_unavailable', signingMessages.linkLocked);
  return { ok: false, attemptsLeft: left };
}

/** What the verified signer reviews: every line of the form with the SSN masked, and who must sign. */
export function reviewOf(order: OrderRow, request: SigningRequestRow, cipher: FieldCipher, designee: Ss4Designee | null): SigningReviewResponse {
  const masked = Object.fromEntries(Object.entries(readOrderSsns(order.formData, cipher).ssns).map(([field, plain]) => [field, maskSsn(plain)]));
  const lines = ss4Lines(applicationWithSsns(order.formData, masked), designee);
  const { name, title } = responsibleName(order.formData);
  return {
    lines: lines.map((line) => ({ line: line.line, label: line.label, value: line.value })),
    signerName: name,
    signerTitle: title,
    designeeName: designee?.name ?? null,
    expiresAt: request.expiresAt.toISOString(),
  };
}

/** The unsigned render the verified signer reviews. */
export async function unsignedPdfOf(order: OrderRow, cipher: FieldCipher, designee: Ss4Designee | null): Promise<Uint8Array> {
  return (await renderOrderSs4(order.formData, cipher, designee)).pdf;
}

export type CompleteSigningOptions = SigningServices & {
  token: string;
  sessionCookie: string | undefined;
  submission: z.output<typeof signSubmissionSchema>;
  ipAddress: string;
  userAgent: string;
  designee: Ss4Designee | null;
  origin: string;
  now?: Date;
};

function decodePng(dataUrl: string): Uint8Array {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(pngSignature)) {
    throw new AppError('validation_failed', signingMessages.signatureImage, { signature: [signingMessages.signatureImage] });
  }
  return bytes;
}

/**
 * Signs the form: with the order and the request locked (in that order, as the request's creation
 * locks them), it checks the request is still open and verified in this browser, re-renders the
 * SS-4 from the stored application, stamps it and appends the certificate, stores it encrypted,
 * and moves the order to "SS4 Signed Awaiting IRS" with a history row and a comment by the
 * customer. Of two browsers signing at once, the second finds the request signed and is told so.
 * The assignee's e-mail (when they want notices) is queued in the same transaction.
 */
export async function completeSigning(options: CompleteSigningOptions): Promise<{ signedAt: Date; trackingNumber: string }> {
  const { db, cipher, outbox, token, sessionCookie, submission, ipAddress, userAgent, designee, origin } = options;
  const now = options.now ?? new Date();
  const { request: found } = await findUsableRequest(db, token, now);
  if (!hasVerifiedSession(found, cipher, sessionCookie)) throw new AppError('signing_not_verified', signingMessages.notVerified);
  const png = submission.signature.kind === 'drawn' ? decodePng(submission.signature.image) : null;

  const signed = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
    const [request] = await tx.select().from(signingRequests).where(eq(signingRequests.id, found.id)).for('update');
    if (!order || !request) throw new AppError('signing_link_unavailable', signingMessages.linkUnknown);
    if (request.status === 'signed') throw new AppError('signing_already_signed', signingMessages.alreadySigned);
    const reason = unavailableReason(request, order, now);
    if (reason) throw new AppError('signing_link_unavailable', reason);

    const expected = responsibleName(order.formData);
    if (!namesMatch(submission.name, expected.name)) {
      throw new AppError('validation_failed', signingMessages.nameMismatch, { name: [signingMessages.nameMismatch] });
    }

    const rendered = await renderOrderSs4(order.formData, cipher, designee);
    const unsignedSha256 = sha256Hex(rendered.pdf);
    const signerName = submission.name.trim().replace(/\s+/g, ' ');
    const mark: SignatureMark = png ? { kind: 'drawn', png, name: signerName } : { kind: 'typed', name: signerName };
    const consents = signingConsentKeys.map((key) => signingConsents[key]);
    let pdf: Uint8Array;
    try {
      pdf = await signSs4(rendered.pdf, mark, {
        requestId: request.id,
        trackingNumber: order.applicationId,
        signerName,
        signerTitle: submission.title,
        signerEmail: request.signerEmail,
        ipAddress,
        userAgent,
        requestedAt: request.createdAt,
        verifiedAt: request.verifiedAt,
        signedAt: now,
        consents,
        unsignedSha256,
      });
    } catch (error) {
      // A PNG that passed the signature check may still be broken inside: that is the signer's input.
      if (png) throw new AppError('validation_failed', signingMessages.signatureImage, { signature: [signingMessages.signatureImage] });
      throw error;
    }

    await tx
      .update(signingRequests)
      .set({
        status: 'signed',
        signedAt: now,
        signerName,
        signerTitle: submission.title,
        signerIp: ipAddress,
        signerUserAgent: userAgent.slice(0, 500),
        signatureKind: mark.kind,
        consents: Object.fromEntries(signingConsentKeys.map((key) => [key, { version: signingConsents[key].version, text: signingConsents[key].text }])),
        unsignedSha256,
        signedSha256: sha256Hex(pdf),
        signedPdf: cipher.encrypt(Buffer.from(pdf).toString('base64')),
      })
      .where(eq(signingRequests.id, request.id));

    const fromStatus = normalizeOrderStatus(order.status);
    if (fromStatus !== 'ss4_signed_awaiting_irs') {
      await tx.update(orders).set({ status: 'ss4_signed_awaiting_irs', updatedAt: now }).where(eq(orders.id, order.id));
      await tx
        .insert(orderStatusHistory)
        .values({ orderId: order.id, fromStatus, toStatus: 'ss4_signed_awaiting_irs', changedBy: null, changedByCustomer: true, changedAt: now });
    }
    await tx.insert(orderComments).values({
      orderId: order.id,
      userId: null,
      byCustomer: true,
      commentText: `The customer signed the SS-4 electronically: ${signerName}, ${submission.title}, on ${utcTimestamp(now)} (${mark.kind === 'drawn' ? 'drawn signature' : 'typed signature'}). Signing request ${request.id}.`,
      createdAt: now,
    });
    await recordAudit(tx, { actor: null, action: 'ss4_signed', target: `order:${order.id}`, detail: { requestId: request.id }, ipAddress });

    let noticeId: number | null = null;
    if (order.assignedTo) {
      const [assignee] = await tx
        .select({ name: user.name, email: user.email, notificationEnabled: user.notificationEnabled, banned: user.banned })
        .from(user)
        .where(eq(user.id, order.assignedTo));
      if (assignee?.notificationEnabled && !assignee.banned) {
        const message = signedNoticeEmail({ assigneeName: assignee.name, trackingNumber: order.applicationId, signerName, signedAt: now, orderUrl: manageOrderUrl(origin, order.id) });
        noticeId = await enqueueEmail(tx, { kind: 'signed_notice', orderId: order.id, to: assignee.email, ...message });
      }
    }
    return { order, noticeId };
  });

  if (signed.noticeId !== null) await outbox.deliver([signed.noticeId]);
  return { signedAt: now, trackingNumber: signed.order.applicationId };
}

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

/** The order's signed SS-4, opened, or null when it has none. Audited as a download. */
export async function downloadSignedSs4(
  db: Db,
  cipher: FieldCipher,
  order: Pick<OrderRow, 'id' | 'applicationId'>,
  actor: AuditActor,
  ipAddress: string | null,
): Promise<{ pdf: Buffer; fileName: string } | null> {
  const [row] = await db
    .select({ id: signingRequests.id, signedPdf: signingRequests.signedPdf, signedSha256: signingRequests.signedSha256 })
    .from(signingRequests)
    .where(and(eq(signingRequests.orderId, order.id), eq(signingRequests.status, 'signed')))
    .orderBy(desc(signingRequests.signedAt))
    .limit(1);
  if (!row?.signedPdf) return null;
  const pdf = Buffer.from(cipher.decrypt(row.signedPdf), 'base64');
  if (row.signedSha256 && sha256Hex(pdf) !== row.signedSha256) throw new Error(`The signed SS-4 of order ${order.id} does not match its stored hash`);
  await recordAudit(db, { actor, action: 'signed_ss4_downloaded', target: `order:${order.id}`, detail: { requestId: row.id }, ipAddress });
  return { pdf, fileName: `SS-4-${order.applicationId}-signed.pdf` };
}

export type ReminderServices = SigningServices & { origin: string };

/**
 * Sends the one reminder of every open request made 48 hours or more before `now` and not yet
 * expired. Each is claimed first with one `UPDATE … WHERE reminders_sent = 0 … RETURNING`, in the
 * transaction that queues its e-mail, so two instances (or two runs) never remind the same request
 * twice and a claimed reminder is never lost. A reminder needs a fresh link (only the token's hash
 * is kept), so the claim also sets a new token hash: the reminder's link replaces the first one, and
 * the request, its attempts and its expiry stay as they were. Answers how many went out now.
 */
export async function sendDueSignatureReminders(services: ReminderServices, now: Date = new Date()): Promise<number> {
  const { db, outbox, env, origin } = services;
  const dueBefore = new Date(now.getTime() - signingReminderAfterHours * 60 * 60 * 1000);
  const candidates = await db
    .select({ id: signingRequests.id })
    .from(signingRequests)
    .where(
      and(
        inArray(signingRequests.status, [...openStatuses]),
        eq(signingRequests.remindersSent, 0),
        sql`${signingRequests.createdAt} <= ${dueBefore.toISOString()}::timestamptz`,
        sql`${signingRequests.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  const emailIds: number[] = [];
  for (const candidate of candidates) {
    const token = randomBytes(32).toString('base64url');
    const emailId = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(signingRequests)
        .set({ remindersSent: sql`${signingRequests.remindersSent} + 1`, remindedAt: now, tokenHash: hashToken(token) })
        .where(and(eq(signingRequests.id, candidate.id), eq(signingRequests.remindersSent, 0), inArray(signingRequests.status, [...openStatuses])))
        .returning();
      if (!claimed) return null;
      const [order] = await tx.select().from(orders).where(eq(orders.id, claimed.orderId));
      if (!order) return null;
      return queueCustomerEmail(tx, {
        env,
        kind: 'signature_reminder',
        eraseBodyWhenSent: true,
        orderId: order.id,
        to: claimed.signerEmail,
        message: signatureRequestEmail({
          kind: 'reminder',
          trackingNumber: order.applicationId,
          companyName: responsibleName(order.formData).companyName,
          signingUrl: `${origin}${signingPagePath(token)}`,
          expiresAt: claimed.expiresAt,
          supportEmail: env.SUPPORT_EMAIL,
        }),
      });
    });
    if (emailId !== null) emailIds.push(emailId);
  }
  const outcomes = await outbox.deliver(emailIds);
  return [...outcomes.values()].filter((outcome) => outcome === 'sent').length;
}
