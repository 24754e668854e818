import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { orderComments, orders, signingRequests, user } from '../db';
import { customerPageUrl, enqueueEmail, orderLocale, queueCustomerEmail } from '../email';
import { createDocumentLink } from '../documents';
import type { PdfSealer } from '../seal';
import { recordAudit } from '../audit';
import { AppError } from '../errors';
import { manageOrderUrl } from '../http';
import { changeOrderStatus, customerTimeZoneOf } from '../orders';
import { renderMaskedOrderSs4, renderOrderSs4, sha256Hex, signSs4, utcTimestamp, type SignatureMark } from '../ss4';
import { normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import type { Ss4Designee } from '#shared/ss4/ss4-mapping.ts';
import { namesMatch, signedName, signingConsentKeys, signingConsents, signingMessages, type signSubmissionSchema } from '#shared/signing/signing.ts';
import { isVerifiedBrowser } from '../customer-links';
import { findUsableRequest, unavailableReason } from './find-usable-request';
import { responsibleName, type SigningServices } from './requests';
import { signedNoticeEmail } from './signature-request-email';
import { verificationQuestionOfApplication } from '#shared/ssn-last-four.ts';
import { signedCopyEmail } from './signed-copy-email';

export type CompleteSigningOptions = SigningServices & {
  token: string;
  sessionCookie: string | undefined;
  submission: z.output<typeof signSubmissionSchema>;
  ipAddress: string;
  userAgent: string;
  designee: Ss4Designee | null;
  /** The service's certificate, which seals the signed form. */
  sealer: PdfSealer;
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
 * SS-4 from the stored application, stamps it, makes its fields read-only, appends the certificate
 * and seals the file (once: the sealed file is what staff and the customer download), stores it
 * encrypted, and moves the order to "SS4 Signed Awaiting IRS" with a history row and a comment by the
 * customer. Of two browsers signing at once, the second finds the request signed and is told so.
 * The signer's copy (a document link e-mailed to them) and the assignee's notice (when they want
 * notices) are queued in the same transaction.
 */
export async function completeSigning(options: CompleteSigningOptions): Promise<{ signedAt: Date; trackingNumber: string }> {
  const { db, cipher, outbox, env, token, sessionCookie, submission, ipAddress, userAgent, designee, sealer, origin } = options;
  const now = options.now ?? new Date();
  const { request: found } = await findUsableRequest(db, token, now);
  if (!isVerifiedBrowser(found, cipher, sessionCookie)) throw new AppError('signing_not_verified', signingMessages.notVerified);
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
    const shownSha256 = sha256Hex(await renderMaskedOrderSs4(order.formData, cipher, designee));
    // Signed as the IRS receives the name (the page shows it before signing): the spelling of line 7a,
    // which the form's font can always draw.
    const signerName = signedName(submission.name);
    const mark: SignatureMark = png ? { kind: 'drawn', png, name: signerName } : { kind: 'typed', name: signerName };
    const consents = signingConsentKeys.map((key) => signingConsents[key]);
    let pdf: Uint8Array;
    try {
      ({ pdf } = await signSs4(
        rendered.pdf,
        mark,
        {
        requestId: request.id,
        trackingNumber: order.applicationId,
        signerName,
        signerTitle: submission.title,
        signerEmail: request.signerEmail,
        ipAddress,
        userAgent,
        requestedAt: request.createdAt,
        verifiedAt: request.verifiedAt,
        verifiedBy: verificationQuestionOfApplication(order.formData),
        signedAt: now,
        consents,
        unsignedSha256,
        shownSha256,
        },
        sealer,
      ));
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

    if (normalizeOrderStatus(order.status) !== 'ss4_signed_awaiting_irs') {
      await changeOrderStatus(tx, { orderId: order.id, to: 'ss4_signed_awaiting_irs', by: 'signature', actor: null, byCustomer: true, ipAddress, env: options.env, origin, now });
    }
    await tx.insert(orderComments).values({
      orderId: order.id,
      userId: null,
      byCustomer: true,
      commentText: `The customer signed the SS-4 electronically: ${signerName}, ${submission.title}, on ${utcTimestamp(now)} (${mark.kind === 'drawn' ? 'drawn signature' : 'typed signature'}). Signing request ${request.id}.`,
      createdAt: now,
    });
    await recordAudit(tx, { actor: null, action: 'ss4_signed', target: `order:${order.id}`, detail: { requestId: request.id }, ipAddress });

    // The signer's own copy: a link to the sealed file, behind the same SSN question as the signing.
    const copy = await createDocumentLink(tx, { cipher, kind: 'signed_ss4', orderId: order.id, documentId: request.id, now });
    const copyId = await queueCustomerEmail(tx, {
      env,
      kind: 'signed_copy',
      // The link is the token: the outbox keeps it only until the message is sent.
      eraseBodyWhenSent: true,
      orderId: order.id,
      to: request.signerEmail,
      message: await signedCopyEmail({
        trackingNumber: order.applicationId,
        companyName: responsibleName(order.formData).companyName,
        documentUrl: customerPageUrl(origin, copy.pagePath, orderLocale(order.locale)),
        expiresAt: copy.link.expiresAt,
        timeZone: customerTimeZoneOf(order.formData),
        supportEmail: env.SUPPORT_EMAIL,
        question: verificationQuestionOfApplication(order.formData),
        locale: orderLocale(order.locale),
      }),
    });

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
    return { order, emailIds: noticeId === null ? [copyId] : [copyId, noticeId] };
  });

  await outbox.deliver(signed.emailIds);
  return { signedAt: now, trackingNumber: signed.order.applicationId };
}
