import type { FieldCipher } from './encryption';

/** The responsible party's SSN of an order: none given, readable, or sealed with a key we do not have. */
export type OrderSsn = { kind: 'none' } | { kind: 'readable'; plain: string } | { kind: 'unreadable' };

/** Opens `contact.rpSSN` of the stored application. Never throws, and never puts the SSN in an error. */
export function readOrderSsn(formData: unknown, cipher: FieldCipher): OrderSsn {
  const contact = (formData as { contact?: unknown } | null)?.contact;
  const sealed = (contact as { rpSSN?: unknown } | null | undefined)?.rpSSN;
  if (typeof sealed !== 'string' || sealed === '') return { kind: 'none' };
  try {
    const plain = cipher.decrypt(sealed);
    return plain === '' ? { kind: 'none' } : { kind: 'readable', plain };
  } catch {
    return { kind: 'unreadable' };
  }
}
