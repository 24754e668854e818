import { einPattern } from '../ein';
import { z } from 'zod';
import { printedText } from '../storable-text';
import { m } from '#shared/i18n/messages.ts';
import { isBlank, isIsoDate, option, optionalText, requiredText, spoken, type Message } from './fields';
import { usStateNames } from './options';
import { irsNameMessages, isIrsName } from './irs-names';
import { asksPostalCode, isAbroad, isCountryCode, requiresProvince, unitedStates } from './countries';

// Step 2 "Company Registration Details": registration data and the business (and mailing) address.

export const closingMonthOptions = [
  option({ value: '01', label: m.options_month_01, formText: 'January' }),
  option({ value: '02', label: m.options_month_02, formText: 'February' }),
  option({ value: '03', label: m.options_month_03, formText: 'March' }),
  option({ value: '04', label: m.options_month_04, formText: 'April' }),
  option({ value: '05', label: m.options_month_05, formText: 'May' }),
  option({ value: '06', label: m.options_month_06, formText: 'June' }),
  option({ value: '07', label: m.options_month_07, formText: 'July' }),
  option({ value: '08', label: m.options_month_08, formText: 'August' }),
  option({ value: '09', label: m.options_month_09, formText: 'September' }),
  option({ value: '10', label: m.options_month_10, formText: 'October' }),
  option({ value: '11', label: m.options_month_11, formText: 'November' }),
  option({ value: '12', label: m.options_month_12, formText: 'December' }),
] as const;

const closingMonthValues: readonly string[] = closingMonthOptions.map((option) => option.value);

