import { createHmac, randomInt } from 'node:crypto';

// The e-mailed code a customer link asks of a responsible party with neither an SSN nor an ITIN
// (a foreign person), in place of the last four digits of a taxpayer number.

/** Which kind of link a code belongs to: a signing request or a customer document link. */
export type LinkKind = 'signing' | 'document';

/** The link a code is for: its id, its order, and its session secret (the HMAC's key, opened). */
export type CodeLink = { kind: LinkKind; id: string; orderId: number; secret: string };

/** Six random digits, leading zeros kept. */
export function newLinkCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/**
 * What the database keeps of a code: an HMAC keyed with the link's session secret, which is itself
 * stored encrypted, so the table alone does not let anyone try the million codes.
 */
export function hashLinkCode(link: Pick<CodeLink, 'id' | 'secret'>, code: string): string {
  return createHmac('sha256', link.secret).update(`${link.id}:${code}`, 'utf8').digest('hex');
}
