import type { Db } from '../db';
import type { FieldCipher } from '../encryption';
import { recordAudit } from '../audit';
import { AppError } from '../errors';
import { customerDocumentKinds } from '#shared/documents/documents.ts';
import { signingMessages } from '#shared/signing/signing.ts';
import { isVerifiedBrowser } from '../customer-links';
import { findRequestByToken } from './find-usable-request';
import type { PdfSealer } from '../seal';
import { readSignersCopy } from './read-signed-ss4';
import { setAsideStatus } from './requests';

export type SignersCopyOptions = {
  db: Db;
  cipher: FieldCipher;
  token: string;
  sessionCookie: string | undefined;
  sealer: PdfSealer;
  ipAddress: string;
  now?: Date;
};

/**
 * The signer's copy on the thank-you page (decisions 037 and 049): the sealed PDF of the request signed
 * through this link with every taxpayer number masked, for the browser that answered its SSN question (its cookie), until the link expires.
 * Each download is audited as the customer's.
 */
export async function downloadSignersCopy({ db, cipher, token, sessionCookie, sealer, ipAddress, now = new Date() }: SignersCopyOptions): Promise<{ pdf: Uint8Array; fileName: string }> {
  // A signed request is no longer usable for signing, but its copy stays until the link expires.
  const { request, order } = await findRequestByToken(db, token, (found) => (found.request.expiresAt.getTime() <= now.getTime() ? signingMessages.linkExpired : null));
  if (!isVerifiedBrowser(request, cipher, sessionCookie)) throw new AppError('signing_not_verified', signingMessages.notVerified);
  if (request.status === setAsideStatus) throw new AppError('signing_link_unavailable', signingMessages.linkSetAside);
  if (request.status !== 'signed') throw new AppError('not_found', signingMessages.notSignedYet);
  const pdf = await readSignersCopy(db, cipher, sealer, { requestId: request.id, orderId: order.id }, now);
  if (!pdf) throw new AppError('signing_link_unavailable', signingMessages.copyGone);
  await recordAudit(db, {
    actor: null,
    action: 'customer_document_downloaded',
    target: `order:${order.id}`,
    detail: { kind: 'signed_ss4', via: 'signing_page', requestId: request.id },
    ipAddress,
  });
  return { pdf, fileName: `${customerDocumentKinds.signed_ss4.fileName}-${order.applicationId}.pdf` };
}
