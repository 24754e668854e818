import { and, eq } from 'drizzle-orm';
import { irsLetters, orders } from '../db';
import type { CustomerDocumentSource } from '../documents';

/**
 * The IRS's letter as a customer document (decision 043): the letter the link names (its id), with the
 * order's EIN beside it once the reader has answered the SSN question. Null once erased.
 */
export const einLetterDocument: CustomerDocumentSource = {
  kind: 'ein_letter',
  async read({ db, cipher }, link) {
    const id = Number(link.documentId);
    if (!Number.isSafeInteger(id)) return null;
    const [letter] = await db
      .select({ document: irsLetters.document })
      .from(irsLetters)
      .where(and(eq(irsLetters.id, id), eq(irsLetters.orderId, link.orderId)));
    return letter?.document ? new Uint8Array(Buffer.from(cipher.decrypt(letter.document), 'base64')) : null;
  },
  async facts({ db }, link) {
    const [order] = await db.select({ ein: orders.ein }).from(orders).where(eq(orders.id, link.orderId));
    return order?.ein ? [{ label: 'EIN', value: order.ein }] : [];
  },
};
