import { einPattern } from '../ein';
import { z } from 'zod';
import { printedText } from '../storable-text';
import { isBlank, isIsoDate, optionalText, requiredText } from './fields';
import { usStateNames } from './options';
import { irsNameMessages, isIrsName } from './irs-names';
import { asksPostalCode, isAbroad, isCountryCode, requiresProvince, unitedStates } from './countries';

// Step 2 "Company Registration Details": registration data and the business (and mailing) address.

export const closingMonthOptions = [
  { value: '01', label: 'January' },
  { value: '02', label: 'February' },
  { value: '03', label: 'March' },
  { value: '04', label: 'April' },
  { value: '05', label: 'May' },
  { value: '06', label: 'June' },
  { value: '07', label: 'July' },
  { value: '08', label: 'August' },
  { value: '09', label: 'September' },
  { value: '10', label: 'October' },
  { value: '11', label: 'November' },
  { value: '12', label: 'December' },
] as const;

const closingMonthValues: readonly string[] = closingMonthOptions.map((option) => option.value);

export const reitTypeOptions = [
  { value: 'equity', label: 'Equity REIT', hint: 'Owns and operates income-producing real estate.' },
  { value: 'mortgage', label: 'Mortgage REIT', hint: 'Finances real estate through mortgages or mortgage-backed securities.' },
] as const;

export const registrationLimits = {
  companyRegistrationNumber: 50,
  streetAddress: 200,
  city: 100,
  county: 100,
  mailingCareOf: 100,
  province: 100,
  postalCode: 20,
} as const;

/** 12345 or 12345-6789, as the ZIP input shows it. */
const zipPattern = /^\d{5}(-\d{4})?$/;

const isStateName = (value: string) => usStateNames.includes(value);

/**
 * A street line holding a post office box or a private mailbox, anywhere in it: "PO Box 12",
 * "P.O. Box", "P O Box", "POBox", "Post Office Box", "PMB 204", "100 Main St PMB 7" (SS-4 line 5a
 * never takes one; the mailing address may).
 */
export function isPostOfficeBox(street: string | undefined): boolean {
  return /\b(?:p\.?\s*o\.?\s*box|post\s+office\s+box|p\.?\s*m\.?\s*b\b\.?)/i.test(street ?? '');
}

/** How far ahead a business start date may be: a business about to start may apply early. */
export const businessStartDateMaxDaysAhead = 90;
/** The earliest business start date accepted. */
export const earliestBusinessStartDate = '1900-01-01';

/**
 * The latest business start date accepted on `now`'s day: 90 days ahead, counted in UTC so the
 * browser and the server agree (YYYY-MM-DD, comparable as text with the date input's value).
 */
export function latestBusinessStartDate(now: Date = new Date()): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today + businessStartDateMaxDaysAhead * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A part of an address printed on the SS-4, in the characters the IRS takes (irs-names.ts, decision 052). */
const inIrsCharacters = (value: string) => isIrsName(value, 'address');

/** Optional state (full name): empty, or one of the 50 states. */
const optionalStateName = (message: string) => z.string().refine((value) => value === '' || isStateName(value), message);

export const registrationMessages = {
  businessStartDate: 'Business start date is required',
  invalidDate: 'Enter a valid date',
  previousOwnerEIN: 'Enter format: XX-XXXXXXX',
  accountingYearClosingMonth: 'Select closing month',
  streetAddress: 'Street address is required',
  city: 'City is required',
  county: 'County is required',
  state: 'State is required',
  zipCode: 'Valid ZIP code required',
  appliedForEinBefore: 'Select Yes or No',
  previousEin: 'Enter format: XX-XXXXXXX',
  streetAddressPoBox:
    'A P.O. box or PMB cannot be the street address. Enter where the business is located, and give the box as the mailing address below.',
  businessStartDateTooLate: `Business start date cannot be more than ${businessStartDateMaxDaysAhead} days from today`,
  businessStartDateTooEarly: 'Business start date cannot be before 1900',
  mailingStreetAddress: 'Mailing street address is required',
  mailingCity: 'Mailing city is required',
  mailingCounty: 'Mailing county is required',
  mailingState: 'Mailing state is required',
  mailingZipCode: 'Valid mailing ZIP code required',
  stateFromList: 'Select a state from the list',
  country: 'Select a country from the list',
  province: 'State, province or region is required',
  postalCode: 'Postal code is required',
  mailingProvince: 'Mailing state, province or region is required',
  mailingPostalCode: 'Mailing postal code is required',
  reitType: 'Select a REIT type',
  mailingCareOfCharacters: irsNameMessages.business,
  addressCharacters: irsNameMessages.address,
} as const;
const messages = registrationMessages;

/** Step 2 asks for the entity's previous EIN only when it says it had one (SS-4 line 18). */
export function asksPreviousEin(appliedForEinBefore: string | undefined): boolean {
  return appliedForEinBefore === 'true';
}

