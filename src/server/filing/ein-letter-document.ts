import { and, eq } from 'drizzle-orm';
import { irsLetters, orders } from '../db';
import type { CustomerDocumentSource } from '../documents';
import { coverLine7b } from './cover-fax-back';

/**
 * The IRS's letter as a customer document (decision 043): the letter the link names (its id), with the
 * order's EIN beside it once the reader has answered the SSN question. A fax-back is the faxed form,
 * so the customer's copy has line 7b covered (decision 049); an uploaded letter (the CP 575) carries no
 * taxpayer number and is served as it is. Null once erased.
 */
export const einLetterDocument: CustomerDocumentSource = {
  kind: 'ein_letter',
  async read({ db, cipher }, link) {
    const id = Number(link.documentId);
    if (!Number.isSafeInteger(id)) return null;
    const [letter] = await db
      .select({ document: irsLetters.document, source: irsLetters.source })
      .from(irsLetters)
      .where(and(eq(irsLetters.id, id), eq(irsLetters.orderId, link.orderId)));
    if (!letter?.document) return null;
    const pdf = new Uint8Array(Buffer.from(cipher.decrypt(letter.document), 'base64'));
    return letter.source === 'fax' ? coverLine7b(pdf) : pdf;
  },
  async facts({ db }, link) {
    const [order] = await db.select({ ein: orders.ein }).from(orders).where(eq(orders.id, link.orderId));
    return order?.ein ? [{ label: 'EIN', value: order.ein }] : [];
  },
};
