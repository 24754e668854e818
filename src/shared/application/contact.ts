import { z } from 'zod';
import { entityTypeOptions } from './company';
import { isBlank, optionalText, tooLong } from './fields';
import { irsNameMessages, isIrsName } from './irs-names';

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
  rpPhone: 'Enter 10 digits',
  rpEmail: 'Enter a valid email address',
  entityType: 'Entity type is required',
  trusteeSuffix: 'Select a suffix from the list',
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
 * The answers of step 3 that are Social Security numbers. Each is stored encrypted (decision 007),
 * shown to staff masked with its own audited Reveal, and opened only for Form SS-4.
 */
export const ssnFields = ['rpSSN', 'decedentSSN', 'grantorSSN'] as const;
export type SsnField = (typeof ssnFields)[number];

const ssnDigits = z.string().regex(/^\d{9}$/, messages.rpSSN);

export const contactSchema = z
  .strictObject({
    contactFirstName: requiredName(messages.firstName),
    contactMiddleName: optionalName(),
    contactLastName: requiredName(messages.lastName),
    phoneNumber: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, messages.phoneNumber),
    emailAddress: email(messages.emailAddress),
    sameAsContact: z.boolean(),
    rpFirstName: requiredName(messages.firstName),
    rpMiddleName: optionalName(),
    rpLastName: requiredName(messages.lastName),
    rpTitle: optionalText(titleMaxLength).refine((value) => value.trim().length >= 2, messages.rpTitle),
    rpSSN: ssnDigits,
    rpPhone: z.string().regex(/^\d{10}$/, messages.rpPhone),
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
  rpSSN: 'Responsible Party SSN',
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
  rpSSN: 'Social Security Number',
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
  rpSSN: '',
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