/** Step 2 asks for a mailing address only when it differs from the business address. */
export function asksMailingAddress(sameMailingAddress: boolean | undefined): boolean {
  return !sameMailingAddress;
}

export const registrationSchema = z
  .strictObject({
    companyRegistrationNumber: optionalText(registrationLimits.companyRegistrationNumber),
    businessStartDate: z
      .string()
      .min(1, messages.businessStartDate)
      .refine((value) => value === '' || isIsoDate(value), messages.invalidDate)
      .refine((value) => !isIsoDate(value) || value >= earliestBusinessStartDate, messages.businessStartDateTooEarly)
      .refine((value) => !isIsoDate(value) || value <= latestBusinessStartDate(), messages.businessStartDateTooLate),
    previousOwnerEIN: z.string().refine((value) => value === '' || einPattern.test(value), messages.previousOwnerEIN),
    accountingYearClosingMonth: z.string().refine((value) => closingMonthValues.includes(value), messages.accountingYearClosingMonth),
    streetAddress: requiredText(messages.streetAddress, registrationLimits.streetAddress)
      // The P.O. box first: its message says where the box goes, which matters more than its periods.
      .refine((value) => !isPostOfficeBox(value), messages.streetAddressPoBox)
      .refine(inIrsCharacters, messages.addressCharacters),
    city: requiredText(messages.city, registrationLimits.city).refine(inIrsCharacters, messages.addressCharacters),
    // Absent on answers saved before addresses abroad: the United States. County, state and ZIP are
    // asked in the United States, province and postal code abroad (required as the country needs: below).
    country: z.string().refine(isCountryCode, messages.country).optional(),
    county: optionalText(registrationLimits.county).refine(inIrsCharacters, messages.addressCharacters),
    state: printedText(z.string()),
    zipCode: printedText(z.string()),
    province: optionalText(registrationLimits.province).refine(inIrsCharacters, messages.addressCharacters).optional(),
    postalCode: optionalText(registrationLimits.postalCode).refine(inIrsCharacters, messages.addressCharacters).optional(),
    sameMailingAddress: z.boolean(),
    // Shown only when the mailing address differs (required then: see below).
    // Line 3's "care of" name: a person or a company, in the characters the IRS takes for a business's name.
    mailingCareOf: optionalText(registrationLimits.mailingCareOf)
      .refine((value) => isIrsName(value, 'business'), messages.mailingCareOfCharacters)
      .optional(),
    mailingStreetAddress: optionalText(registrationLimits.streetAddress).refine(inIrsCharacters, messages.addressCharacters).optional(),
    mailingCity: optionalText(registrationLimits.city).refine(inIrsCharacters, messages.addressCharacters).optional(),
    mailingCountry: z.string().refine(isCountryCode, messages.country).optional(),
    mailingProvince: optionalText(registrationLimits.province).refine(inIrsCharacters, messages.addressCharacters).optional(),
    mailingPostalCode: optionalText(registrationLimits.postalCode).refine(inIrsCharacters, messages.addressCharacters).optional(),
    mailingCounty: optionalText(registrationLimits.county).refine(inIrsCharacters, messages.addressCharacters).optional(),
    mailingState: optionalStateName(messages.mailingState).optional(),
    mailingZipCode: z
      .string()
      .refine((value) => value === '' || zipPattern.test(value), messages.mailingZipCode)
      .optional(),
    // Shown by entity and corporation type, marked required but not enforced (spec 01, section 5).
    incorporationState: optionalStateName(messages.stateFromList).optional(),
    llcOrganizationState: optionalStateName(messages.stateFromList).optional(),
    reitType: z.enum(['', 'equity', 'mortgage'], { error: messages.reitType }).optional(),
    // SS-4 line 18: has the entity itself (not a previous owner) had an EIN before; its EIN when yes.
    appliedForEinBefore: z.enum(['', 'true', 'false'], { error: messages.appliedForEinBefore }).optional(),
    previousEin: z.string().refine((value) => value === '' || einPattern.test(value), messages.previousEin).optional(),
  })
  .superRefine((registration, ctx) => {
    // A malformed EIN already has the field's own message; here only a missing one.
    if (asksPreviousEin(registration.appliedForEinBefore) && (registration.previousEin ?? '') === '') {
      ctx.addIssue({ code: 'custom', path: ['previousEin'], message: messages.previousEin });
    }
    const refuse = (field: keyof Registration, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    if (isAbroad(registration.country)) {
      if (requiresProvince(registration.country) && isBlank(registration.province ?? '')) refuse('province', messages.province);
      if (asksPostalCode(registration.country) && isBlank(registration.postalCode ?? '')) refuse('postalCode', messages.postalCode);
    } else {
      if (isBlank(registration.county)) refuse('county', messages.county);
      if (!isStateName(registration.state)) refuse('state', messages.state);
      if (!zipPattern.test(registration.zipCode)) refuse('zipCode', messages.zipCode);
    }
    if (!asksMailingAddress(registration.sameMailingAddress)) return;
    for (const field of ['mailingStreetAddress', 'mailingCity'] as const) {
      if (isBlank(registration[field] ?? '')) refuse(field, messages[field]);
    }
    if (isAbroad(registration.mailingCountry)) {
      if (requiresProvince(registration.mailingCountry) && isBlank(registration.mailingProvince ?? '')) refuse('mailingProvince', messages.mailingProvince);
      if (asksPostalCode(registration.mailingCountry) && isBlank(registration.mailingPostalCode ?? ''))
        refuse('mailingPostalCode', messages.mailingPostalCode);
    } else {
      for (const field of ['mailingCounty', 'mailingState', 'mailingZipCode'] as const) {
        if (isBlank(registration[field] ?? '')) refuse(field, messages[field]);
      }
    }
  });

/** Whether step 2 asks the business address's county, state and ZIP (in the United States) or its province and postal code. */
export const businessAddressAbroad = (registration: { country?: string }) => isAbroad(registration.country);
export const mailingAddressAbroad = (registration: { mailingCountry?: string }) => isAbroad(registration.mailingCountry);
export { unitedStates };

export type Registration = z.infer<typeof registrationSchema>;

/** What each answer is called where it is read back (the staff's submission view). */
export const registrationLabels = {
  companyRegistrationNumber: 'Company Registration Number',
  businessStartDate: 'Business Start Date',
  previousOwnerEIN: "Previous Owner's EIN",
  appliedForEinBefore: 'The Business Itself Had an EIN Before',
  previousEin: 'Its Previous EIN',
  accountingYearClosingMonth: 'Accounting Year Closing Month',
  reitType: 'Type of REIT',
  incorporationState: 'State of Incorporation',
  llcOrganizationState: 'State of Organization',
  streetAddress: 'Street Address',
  city: 'City',
  country: 'Country',
  county: 'County',
  state: 'State',
  zipCode: 'ZIP Code',
  province: 'State, Province or Region',
  postalCode: 'Postal Code',
  sameMailingAddress: 'Mailing Address Same as Business Address',
  mailingCareOf: 'Mailing Care Of (c/o)',
  mailingStreetAddress: 'Mailing Street Address',
  mailingCity: 'Mailing City',
  mailingCountry: 'Mailing Country',
  mailingProvince: 'Mailing State, Province or Region',
  mailingPostalCode: 'Mailing Postal Code',
  mailingCounty: 'Mailing County',
  mailingState: 'Mailing State',
  mailingZipCode: 'Mailing ZIP Code',
} as const satisfies Record<keyof Registration, string>;

/** Where step 2 words a question otherwise than registrationLabels. */
export const registrationPageLabels = {
  appliedForEinBefore: 'Has this business itself ever had an EIN?',
  sameMailingAddress: 'Mailing address is the same as the business address',
  mailingCareOf: 'Care Of (c/o)',
} as const satisfies Partial<Record<keyof Registration, string>>;

export const registrationDefaults: Registration = {
  companyRegistrationNumber: '',
  businessStartDate: '',
  previousOwnerEIN: '',
  accountingYearClosingMonth: '12',
  streetAddress: '',
  city: '',
  county: '',
  state: '',
  zipCode: '',
  sameMailingAddress: true,
  mailingCareOf: '',
  mailingStreetAddress: '',
  mailingCity: '',
  mailingCounty: '',
  mailingState: '',
  mailingZipCode: '',
  mailingCountry: 'US',
  mailingProvince: '',
  mailingPostalCode: '',
  country: 'US',
  province: '',
  postalCode: '',
  incorporationState: '',
  llcOrganizationState: '',
  reitType: '',
  appliedForEinBefore: '',
  previousEin: '',
};

/** Step 2 asks a REIT which kind it is. */
export function asksReitType(entityType: string | undefined, corporationType: string | undefined): boolean {
  return entityType === 'Corporation' && corporationType === 'REIT';
}

/** Step 2 asks an LLC where it was organised. */
export function asksLlcOrganizationState(entityType: string | undefined): boolean {
  return entityType === 'LLC';
}

/** A separate mailing address may carry a care-of line, except an LLC's. */
export function asksMailingCareOf(entityType: string | undefined): boolean {
  return entityType !== 'LLC';
}

/** Corporation types whose articles of incorporation step 2 does not ask about. */
const typesWithoutIncorporationState: readonly string[] = ['REIT', 'RIC', 'Settlement Fund'];

/** Step 2 asks a corporation (other than a REIT, RIC or settlement fund) where it was incorporated. */
export function asksIncorporationState(entityType: string | undefined, corporationType: string | undefined): boolean {
  return entityType === 'Corporation' && !typesWithoutIncorporationState.includes(corporationType ?? '');
}