export const reitTypeOptions = [
  option({ value: 'equity', label: m.options_reit_type_equity, formText: 'Equity REIT', hint: m.options_reit_type_equity_hint }),
  option({ value: 'mortgage', label: m.options_reit_type_mortgage, formText: 'Mortgage REIT', hint: m.options_reit_type_mortgage_hint }),
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
const optionalStateName = (message: Message) => z.string().refine((value) => value === '' || isStateName(value), { error: message });

export const registrationMessages = spoken({
  businessStartDate: m.application_registration_business_start_date_error,
  invalidDate: m.application_registration_invalid_date_error,
  previousOwnerEIN: m.application_registration_previous_owner_ein_error,
  accountingYearClosingMonth: m.application_registration_accounting_year_closing_month_error,
  streetAddress: m.application_registration_street_address_error,
  city: m.application_registration_city_error,
  county: m.application_registration_county_error,
  state: m.application_registration_state_error,
  zipCode: m.application_registration_zip_code_error,
  appliedForEinBefore: m.application_registration_applied_for_ein_before_error,
  previousEin: m.application_registration_previous_ein_error,
  streetAddressPoBox: m.application_registration_street_address_po_box_error,
  businessStartDateTooLate: () => m.application_registration_business_start_date_too_late_error({ days: businessStartDateMaxDaysAhead }),
  businessStartDateTooEarly: m.application_registration_business_start_date_too_early_error,
  mailingStreetAddress: m.application_registration_mailing_street_address_error,
  mailingCity: m.application_registration_mailing_city_error,
  mailingCounty: m.application_registration_mailing_county_error,
  mailingState: m.application_registration_mailing_state_error,
  mailingZipCode: m.application_registration_mailing_zip_code_error,
  stateFromList: m.application_registration_state_from_list_error,
  country: m.application_registration_country_error,
  province: m.application_registration_province_error,
  postalCode: m.application_registration_postal_code_error,
  mailingProvince: m.application_registration_mailing_province_error,
  mailingPostalCode: m.application_registration_mailing_postal_code_error,
  reitType: m.application_registration_reit_type_error,
  mailingCareOfCharacters: () => irsNameMessages.business,
  addressCharacters: () => irsNameMessages.address,
});
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
      .min(1, { error: () => messages.businessStartDate })
      .refine((value) => value === '' || isIsoDate(value), { error: () => messages.invalidDate })
      .refine((value) => !isIsoDate(value) || value >= earliestBusinessStartDate, { error: () => messages.businessStartDateTooEarly })
      .refine((value) => !isIsoDate(value) || value <= latestBusinessStartDate(), { error: () => messages.businessStartDateTooLate }),
    previousOwnerEIN: z.string().refine((value) => value === '' || einPattern.test(value), { error: () => messages.previousOwnerEIN }),
    accountingYearClosingMonth: z.string().refine((value) => closingMonthValues.includes(value), { error: () => messages.accountingYearClosingMonth }),
    streetAddress: requiredText(() => messages.streetAddress, registrationLimits.streetAddress)
      // The P.O. box first: its message says where the box goes, which matters more than its periods.
      .refine((value) => !isPostOfficeBox(value), { error: () => messages.streetAddressPoBox })
      .refine(inIrsCharacters, { error: () => messages.addressCharacters }),
    city: requiredText(() => messages.city, registrationLimits.city).refine(inIrsCharacters, { error: () => messages.addressCharacters }),
    // Absent on answers saved before addresses abroad: the United States. County, state and ZIP are
    // asked in the United States, province and postal code abroad (required as the country needs: below).
    country: z.string().refine(isCountryCode, { error: () => messages.country }).optional(),
    county: optionalText(registrationLimits.county).refine(inIrsCharacters, { error: () => messages.addressCharacters }),
    state: printedText(z.string()),
    zipCode: printedText(z.string()),
    province: optionalText(registrationLimits.province).refine(inIrsCharacters, { error: () => messages.addressCharacters }).optional(),
    postalCode: optionalText(registrationLimits.postalCode).refine(inIrsCharacters, { error: () => messages.addressCharacters }).optional(),
    sameMailingAddress: z.boolean(),
    // Shown only when the mailing address differs (required then: see below).
    // Line 3's "care of" name: a person or a company, in the characters the IRS takes for a business's name.
    mailingCareOf: optionalText(registrationLimits.mailingCareOf)
      .refine((value) => isIrsName(value, 'business'), { error: () => messages.mailingCareOfCharacters })
      .optional(),
    mailingStreetAddress: optionalText(registrationLimits.streetAddress).refine(inIrsCharacters, { error: () => messages.addressCharacters }).optional(),
    mailingCity: optionalText(registrationLimits.city).refine(inIrsCharacters, { error: () => messages.addressCharacters }).optional(),
    mailingCountry: z.string().refine(isCountryCode, { error: () => messages.country }).optional(),
    mailingProvince: optionalText(registrationLimits.province).refine(inIrsCharacters, { error: () => messages.addressCharacters }).optional(),
    mailingPostalCode: optionalText(registrationLimits.postalCode).refine(inIrsCharacters, { error: () => messages.addressCharacters }).optional(),
    mailingCounty: optionalText(registrationLimits.county).refine(inIrsCharacters, { error: () => messages.addressCharacters }).optional(),
    mailingState: optionalStateName(() => messages.mailingState).optional(),
    mailingZipCode: z
      .string()
      .refine((value) => value === '' || zipPattern.test(value), { error: () => messages.mailingZipCode })
      .optional(),
    // Shown by entity and corporation type, marked required but not enforced (spec 01, section 5).
    incorporationState: optionalStateName(() => messages.stateFromList).optional(),
    llcOrganizationState: optionalStateName(() => messages.stateFromList).optional(),
    reitType: z.enum(['', 'equity', 'mortgage'], { error: () => messages.reitType }).optional(),
    // SS-4 line 18: has the entity itself (not a previous owner) had an EIN before; its EIN when yes.
    appliedForEinBefore: z.enum(['', 'true', 'false'], { error: () => messages.appliedForEinBefore }).optional(),
    previousEin: z.string().refine((value) => value === '' || einPattern.test(value), { error: () => messages.previousEin }).optional(),
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
export const registrationLabels = spoken({
  companyRegistrationNumber: m.application_registration_company_registration_number_label,
  businessStartDate: m.application_registration_business_start_date_label,
  previousOwnerEIN: m.application_registration_previous_owner_ein_label,
  appliedForEinBefore: m.application_registration_applied_for_ein_before_label,
  previousEin: m.application_registration_previous_ein_label,
  accountingYearClosingMonth: m.application_registration_accounting_year_closing_month_label,
  reitType: m.application_registration_reit_type_label,
  incorporationState: m.application_registration_incorporation_state_label,
  llcOrganizationState: m.application_registration_llc_organization_state_label,
  streetAddress: m.application_registration_street_address_label,
  city: m.application_registration_city_label,
  country: m.application_registration_country_label,
  county: m.application_registration_county_label,
  state: m.application_registration_state_label,
  zipCode: m.application_registration_zip_code_label,
  province: m.application_registration_province_label,
  postalCode: m.application_registration_postal_code_label,
  sameMailingAddress: m.application_registration_same_mailing_address_label,
  mailingCareOf: m.application_registration_mailing_care_of_label,
  mailingStreetAddress: m.application_registration_mailing_street_address_label,
  mailingCity: m.application_registration_mailing_city_label,
  mailingCountry: m.application_registration_mailing_country_label,
  mailingProvince: m.application_registration_mailing_province_label,
  mailingPostalCode: m.application_registration_mailing_postal_code_label,
  mailingCounty: m.application_registration_mailing_county_label,
  mailingState: m.application_registration_mailing_state_label,
  mailingZipCode: m.application_registration_mailing_zip_code_label,
}) satisfies Record<keyof Registration, string>;

/** Where step 2 words a question otherwise than registrationLabels. */
export const registrationPageLabels = spoken({
  appliedForEinBefore: m.application_registration_applied_for_ein_before_question,
  sameMailingAddress: m.application_registration_same_mailing_address_question,
  mailingCareOf: m.application_registration_mailing_care_of_question,
}) satisfies Partial<Record<keyof Registration, string>>;

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
