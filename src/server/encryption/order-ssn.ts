import { timingSafeEqual } from 'node:crypto';
import type { FieldCipher } from './encryption';
import { rpTaxIdTypeOf, ssnFields, type SsnField } from '#shared/application/contact.ts';

/** One SSN of an order: none given, readable, or sealed with a key we do not have. */
export type OrderSsn = { kind: 'none' } | { kind: 'readable'; plain: string } | { kind: 'unreadable' };

/**
 * Opens one SSN of the stored application's contact section (the responsible party's by default).
 * Never throws, and never puts the SSN in an error.
 */
export function readOrderSsn(formData: unknown, cipher: FieldCipher, field: SsnField = 'rpSSN'): OrderSsn {
  const contact = (formData as { contact?: unknown } | null)?.contact;
  const sealed = (contact as Record<string, unknown> | null | undefined)?.[field];
  if (typeof sealed !== 'string' || sealed === '') return { kind: 'none' };
  try {
    const plain = cipher.decrypt(sealed);
    return plain === '' ? { kind: 'none' } : { kind: 'readable', plain };
  } catch {
    return { kind: 'unreadable' };
  }
}

/** Every SSN of an order, opened; a field that is absent or cannot be read is left out. */
export function readOrderSsns(formData: unknown, cipher: FieldCipher): { ssns: Partial<Record<SsnField, string>>; unreadable: SsnField[] } {
  const ssns: Partial<Record<SsnField, string>> = {};
  const unreadable: SsnField[] = [];
  for (const field of ssnFields) {
    const ssn = readOrderSsn(formData, cipher, field);
    if (ssn.kind === 'readable') ssns[field] = ssn.plain;
    else if (ssn.kind === 'unreadable') unreadable.push(field);
  }
  return { ssns, unreadable };
}

/**
 * Whether `lastFour` is the last four digits of the responsible party's taxpayer number, compared in
 * constant time: the question a customer answers before a link shows anything of the order. The
 * number is the SSN, or the ITIN for an ITIN holder (`rpTaxIdType`, absent on older orders, which
 * have an SSN). A responsible party with neither, or a number missing or unreadable, matches nothing.
 */
export function taxpayerNumberLastFourMatches(formData: unknown, cipher: FieldCipher, lastFour: string): boolean {
  const contact = (formData as { contact?: { rpTaxIdType?: unknown } } | null)?.contact;
  const type = rpTaxIdTypeOf({ rpTaxIdType: typeof contact?.rpTaxIdType === 'string' ? contact.rpTaxIdType : undefined });
  if (type === 'none') return false;
  const number = readOrderSsn(formData, cipher, type === 'itin' ? 'rpItin' : 'rpSSN');
  const expected = number.kind === 'readable' ? number.plain.replace(/\D/g, '').slice(-4) : null;
  return expected !== null && expected.length === 4 && lastFour.length === 4 && timingSafeEqual(Buffer.from(expected), Buffer.from(lastFour));
}

/**
 * Whether a browser's cookie holds the link's session secret (stored sealed), compared in constant
 * time; a secret that cannot be opened matches nothing.
 */
export function sealedSecretMatches(cipher: FieldCipher, sealedSecret: string, cookieValue: string | undefined): boolean {
  if (!cookieValue) return false;
  let secret: string;
  try {
    secret = cipher.decrypt(sealedSecret);
  } catch {
    return false;
  }
  const given = Buffer.from(cookieValue);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
