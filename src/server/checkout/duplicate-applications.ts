import { createHash } from 'node:crypto';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { checkouts, orders, type Db } from '../db';
import type { FieldCipher } from '../encryption';
import { duplicateWindowDays } from '#shared/checkout/checkout.ts';
import { rpTaxIdTypeOf } from '#shared/application/contact.ts';

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

type ApplicationIdentity = {
  company?: { companyName?: unknown };
  contact?: { rpTaxIdType?: unknown; rpSSN?: unknown; rpItin?: unknown; rpFirstName?: unknown; rpLastName?: unknown };
};

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The responsible party's part of the key: the keyed hash of their SSN, or of their ITIN (the two
 * never share a number: an ITIN starts with 9, an SSN never does). A responsible party with neither
 * (a foreign person) is known by their name instead, as the application writes it on line 7a: the
 * same founder paying twice for the same company is still caught, and two founders who chose the same
 * company name are not taken for one. The name is in the application in the clear anyway.
 */
function responsiblePartyPart(contact: NonNullable<ApplicationIdentity['contact']>, cipher: FieldCipher): string | null {
  const type = rpTaxIdTypeOf({ rpTaxIdType: typeof contact.rpTaxIdType === 'string' ? contact.rpTaxIdType : undefined });
  if (type === 'none') {
    const name = comparableCompanyName(`${textOf(contact.rpFirstName)} ${textOf(contact.rpLastName)}`);
    return name === '' ? null : `foreign:${name}`;
  }
  const digits = textOf(type === 'itin' ? contact.rpItin : contact.rpSSN).replace(/\D/g, '');
  return digits.length === 9 ? cipher.hashTaxpayerNumber(digits) : null;
}

/**
 * The keyed hash of an application's company name and its responsible party's SSN or ITIN (or, with
 * neither, name); null when either is missing (nothing to compare). The number is hashed under the
 * data key's own HMAC key (`hashTaxpayerNumber`), so the result cannot be recomputed without that key.
 * An SSN holder's key is what it always was.
 */
export function duplicateKeyOf(application: ApplicationIdentity, cipher: FieldCipher): string | null {
  const name = typeof application.company?.companyName === 'string' ? comparableCompanyName(application.company.companyName) : '';
  const party = application.contact ? responsiblePartyPart(application.contact, cipher) : null;
  if (name === '' || party === null) return null;
  return createHash('sha256').update(`${name}\n${party}`, 'utf8').digest('base64url');
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
