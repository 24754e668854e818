import { and, eq } from 'drizzle-orm';
import { signingRequests, type Db } from '../db';
import type { FieldCipher } from '../encryption';
import type { CustomerDocumentSource } from '../documents';
import { sha256Hex } from '../ss4';

/** The stored sealed PDF opened, and checked against the hash stored with it when it was signed. */
export function openSignedPdf(cipher: FieldCipher, row: { id: string; signedPdf: string; signedSha256: string | null }): Uint8Array {
  const pdf = Buffer.from(cipher.decrypt(row.signedPdf), 'base64');
  if (row.signedSha256 && sha256Hex(pdf) !== row.signedSha256) throw new Error(`The signed SS-4 of signing request ${row.id} does not match its stored hash`);
  return pdf;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sealed signed SS-4 of one signing request of the order; null when it has none (unsigned, or erased). */
export async function readSignedSs4(db: Db, cipher: FieldCipher, { requestId, orderId }: { requestId: string; orderId: number }): Promise<Uint8Array | null> {
  if (!uuidPattern.test(requestId)) return null;
  const [row] = await db
    .select({ id: signingRequests.id, signedPdf: signingRequests.signedPdf, signedSha256: signingRequests.signedSha256 })
    .from(signingRequests)
    .where(and(eq(signingRequests.id, requestId), eq(signingRequests.orderId, orderId), eq(signingRequests.status, 'signed')));
  return row?.signedPdf ? openSignedPdf(cipher, { ...row, signedPdf: row.signedPdf }) : null;
}

/** The signer's copy as a customer document (decision 037): the sealed PDF of the link's signing request. */
export const signedSs4Document: CustomerDocumentSource = {
  kind: 'signed_ss4',
  read: ({ db, cipher }, link) => readSignedSs4(db, cipher, { requestId: link.documentId, orderId: link.orderId }),
};
