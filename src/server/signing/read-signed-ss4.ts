import { and, eq } from 'drizzle-orm';
import { orders, signingRequests, type Db } from '../db';
import { readOrderSsns, type FieldCipher } from '../encryption';
import type { CustomerDocumentSource } from '../documents';
import type { PdfSealer } from '../seal';
import { makeSignersCopy, sha256Hex } from '../ss4';
import { isLocale } from '#shared/i18n/locales.ts';

/** The stored sealed PDF opened, and checked against the hash stored with it when it was signed. */
export function openSignedPdf(cipher: FieldCipher, row: { id: string; signedPdf: string; signedSha256: string | null }): Uint8Array {
  const pdf = Buffer.from(cipher.decrypt(row.signedPdf), 'base64');
  if (row.signedSha256 && sha256Hex(pdf) !== row.signedSha256) throw new Error(`The signed SS-4 of signing request ${row.id} does not match its stored hash`);
  return pdf;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signer's copy of one signing request of the order (decision 049): the sealed signed SS-4 with
 * every taxpayer number masked, sealed anew; null when it has none (unsigned, or erased). The filed
 * form, with the whole number, is for staff alone (`readSignedSs4` of download-signed-ss4).
 */
export async function readSignersCopy(
  db: Db,
  cipher: FieldCipher,
  sealer: PdfSealer,
  { requestId, orderId }: { requestId: string; orderId: number },
  now: Date = new Date(),
): Promise<Uint8Array | null> {
  if (!uuidPattern.test(requestId)) return null;
  const [row] = await db
    .select({ id: signingRequests.id, signedPdf: signingRequests.signedPdf, signedSha256: signingRequests.signedSha256, formData: orders.formData, locale: orders.locale })
    .from(signingRequests)
    .innerJoin(orders, eq(orders.id, signingRequests.orderId))
    .where(and(eq(signingRequests.id, requestId), eq(signingRequests.orderId, orderId), eq(signingRequests.status, 'signed')));
  if (!row?.signedPdf) return null;
  const sealed = openSignedPdf(cipher, { ...row, signedPdf: row.signedPdf });
  return makeSignersCopy(sealed, { numbers: Object.values(readOrderSsns(row.formData, cipher).ssns), sealer, madeAt: now, locale: isLocale(row.locale) ? row.locale : 'en' });
}

/** The signer's copy as a customer document (decisions 037 and 049): the masked copy of the link's signing request. */
export function signedSs4Document(sealer: PdfSealer): CustomerDocumentSource {
  return {
    kind: 'signed_ss4',
    read: ({ db, cipher }, link) => readSignersCopy(db, cipher, sealer, { requestId: link.documentId, orderId: link.orderId }),
  };
}
