import { z } from 'zod';
import { usStateNames } from './options';

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
} as const;

/** 12345 or 12345-6789, as the ZIP input shows it. */
const zipPattern = /^\d{5}(-\d{4})?$/;
const einPattern = /^\d{2}-\d{7}$/;

const tooLong = (max: number) => `Must be ${max} characters or fewer`;
const isBlank = (value: string) => value.trim() === '';
const isStateName = (value: string) => usStateNames.includes(value);

/** A real calendar date written YYYY-MM-DD (what a native date input gives). */
function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A street line that is a post office box (SS-4 line 5a never takes one). */
export function isPostOfficeBox(street: string | undefined): boolean {
  return /^\s*(?:p\.?\s*o\.?|post\s+office)\s*box\b/i.test(street ?? '');
}

/** Required text: not only spaces, at most `max` characters. */
const requiredText = (message: string, max: number) =>
  z
    .string()
    .max(max, tooLong(max))
    .refine((value) => !isBlank(value), message);

/** Optional state (full name): empty, or one of the 50 states. */
const optionalStateName = (message: string) => z.string().refine((value) => value === '' || isStateName(value), message);

export const registrationMessages = {
  appliedForEinBefore: 'Select Yes or No',
  previousEin: 'Enter format: XX-XXXXXXX',
  streetAddressPoBox: 'A P.O. box cannot be the street address',
} as const;

const messages = {
  mailingStreetAddress: 'Mailing street address is required',
  mailingCity: 'Mailing city is required',
  mailingCounty: 'Mailing county is required',
  mailingState: 'Mailing state is required',
  mailingZipCode: 'Valid mailing ZIP code required',
} as const;

export const registrationSchema = z
  .strictObject({
    companyRegistrationNumber: z.string().max(registrationLimits.companyRegistrationNumber, tooLong(registrationLimits.companyRegistrationNumber)),
    businessStartDate: z
      .string()
      .min(1, 'Business start date is required')
      .refine((value) => value === '' || isIsoDate(value), 'Enter a valid date'),
    previousOwnerEIN: z.string().refine((value) => value === '' || einPattern.test(value), 'Enter format: XX-XXXXXXX'),
    accountingYearClosingMonth: z.string().refine((value) => closingMonthValues.includes(value), 'Select closing month'),
    streetAddress: requiredText('Street address is required', registrationLimits.streetAddress).refine(
      (value) => !isPostOfficeBox(value),
      registrationMessages.streetAddressPoBox,
    ),
    city: requiredText('City is required', registrationLimits.city),
    county: requiredText('County is required', registrationLimits.county),
    state: z.string().refine(isStateName, 'State is required'),
    zipCode: z.string().regex(zipPattern, 'Valid ZIP code required'),
    sameMailingAddress: z.boolean(),
    // Shown only when the mailing address differs (required then: see below).
    mailingCareOf: z.string().max(registrationLimits.mailingCareOf, tooLong(registrationLimits.mailingCareOf)).optional(),
    mailingStreetAddress: z.string().max(registrationLimits.streetAddress, tooLong(registrationLimits.streetAddress)).optional(),
    mailingCity: z.string().max(registrationLimits.city, tooLong(registrationLimits.city)).optional(),
    mailingCounty: z.string().max(registrationLimits.county, tooLong(registrationLimits.county)).optional(),
    mailingState: optionalStateName(messages.mailingState).optional(),
    mailingZipCode: z
      .string()
      .refine((value) => value === '' || zipPattern.test(value), messages.mailingZipCode)
      .optional(),
    // Shown by entity and corporation type, marked required but not enforced (spec 01, section 5).
    incorporationState: optionalStateName('Select a state from the list').optional(),
    llcOrganizationState: optionalStateName('Select a state from the list').optional(),
    reitType: z.enum(['', 'equity', 'mortgage'], { error: 'Select a REIT type' }).optional(),
    // SS-4 line 18: has the entity itself (not a previous owner) had an EIN before; its EIN when yes.
    appliedForEinBefore: z.enum(['', 'true', 'false'], { error: registrationMessages.appliedForEinBefore }).optional(),
    previousEin: z.string().refine((value) => value === '' || einPattern.test(value), registrationMessages.previousEin).optional(),
  })
  .superRefine((registration, ctx) => {
    // A malformed EIN already has the field's own message; here only a missing one.
    if (registration.appliedForEinBefore === 'true' && (registration.previousEin ?? '') === '') {
      ctx.addIssue({ code: 'custom', path: ['previousEin'], message: registrationMessages.previousEin });
    }
    if (registration.sameMailingAddress) return;
    const required = ['mailingStreetAddress', 'mailingCity', 'mailingCounty', 'mailingState', 'mailingZipCode'] as const;
    for (const field of required) {
      if (isBlank(registration[field] ?? '')) ctx.addIssue({ code: 'custom', path: [field], message: messages[field] });
    }
  });

export type Registration = z.infer<typeof registrationSchema>;

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
  incorporationState: '',
  llcOrganizationState: '',
  reitType: '',
  appliedForEinBefore: '',
  previousEin: '',
};

/** Corporation types whose articles of incorporation step 2 does not ask about. */
const typesWithoutIncorporationState: readonly string[] = ['REIT', 'RIC', 'Settlement Fund'];

/** Step 2 asks a corporation (other than a REIT, RIC or settlement fund) where it was incorporated. */
export function asksIncorporationState(entityType: string | undefined, corporationType: string | undefined): boolean {
  return entityType === 'Corporation' && !typesWithoutIncorporationState.includes(corporationType ?? '');
}
