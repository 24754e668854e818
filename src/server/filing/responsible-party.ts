import { type FieldCipher, readOrderSsn } from '../encryption';
import { usStateNames } from '../../shared/application/options';
import { irsFaxNumbers, type IrsFaxLine } from '../../shared/filing/filing';

// What a filing needs to know of the order's application.

/**
 * The keyed hash of the responsible party's taxpayer number (its nine digits), for the IRS's rule of one
 * EIN per responsible party a day: two orders of the same person hash alike, and the hash alone reveals
 * nothing. Null when the order holds no readable number.
 */
export function responsiblePartyKeyOf(formData: unknown, cipher: FieldCipher): string | null {
  const ssn = readOrderSsn(formData, cipher);
  if (ssn.kind !== 'readable') return null;
  const digits = ssn.plain.replace(/\D/g, '');
  return digits.length === 9 ? cipher.hashTaxpayerNumber(digits) : null;
}

/**
 * Which of the IRS's fax lines the SS-4 goes to ("Where to file"): the domestic one when the principal
 * business is in a state or the District of Columbia, the international one otherwise.
 */
export function irsFaxLineOf(formData: unknown): IrsFaxLine {
  const registration = (formData as { registration?: Record<string, unknown> } | null)?.registration ?? {};
  const country = registration.country;
  const inUnitedStates = country === undefined || country === null || country === '' || country === 'US';
  const state = registration.state;
  const inStateOrDc = typeof state === 'string' && (usStateNames.includes(state) || state === 'District of Columbia');
  return inUnitedStates && inStateOrDc ? 'domestic' : 'international';
}

export function irsFaxNumberOf(formData: unknown): { number: string; line: IrsFaxLine } {
  const line = irsFaxLineOf(formData);
  return { number: irsFaxNumbers[line], line };
}
