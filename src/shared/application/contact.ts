import { z } from 'zod';
import { entityTypeOptions } from './entity-types';
import { m } from '#shared/i18n/messages.ts';
import { isBlank, option, optionalText, spoken, tooLong, type Message } from './fields';
import { irsNameMessages, isIrsName } from './irs-names';
import { isInternationalPhone, isValidInternationalPhone } from './phones';
import { rpTaxIdTypeOf, rpTaxIdTypes, type RpTaxIdType } from './rp-tax-id-type';

// Step 3 "Responsible Party": the primary contact, the responsible party and, for trusts, the trustee.

/**
 * The step-1 entity types. A copy of company.ts's list, kept here so this page's schema can check the
 * hidden entity-type marker on its own.
 */
const entityTypes: readonly string[] = entityTypeOptions.map((option) => option.value);

/** A name's suffix reads the same in every language and is printed on line 3 as it is. */
const suffix = <const V extends string>(value: V) => option({ value, label: () => value, formText: value });

export const trusteeSuffixOptions = [suffix('Jr'), suffix('Sr'), suffix('II'), suffix('III'), suffix('IV')] as const;

export const nameMaxLength = 50;
export const titleMaxLength = 50;
const emailMaxLength = 254;

export const contactMessages = spoken({
  firstName: m.application_contact_first_name_error,
  lastName: m.application_contact_last_name_error,
  nameCharacters: () => irsNameMessages.person,
  phoneNumber: m.application_contact_phone_number_error,
  emailAddress: m.application_contact_email_address_error,
  rpTitle: m.application_contact_rp_title_error,
  rpSSN: m.application_contact_rp_ssn_error,
  rpSSNNotAsked: m.application_contact_rp_ssn_not_asked_error,
  rpTaxIdType: m.application_contact_rp_tax_id_type_error,
  rpItin: m.application_contact_rp_itin_error,
  rpTaxIdSoleProprietor: m.application_contact_rp_tax_id_sole_proprietor_error,
  rpUsPerson: m.application_contact_rp_us_person_error,
  rpUsPersonNotAsked: m.application_contact_rp_us_person_not_asked_error,
  rpPhone: m.application_contact_rp_phone_error,
  internationalPhone: m.application_contact_international_phone_error,
  rpEmail: m.application_contact_rp_email_error,
  entityType: m.application_contact_entity_type_error,
  trusteeSuffix: m.application_contact_trustee_suffix_error,
  ownerName: m.application_contact_owner_name_error,
});
const messages = contactMessages;

/** A name that may be left empty: at most 50 characters, only what the IRS accepts (irs-names.ts). */
const optionalName = () => optionalText(nameMaxLength).refine((value) => isIrsName(value, 'person'), { error: () => messages.nameCharacters });

/** A required name: the same rules, and not empty. */
const requiredName = (message: Message) => optionalName().refine((value) => !isBlank(value), { error: message });

const email = (message: Message) => z.email({ error: message }).max(emailMaxLength, { error: tooLong(emailMaxLength) });


/** Step 3 asks about the trustee only for a trust. */
export function asksTrustee(entityType: string | undefined): boolean {
  return entityType === 'Trust';
}

/** An estate's line 9a reads "Estate (SSN of decedent)": step 3 asks for it of an estate only. */
export function asksDecedentSsn(entityType: string | undefined): boolean {
  return entityType === 'Estate';
}

/** A trust's line 9a reads "Trust (TIN of grantor)": step 3 asks for it of a trust only. */
export function asksGrantorSsn(entityType: string | undefined): boolean {
  return entityType === 'Trust';
}

/**
 * The answers of step 3 that are taxpayer numbers: Social Security numbers and the responsible party's
 * ITIN (kept like an SSN in every way). Each is stored encrypted (decision 007),
 * shown to staff masked with its own audited Reveal, and opened only for Form SS-4.
 */
export const ssnFields = ['rpSSN', 'rpItin', 'decedentSSN', 'grantorSSN'] as const;
export type SsnField = (typeof ssnFields)[number];

