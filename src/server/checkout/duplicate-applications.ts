import { createHash } from 'node:crypto';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { checkouts, orders, type Db } from '../db';
import type { FieldCipher } from '../encryption';
import type { PossibleDuplicate } from '../../shared/fulfilment/orders';
import { duplicateWindowDays } from '../../shared/checkout/checkout';

// The same application paid twice (decision 041): a company name and a responsible party's taxpayer
// number that match a paid order of the last 30 days. They are compared by a keyed hash, never in
// the clear: the checkout keeps the hash, the order reaches it through its checkout.

/** The designations a company name may end with, in the form `comparableCompanyName` leaves them. */
const designations = /\s(?:l ?l ?c|p ?l ?l ?c|l ?l ?p|l ?p|inc|incorporated|corp|corporation|co|company|ltd|limited|p ?c|p ?a)$/;

/**
 * A company name as two applications for the same company would share it: letters and digits only,
 * accents and case dropped, "&" read as "and", without a closing LLC, Inc. or the like.
 */
export function comparableCompanyName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return words.replace(designations, '').replace(/\s+/g, '');
}

type ApplicationIdentity = { company?: { companyName?: unknown }; contact?: { rpSSN?: unknown } };

/**
 * The keyed hash of an application's company name and its responsible party's SSN; null when either
 * is missing (no number, nothing to compare). The number is hashed under the data key's own HMAC key
 * (`hashTaxpayerNumber`), so the result cannot be recomputed without that key.
 */
export function duplicateKeyOf(application: ApplicationIdentity, cipher: FieldCipher): string | null {
  const name = typeof application.company?.companyName === 'string' ? comparableCompanyName(application.company.companyName) : '';
  const digits = typeof application.contact?.rpSSN === 'string' ? application.contact.rpSSN.replace(/\D/g, '') : '';
  if (name === '' || digits.length !== 9) return null;
  return createHash('sha256').update(`${name}\n${cipher.hashTaxpayerNumber(digits)}`, 'utf8').digest('base64url');
}

const windowStart = () => sql`now() - make_interval(days => ${duplicateWindowDays})`;

/**
 * The latest paid order of the last 30 days whose application shares `key`, other than the
 * checkout's own; an order refunded in full does not count (the customer may apply again).
 */
export async function findPaidDuplicate(db: Db, key: string, checkoutId: string): Promise<{ trackingNumber: string } | null> {
  const [found] = await db
    .select({ trackingNumber: orders.applicationId })
    .from(checkouts)
    .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
    .where(and(eq(checkouts.duplicateKey, key), ne(checkouts.id, checkoutId), gt(orders.createDate, windowStart()), ne(orders.paymentStatus, 'refunded')))
    .orderBy(desc(orders.createDate))
    .limit(1);
  return found ?? null;
}

/** The other orders whose application shares the order's key, paid within 30 days of it, oldest first. */
export async function findPossibleDuplicates(db: Db, orderId: number): Promise<PossibleDuplicate[]> {
  const own = alias(checkouts, 'own_checkout');
  const ownOrder = alias(orders, 'own_order');
  const rows = await db
    .select({ id: orders.id, applicationId: orders.applicationId, createDate: orders.createDate, paymentStatus: orders.paymentStatus })
    .from(ownOrder)
    .innerJoin(own, eq(own.id, ownOrder.checkoutId))
    .innerJoin(checkouts, and(eq(checkouts.duplicateKey, own.duplicateKey), ne(checkouts.id, own.id)))
    .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
    .where(
      and(
        eq(ownOrder.id, orderId),
        sql`${orders.createDate} between ${ownOrder.createDate} - make_interval(days => ${duplicateWindowDays}) and ${ownOrder.createDate} + make_interval(days => ${duplicateWindowDays})`,
      ),
    )
    .orderBy(orders.createDate, orders.id);
  return rows.map((row) => ({ id: row.id, applicationId: row.applicationId, createDate: row.createDate.toISOString(), paymentStatus: row.paymentStatus }));
}
