import { z } from 'zod';
import { entityTypeOptions } from './entity-types';
import { isBlank, optionalText, tooLong } from './fields';
import { irsNameMessages, isIrsName } from './irs-names';
import { isInternationalPhone, isValidInternationalPhone } from './phones';
import { rpTaxIdTypeOf, rpTaxIdTypes, type RpTaxIdType } from './rp-tax-id-type';

// Step 3 "Responsible Party": the primary contact, the responsible party and, for trusts, the trustee.

/**
 * The step-1 entity types. A copy of company.ts's list, kept here so this page's schema can check the
 * hidden entity-type marker on its own.
 */
const entityTypes: readonly string[] = entityTypeOptions.map((option) => option.value);

export const trusteeSuffixOptions = [
  { value: 'Jr', label: 'Jr' },
  { value: 'Sr', label: 'Sr' },
  { value: 'II', label: 'II' },
  { value: 'III', label: 'III' },
  { value: 'IV', label: 'IV' },
] as const;

export const nameMaxLength = 50;
export const titleMaxLength = 50;
const emailMaxLength = 254;

export const contactMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  nameCharacters: irsNameMessages.person,
  phoneNumber: 'Valid phone number required',
  emailAddress: 'Valid email address required',
  rpTitle: 'Title is required',
  rpSSN: 'Enter 9 digits',
  rpSSNNotAsked: 'Give an SSN only when the responsible party has one: choose "Social Security number" above, or clear it',
  rpTaxIdType: 'Select which taxpayer number the responsible party has',
  rpItin: 'Enter a valid 9-digit ITIN: it starts with 9, and its fourth and fifth digits are 50-65, 70-88, 90-92 or 94-99',
  rpTaxIdSoleProprietor:
    "A sole proprietor (or household employer) must have an SSN or an ITIN: the IRS needs the owner's own number on the form. Without one, apply for an ITIN first with Form W-7.",
  rpUsPerson: 'Select Yes or No',
  rpUsPersonNotAsked: 'This question is asked only of an ITIN holder who owns a single-member LLC',
  rpPhone: 'Enter 10 digits',
  internationalPhone: 'Enter a valid number with its country code, for example +49 30 1234567',
  rpEmail: 'Enter a valid email address',
  entityType: 'Entity type is required',
  trusteeSuffix: 'Select a suffix from the list',
  ownerName:
    "A sole proprietor is the business's responsible party: the name must be the owner's name from step 1. Change the name there.",
} as const;
const messages = contactMessages;

/** A name that may be left empty: at most 50 characters, only what the IRS accepts (irs-names.ts). */
const optionalName = () => optionalText(nameMaxLength).refine((value) => isIrsName(value, 'person'), messages.nameCharacters);

/** A required name: the same rules, and not empty. */
const requiredName = (message: string) => optionalName().refine((value) => !isBlank(value), message);

const email = (message: string) => z.email({ error: message }).max(emailMaxLength, tooLong(emailMaxLength));


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
  { value: 'ssn', label: 'Social Security number (SSN)', hint: 'The 9-digit number the Social Security Administration issues to US citizens and residents.' },
  {
    value: 'itin',
    label: 'Individual Taxpayer Identification Number (ITIN)',
    hint: 'A 9-digit number starting with 9 that the IRS issues to people who cannot get an SSN.',
  },
  {
    value: 'none',
    label: 'I have neither; I am not a US person',
    hint: 'That is fine: the IRS assigns EINs to businesses owned from abroad. We file your form by fax.',
  },
] as const satisfies readonly { value: RpTaxIdType; label: string; hint: string }[];
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

const ssnDigits = z.string().regex(/^(\d{9})?$/, messages.rpSSN);

/** The contact's phone: a US number as its mask shows it, or a number abroad in E.164. */
const contactPhone = z
  .string()
  .refine((value) => isInternationalPhone(value) || /^\(\d{3}\) \d{3}-\d{4}$/.test(value), messages.phoneNumber)
  .refine((value) => !isInternationalPhone(value) || isValidInternationalPhone(value), messages.internationalPhone);

/** The responsible party's phone: ten US digits, or a number abroad in E.164. */
const responsiblePartyPhone = z
  .string()
  .refine((value) => isInternationalPhone(value) || /^\d{10}$/.test(value), messages.rpPhone)
  .refine((value) => !isInternationalPhone(value) || isValidInternationalPhone(value), messages.internationalPhone);

