import { type FieldCipher, readOrderSsn } from '../encryption';
import { responsiblePartyNumberField } from '../ss4';
import { rpTaxIdTypeOf } from '#shared/application/contact.ts';
import { isAbroad } from '#shared/application/countries.ts';
import { usStateNames } from '#shared/application/options.ts';
import { filingMessages, irsFaxNumbers, type IrsFaxLine } from '#shared/filing/filing.ts';
import type { FilingRoute } from '#shared/delivery-promise.ts';

// What a filing needs to know of the order's application.

type StoredAnswers = { contact?: Record<string, unknown>; registration?: Record<string, unknown> };

function sectionOf(formData: unknown, section: keyof StoredAnswers): Record<string, unknown> {
  const value = (formData as StoredAnswers | null)?.[section];
  return typeof value === 'object' && value !== null ? value : {};
}

/** The business address's country; none (an order from before addresses abroad) is the United States. */
function businessCountryOf(formData: unknown): string | undefined {
  const country = sectionOf(formData, 'registration').country;
  return typeof country === 'string' && country !== '' ? country : undefined;
}

/**
 * The keyed hash of the responsible party's taxpayer number (the nine digits of their SSN, or of their
 * ITIN), for the IRS's rule of one EIN per responsible party a day: two orders of the same person hash
 * alike, and the hash alone reveals nothing. An ITIN always starts with 9 and an SSN never does, so the
 * two never hash alike. Null when the order holds no readable number, and for a responsible party with
 * neither (a foreign person), whom nothing identifies with certainty.
 */
export function responsiblePartyKeyOf(formData: unknown, cipher: FieldCipher): string | null {
  const field = responsiblePartyNumberField(formData);
  if (!field) return null;
  const number = readOrderSsn(formData, cipher, field);
  if (number.kind !== 'readable') return null;
  const digits = number.plain.replace(/\D/g, '');
  return digits.length === 9 ? cipher.hashTaxpayerNumber(digits) : null;
}

/**
 * Which of the IRS's fax lines the SS-4 goes to ("Where to file"): the domestic one when the principal
 * business is in a state or the District of Columbia, the international one otherwise (abroad, and in a
 * territory, which step 2 takes as a country of its own).
 */
export function irsFaxLineOf(formData: unknown): IrsFaxLine {
  const state = sectionOf(formData, 'registration').state;
  const inStateOrDc = !isAbroad(businessCountryOf(formData)) && typeof state === 'string' && usStateNames.includes(state);
  return inStateOrDc ? 'domestic' : 'international';
}

export function irsFaxNumberOf(formData: unknown): { number: string; line: IrsFaxLine } {
  const line = irsFaxLineOf(formData);
  return { number: irsFaxNumbers[line], line };
}

/** The territories, by their country codes: the IRS's online assistant takes a business located there. */
const usTerritories: readonly string[] = ['AS', 'GU', 'MP', 'PR', 'VI'];

/**
 * Why the IRS's online assistant would not take the order, which is then filed by fax only; null when it
 * may be filed online. The assistant needs the responsible party's SSN or ITIN, and a principal business
 * in the United States or a territory.
 */
export function onlineFilingRefusalOf(formData: unknown): string | null {
  const contact = sectionOf(formData, 'contact') as { rpTaxIdType?: string };
  if (rpTaxIdTypeOf(contact) === 'none') return filingMessages.onlineNeedsTaxpayerNumber;
  const country = businessCountryOf(formData);
  if (isAbroad(country) && !usTerritories.includes(country ?? '')) return filingMessages.onlineNeedsUsLocation;
  return null;
}

/** How the order can reach the IRS: by fax only when the IRS's online assistant would refuse it. */
export function filingRouteOf(formData: unknown): FilingRoute {
  return onlineFilingRefusalOf(formData) === null ? 'online_or_fax' : 'fax_only';
}