/**
 * The responsible party's taxpayer number (SS-4 line 7b): an SSN, an ITIN, or neither, for a foreign
 * person (line 7b then reads "Foreign"). Answers saved before this question have no `rpTaxIdType`
 * and an SSN: absent reads as "ssn".
 */
export const rpTaxIdTypeOptions = [
  option({ value: 'ssn', label: m.options_tax_id_type_ssn, formText: 'Social Security number (SSN)', hint: m.options_tax_id_type_ssn_hint }),
  option({
    value: 'itin',
    label: m.options_tax_id_type_itin,
    formText: 'Individual Taxpayer Identification Number (ITIN)',
    hint: m.options_tax_id_type_itin_hint,
  }),
  option({ value: 'none', label: m.options_tax_id_type_none, formText: 'I have neither; I am not a US person', hint: m.options_tax_id_type_none_hint }),
] as const satisfies readonly { value: RpTaxIdType; label: string; formText: string; hint: string }[];
export { rpTaxIdTypeOf, type RpTaxIdType };

/**
 * An ITIN: 9 digits starting with 9, whose fourth and fifth digits (the group) are 50-65, 70-88,
 * 90-92 or 94-99, the ranges the IRS issues.
 */
export function isItin(value: string): boolean {
  if (!/^9\d{8}$/.test(value)) return false;
  const group = Number(value.slice(3, 5));
  return (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || group >= 94;
}

/**
 * A sole proprietor (a household employer is one) applies as the individual: the owner named on
 * line 1 is the responsible party on line 7a, so step 1 asks the name once and step 3 shows it.
 */
export function isOwnerResponsibleParty(entityType: string | undefined): boolean {
  return entityType === 'Sole Proprietor';
}

/** The responsible party's whole name, as line 7a prints it: the parts given, one space between. */
export function responsiblePartyNameOf(contact: { rpFirstName?: string; rpMiddleName?: string; rpLastName?: string }): string {
  return [contact.rpFirstName, contact.rpMiddleName, contact.rpLastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
}

/** Whether the responsible party's name is the owner's name from step 1 (spaces and case aside). */
export function isOwnerName(contact: { rpFirstName?: string; rpMiddleName?: string; rpLastName?: string }, companyName: string): boolean {
  const plain = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
  return plain(responsiblePartyNameOf(contact)) === plain(companyName);
}

/** A sole proprietor (a household employer is one) files under the owner's own number: an SSN or an ITIN. */
export function requiresOwnTaxId(entityType: string | undefined): boolean {
  return entityType === 'Sole Proprietor';
}

/**
 * Step 3 asks an ITIN holder who owns a single-member LLC whether they are a US citizen or resident:
 * a foreign owner's LLC is a foreign-owned U.S. disregarded entity (line 9a). The member count lives
 * in step 1's answers, so the whole application checks that it was answered (application.ts).
 */
export function asksRpUsPerson(rpTaxIdType: string | undefined, entityType: string | undefined, llcMemberCount: string | undefined): boolean {
  return rpTaxIdType === 'itin' && entityType === 'LLC' && llcMemberCount === '1';
}

/** Whether the responsible party is a foreign person: no SSN or ITIN, or an ITIN holder who said they are not a US person. */
export function isForeignResponsibleParty(contact: { rpTaxIdType?: string; rpUsPerson?: string }): boolean {
  const type = rpTaxIdTypeOf(contact);
  return type === 'none' || (type === 'itin' && contact.rpUsPerson === 'false');
}

const ssnDigits = z.string().regex(/^(\d{9})?$/, { error: () => messages.rpSSN });

/** The contact's phone: a US number as its mask shows it, or a number abroad in E.164. */
const contactPhone = z
  .string()
  .refine((value) => isInternationalPhone(value) || /^\(\d{3}\) \d{3}-\d{4}$/.test(value), { error: () => messages.phoneNumber })
  .refine((value) => !isInternationalPhone(value) || isValidInternationalPhone(value), { error: () => messages.internationalPhone });

/** The responsible party's phone: ten US digits, or a number abroad in E.164. */
const responsiblePartyPhone = z
  .string()
  .refine((value) => isInternationalPhone(value) || /^\d{10}$/.test(value), { error: () => messages.rpPhone })
  .refine((value) => !isInternationalPhone(value) || isValidInternationalPhone(value), { error: () => messages.internationalPhone });

export const contactSchema = z
  .strictObject({
    contactFirstName: requiredName(() => messages.firstName),
    contactMiddleName: optionalName(),
    contactLastName: requiredName(() => messages.lastName),
    phoneNumber: contactPhone,
    emailAddress: email(() => messages.emailAddress),
    sameAsContact: z.boolean(),
    rpFirstName: requiredName(() => messages.firstName),
    rpMiddleName: optionalName(),
    rpLastName: requiredName(() => messages.lastName),
    rpTitle: optionalText(titleMaxLength).refine((value) => value.trim().length >= 2, { error: () => messages.rpTitle }),
    // Absent on answers saved before the question: read as "ssn" (rpTaxIdTypeOf).
    rpTaxIdType: z.enum(rpTaxIdTypes, { error: () => messages.rpTaxIdType }).optional(),
    rpSSN: ssnDigits,
    // Only for "itin" (required then: see below); encrypted at rest like the SSNs.
    rpItin: z.string().regex(/^(\d{9})?$/, { error: () => messages.rpItin }).optional(),
    // Only for an ITIN holder owning a single-member LLC: "true" for a US citizen or resident.
    rpUsPerson: z.enum(['', 'true', 'false'], { error: () => messages.rpUsPerson }).optional(),
    rpPhone: responsiblePartyPhone,
    rpEmail: email(() => messages.rpEmail),
    // The step-1 entity type, copied in so this schema alone knows whether a trustee is needed.
    entityType: z.string().refine((value) => entityTypes.includes(value), { error: () => messages.entityType }),
    // Trusts only (required names: see below).
    trustFilingAsEstate: z.boolean().optional(),
    trusteeFirstName: optionalName().optional(),
    trusteeMiddleName: optionalName().optional(),
    trusteeLastName: optionalName().optional(),
    trusteeSuffix: z.enum(['', 'Jr', 'Sr', 'II', 'III', 'IV'], { error: () => messages.trusteeSuffix }).optional(),
    // Estates only: the decedent's SSN (line 9a). Trusts only: the grantor's SSN (line 9a).
    // Empty while not asked (the page's defaults); required below when asked.
    decedentSSN: z.string().regex(/^(\d{9})?$/, { error: () => messages.rpSSN }).optional(),
    grantorSSN: z.string().regex(/^(\d{9})?$/, { error: () => messages.rpSSN }).optional(),
  })
  .superRefine((contact, ctx) => {
    const taxIdType = rpTaxIdTypeOf(contact);
    if (taxIdType === 'ssn' && contact.rpSSN === '') ctx.addIssue({ code: 'custom', path: ['rpSSN'], message: messages.rpSSN });
    if (taxIdType !== 'ssn' && contact.rpSSN !== '') ctx.addIssue({ code: 'custom', path: ['rpSSN'], message: messages.rpSSNNotAsked });
    if (taxIdType === 'itin' && !isItin(contact.rpItin ?? '')) ctx.addIssue({ code: 'custom', path: ['rpItin'], message: messages.rpItin });
    if (taxIdType !== 'itin' && (contact.rpItin ?? '') !== '') ctx.addIssue({ code: 'custom', path: ['rpItin'], message: messages.rpItin });
    if (taxIdType === 'none' && requiresOwnTaxId(contact.entityType))
      ctx.addIssue({ code: 'custom', path: ['rpTaxIdType'], message: messages.rpTaxIdSoleProprietor });
    if (asksDecedentSsn(contact.entityType) && !contact.decedentSSN)
      ctx.addIssue({ code: 'custom', path: ['decedentSSN'], message: messages.rpSSN });
    if (asksGrantorSsn(contact.entityType) && !contact.grantorSSN)
      ctx.addIssue({ code: 'custom', path: ['grantorSSN'], message: messages.rpSSN });
    if (!asksTrustee(contact.entityType)) return;
    if (isBlank(contact.trusteeFirstName ?? '')) ctx.addIssue({ code: 'custom', path: ['trusteeFirstName'], message: messages.firstName });
    if (isBlank(contact.trusteeLastName ?? '')) ctx.addIssue({ code: 'custom', path: ['trusteeLastName'], message: messages.lastName });
  });

export type Contact = z.infer<typeof contactSchema>;

/** The answers of step 3: every field but the entity type, which is copied in from step 1. */
export type ContactAnswer = Exclude<keyof Contact, 'entityType'>;

/** What each answer is called where it is read back (the staff's submission view). */
export const contactLabels = spoken({
  contactFirstName: m.application_contact_contact_first_name_label,
  contactMiddleName: m.application_contact_contact_middle_name_label,
  contactLastName: m.application_contact_contact_last_name_label,
  phoneNumber: m.application_contact_phone_number_label,
  emailAddress: m.application_contact_email_address_label,
  sameAsContact: m.application_contact_same_as_contact_label,
  rpFirstName: m.application_contact_rp_first_name_label,
  rpMiddleName: m.application_contact_rp_middle_name_label,
  rpLastName: m.application_contact_rp_last_name_label,
  rpTitle: m.application_contact_rp_title_label,
  rpTaxIdType: m.application_contact_rp_tax_id_type_label,
  rpSSN: m.application_contact_rp_ssn_label,
  rpItin: m.application_contact_rp_itin_label,
  rpUsPerson: m.application_contact_rp_us_person_label,
  rpPhone: m.application_contact_rp_phone_label,
  rpEmail: m.application_contact_rp_email_label,
  trustFilingAsEstate: m.application_contact_trust_filing_as_estate_label,
  trusteeFirstName: m.application_contact_trustee_first_name_label,
  trusteeMiddleName: m.application_contact_trustee_middle_name_label,
  trusteeLastName: m.application_contact_trustee_last_name_label,
  trusteeSuffix: m.application_contact_trustee_suffix_label,
  decedentSSN: m.application_contact_decedent_ssn_label,
  grantorSSN: m.application_contact_grantor_ssn_label,
}) satisfies Record<ContactAnswer, string>;

/**
 * Where step 3 words a question otherwise than contactLabels: its groups (Primary Contact,
 * Responsible Party, Trustee) already say whose name, phone or email is asked.
 */
export const contactPageLabels = spoken({
  phoneNumber: m.application_contact_phone_number_question,
  emailAddress: m.application_contact_email_address_question,
  sameAsContact: m.application_contact_same_as_contact_question,
  rpTitle: m.application_contact_rp_title_question,
  rpTaxIdType: m.application_contact_rp_tax_id_type_question,
  rpSSN: m.application_contact_rp_ssn_question,
  rpItin: m.application_contact_rp_itin_question,
  rpUsPerson: m.application_contact_rp_us_person_question,
  rpPhone: m.application_contact_rp_phone_question,
  rpEmail: m.application_contact_rp_email_question,
  trustFilingAsEstate: m.application_contact_trust_filing_as_estate_question,
  trusteeSuffix: m.application_contact_trustee_suffix_question,
  decedentSSN: m.application_contact_decedent_ssn_question,
  grantorSSN: m.application_contact_grantor_ssn_question,
}) satisfies Partial<Record<ContactAnswer, string>>;

export const contactDefaults: Contact = {
  contactFirstName: '',
  contactMiddleName: '',
  contactLastName: '',
  phoneNumber: '',
  emailAddress: '',
  sameAsContact: false,
  rpFirstName: '',
  rpMiddleName: '',
  rpLastName: '',
  rpTitle: '',
  rpTaxIdType: 'ssn',
  rpSSN: '',
  rpItin: '',
  rpUsPerson: '',
  rpPhone: '',
  rpEmail: '',
  entityType: '',
  trustFilingAsEstate: false,
  trusteeFirstName: '',
  trusteeMiddleName: '',
  trusteeLastName: '',
  trusteeSuffix: '',
  decedentSSN: '',
  grantorSSN: '',
};
