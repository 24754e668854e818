import type { FieldCipher } from './encryption';
import { ssnFields, type SsnField } from '../../shared/application/contact';

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
