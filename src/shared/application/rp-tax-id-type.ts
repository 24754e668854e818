// The kind of taxpayer number the responsible party has (SS-4 line 7b), apart from step 3's schema:
// the signing and document pages choose their question by it (ssn-last-four.ts) and must not
// download the whole step to do so. contact.ts re-exports it with the choices' wording.

export const rpTaxIdTypes = ['ssn', 'itin', 'none'] as const;
export type RpTaxIdType = (typeof rpTaxIdTypes)[number];

/** The kind of number step 3 recorded; answers saved before the question have none and an SSN. */
export function rpTaxIdTypeOf(contact: { rpTaxIdType?: string }): RpTaxIdType {
  return (rpTaxIdTypes as readonly string[]).includes(contact.rpTaxIdType ?? '') ? (contact.rpTaxIdType as RpTaxIdType) : 'ssn';
}