export const contactSchema = z
  .strictObject({
    contactFirstName: requiredName(messages.firstName),
    contactMiddleName: optionalName(),
    contactLastName: requiredName(messages.lastName),
    phoneNumber: contactPhone,
    emailAddress: email(messages.emailAddress),
    sameAsContact: z.boolean(),
    rpFirstName: requiredName(messages.firstName),
    rpMiddleName: optionalName(),
    rpLastName: requiredName(messages.lastName),
    rpTitle: optionalText(titleMaxLength).refine((value) => value.trim().length >= 2, messages.rpTitle),
    // Absent on answers saved before the question: read as "ssn" (rpTaxIdTypeOf).
    rpTaxIdType: z.enum(rpTaxIdTypes, { error: messages.rpTaxIdType }).optional(),
    rpSSN: ssnDigits,
    // Only for "itin" (required then: see below); encrypted at rest like the SSNs.
    rpItin: z.string().regex(/^(\d{9})?$/, messages.rpItin).optional(),
    // Only for an ITIN holder owning a single-member LLC: "true" for a US citizen or resident.
    rpUsPerson: z.enum(['', 'true', 'false'], { error: messages.rpUsPerson }).optional(),
    rpPhone: responsiblePartyPhone,
    rpEmail: email(messages.rpEmail),
    // The step-1 entity type, copied in so this schema alone knows whether a trustee is needed.
    entityType: z.string().refine((value) => entityTypes.includes(value), messages.entityType),
    // Trusts only (required names: see below).
    trustFilingAsEstate: z.boolean().optional(),
    trusteeFirstName: optionalName().optional(),
    trusteeMiddleName: optionalName().optional(),
    trusteeLastName: optionalName().optional(),
    trusteeSuffix: z.enum(['', 'Jr', 'Sr', 'II', 'III', 'IV'], { error: messages.trusteeSuffix }).optional(),
    // Estates only: the decedent's SSN (line 9a). Trusts only: the grantor's SSN (line 9a).
    // Empty while not asked (the page's defaults); required below when asked.
    decedentSSN: z.string().regex(/^(\d{9})?$/, messages.rpSSN).optional(),
    grantorSSN: z.string().regex(/^(\d{9})?$/, messages.rpSSN).optional(),
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
export const contactLabels = {
  contactFirstName: 'Contact First Name',
  contactMiddleName: 'Contact Middle Name',
  contactLastName: 'Contact Last Name',
  phoneNumber: 'Contact Phone Number',
  emailAddress: 'Contact Email Address',
  sameAsContact: 'Responsible Party Is the Primary Contact',
  rpFirstName: 'Responsible Party First Name',
  rpMiddleName: 'Responsible Party Middle Name',
  rpLastName: 'Responsible Party Last Name',
  rpTitle: 'Responsible Party Title',
  rpTaxIdType: 'Responsible Party Taxpayer Number',
  rpSSN: 'Responsible Party SSN',
  rpItin: 'Responsible Party ITIN',
  rpUsPerson: 'Responsible Party Is a US Citizen or Resident',
  rpPhone: 'Responsible Party Phone',
  rpEmail: 'Responsible Party Email',
  trustFilingAsEstate: 'Trust Filing as an Estate',
  trusteeFirstName: 'Trustee First Name',
  trusteeMiddleName: 'Trustee Middle Name',
  trusteeLastName: 'Trustee Last Name',
  trusteeSuffix: 'Trustee Suffix',
  decedentSSN: 'Decedent SSN',
  grantorSSN: 'Grantor SSN',
} as const satisfies Record<ContactAnswer, string>;

/**
 * Where step 3 words a question otherwise than contactLabels: its groups (Primary Contact,
 * Responsible Party, Trustee) already say whose name, phone or email is asked.
 */
export const contactPageLabels = {
  phoneNumber: 'Phone Number',
  emailAddress: 'Email Address',
  sameAsContact: 'The responsible party is the same as the primary contact',
  rpTitle: 'Title',
  rpTaxIdType: 'Which taxpayer number does the responsible party have?',
  rpSSN: 'Social Security Number',
  rpItin: 'ITIN',
  rpUsPerson: 'Is the responsible party a US citizen or a US resident?',
  rpPhone: 'Phone Number',
  rpEmail: 'Email Address',
  trustFilingAsEstate: 'The trust is filing as an estate',
  trusteeSuffix: 'Suffix',
  decedentSSN: "Decedent's Social Security Number",
  grantorSSN: "Grantor's Social Security Number",
} as const satisfies Partial<Record<ContactAnswer, string>>;

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
