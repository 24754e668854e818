import { z } from 'zod';
import { m } from '#shared/i18n/messages.ts';
import { choice, isBlank, option, optionalText, requiredChoice, spoken, tooLong, valuesOf, yesNo, type Option } from './fields';
import { communityPropertyStates, llcLocationValues, usStateCodes } from './options';
import { irsNameMessages, isIrsName, type IrsNameKind } from './irs-names';
import { entityTypeOptions } from './entity-types';

// Step 1 of the wizard, "Company Information": who the applicant is (SS-4 lines 1, 2, 8a-8c, 9a, 10).
//
// Stored values are readable and stable: each option's value is the name the specification gives it
// (entity types 'Sole Proprietor', 'Partnership', 'Corporation', 'LLC', 'Estate', 'Trust', 'Others';
// corporation types 'Corporation', 'S Corporation', 'Personal Service Corporation', 'REIT', 'RIC',
// 'Settlement Fund'; reasons, partnership, sole proprietor, trust types and LLC classifications as
// their labels read). Labels may be reworded later; values are what later steps, staff and the
// filed form read, so they must not change.
//
// The specification's draft also names escrowReason, receivershipReason, additionalEntityType and
// additionalEntityReason. Those questions would only show for the trust types Escrow and
// Receivership, which the offered trust types never include, so they can never be asked: they are
// deliberately not built, and a saved application carrying them is rejected as unknown keys.

// The entity types live apart, so step 3's schema checks its copy of the answer without step 1's.
export { entityTypeOptions, type EntityType } from './entity-types';

export const corporationTypeOptions = [
  option({ value: 'Corporation', label: m.options_corporation_type_corporation, formText: 'Corporation', hint: m.options_corporation_type_corporation_hint }),
  option({ value: 'S Corporation', label: m.options_corporation_type_s_corporation, formText: 'S Corporation', hint: m.options_corporation_type_s_corporation_hint }),
  option({
    value: 'Personal Service Corporation',
    label: m.options_corporation_type_personal_service,
    formText: 'Personal Service Corporation',
    hint: m.options_corporation_type_personal_service_hint,
  }),
  option({ value: 'REIT', label: m.options_corporation_type_reit, formText: 'Real Estate Investment Trust (REIT)', hint: m.options_corporation_type_reit_hint }),
  option({ value: 'RIC', label: m.options_corporation_type_ric, formText: 'Regulated Investment Conduit (RIC)', hint: m.options_corporation_type_ric_hint }),
  option({
    value: 'Settlement Fund',
    label: m.options_corporation_type_settlement_fund,
    formText: 'Settlement Fund (under IRC Sec 4688)',
    hint: m.options_corporation_type_settlement_fund_hint,
  }),
] as const satisfies readonly Option<string>[];
export type CorporationType = (typeof corporationTypeOptions)[number]['value'];

/** Reasons for requesting an EIN (SS-4 line 10), asked of corporations, partnerships, sole proprietors and LLCs. */
export const reasonOptions = [
  option({ value: 'Started a new business', label: m.options_reason_started_business, formText: 'Started a new business' }),
  option({ value: 'Hired employee(s)', label: m.options_reason_hired_employees, formText: 'Hired employee(s)' }),
  option({ value: 'Banking purposes', label: m.options_reason_banking, formText: 'Banking purposes' }),
  option({ value: 'Changed type of organization', label: m.options_reason_changed_type, formText: 'Changed type of organization' }),
  option({ value: 'Purchased active business', label: m.options_reason_purchased_business, formText: 'Purchased active business' }),
] as const satisfies readonly Option<string>[];
export type Reason = (typeof reasonOptions)[number]['value'];

export const partnershipTypeOptions = [
  option({ value: 'Partnership', label: m.options_partnership_type_partnership, formText: 'Partnership', hint: m.options_partnership_type_partnership_hint }),
  option({ value: 'Joint Venture', label: m.options_partnership_type_joint_venture, formText: 'Joint Venture', hint: m.options_partnership_type_joint_venture_hint }),
] as const satisfies readonly Option<string>[];
export type PartnershipType = (typeof partnershipTypeOptions)[number]['value'];

export const soleProprietorTypeOptions = [
  option({
    value: 'Sole Proprietor',
    label: m.options_sole_proprietor_type_sole_proprietor,
    formText: 'Sole Proprietor',
    hint: m.options_sole_proprietor_type_sole_proprietor_hint,
  }),
  option({
    value: 'Household Employer',
    label: m.options_sole_proprietor_type_household_employer,
    formText: 'Household Employer',
    hint: m.options_sole_proprietor_type_household_employer_hint,
  }),
] as const satisfies readonly Option<string>[];
export type SoleProprietorType = (typeof soleProprietorTypeOptions)[number]['value'];

export const trustTypeOptions = [
  option({ value: 'Revocable Trust', label: m.options_trust_type_revocable, formText: 'Revocable Trust', hint: m.options_trust_type_revocable_hint }),
  option({ value: 'Irrevocable Trust', label: m.options_trust_type_irrevocable, formText: 'Irrevocable Trust', hint: m.options_trust_type_irrevocable_hint }),
  option({ value: 'Other', label: m.options_other, formText: 'Other' }),
] as const satisfies readonly Option<string>[];
export type TrustType = (typeof trustTypeOptions)[number]['value'];

export const llcTaxClassificationOptions = [
  option({
    value: 'Multi-member LLC',
    label: m.options_llc_classification_multi_member,
    formText: 'Multi-member LLC',
    hint: m.options_llc_classification_multi_member_hint,
  }),
  option({
    value: 'Single-member LLC',
    label: m.options_llc_classification_single_member,
    formText: 'Single-member LLC',
    hint: m.options_llc_classification_single_member_hint,
  }),
] as const satisfies readonly Option<string>[];
export type LlcTaxClassification = (typeof llcTaxClassificationOptions)[number]['value'];

/**
 * What an "Others" entity is, as far as line 9a of Form SS-4 needs it: the box "Other nonprofit
 * organization (specify)", "Church or church-controlled organization", or "Other (specify)".
 */
export const otherEntityTypeOptions = [
  option({
    value: 'Nonprofit organization',
    label: m.options_other_entity_nonprofit,
    formText: 'Nonprofit organization',
    hint: m.options_other_entity_nonprofit_hint,
  }),
  option({ value: 'Church', label: m.options_other_entity_church, formText: 'Church or church-controlled organization' }),
  option({ value: 'Other', label: m.options_other_entity_other, formText: 'Something else', hint: m.options_other_entity_other_hint }),
] as const satisfies readonly Option<string>[];
export type OtherEntityType = (typeof otherEntityTypeOptions)[number]['value'];

/** Why an estate needs an EIN (SS-4 line 10). Administering it is line 10's "Other (specify)". */
export const estateReasonOptions = [
  option({
    value: 'Administering the estate',
    label: m.options_estate_reason_administering,
    formText: 'Administering the estate',
    hint: m.options_estate_reason_administering_hint,
  }),
  option({ value: 'Banking purposes', label: m.options_reason_banking, formText: 'Banking purposes', hint: m.options_estate_reason_banking_hint }),
  option({ value: 'Hired employee(s)', label: m.options_reason_hired_employees, formText: 'Hired employee(s)', hint: m.options_estate_reason_hired_employees_hint }),
] as const satisfies readonly Option<string>[];
export type EstateReason = (typeof estateReasonOptions)[number]['value'];

/** Longest "specify" text on line 9a or line 10: the form's field holds about this much. */
export const specifyMaxLength = 60;

export const companyMessages = spoken({
  companyName: m.application_company_company_name_error,
  companyNameTooLong: m.application_company_company_name_too_long_error,
  companyNameCharacters: () => irsNameMessages.business,
  ownerNameCharacters: () => irsNameMessages.person,
  ownerFullName: m.application_company_owner_full_name_error,
  state: m.application_company_state_error,
  entityType: m.application_company_entity_type_error,
  hasTradeName: m.application_company_has_trade_name_error,
  tradeName: m.application_company_trade_name_error,
  tradeNameTooLong: m.application_company_trade_name_too_long_error,
  tradeNameEnding: m.application_company_trade_name_ending_error,
  tradeNameCharacters: () => irsNameMessages.business,
  corporationType: m.application_company_corporation_type_error,
  reasonForEin: m.application_company_reason_for_ein_error,
  partnershipType: m.application_company_partnership_type_error,
  soleProprietorType: m.application_company_sole_proprietor_type_error,
  trustType: m.application_company_trust_type_error,
  llcMemberCount: m.application_company_llc_member_count_error,
  llcLocationState: m.application_company_llc_location_state_error,
  llcIsHusbandWife: m.application_company_llc_is_husband_wife_error,
  llcTaxClassification: m.application_company_llc_tax_classification_error,
  llcRicReason: m.application_company_llc_ric_reason_error,
  otherEntityType: m.application_company_other_entity_type_error,
  otherEntityDescription: m.application_company_other_entity_description_error,
  otherEntityDescriptionTooLong: tooLong(specifyMaxLength),
  bankingPurpose: m.application_company_banking_purpose_error,
  bankingPurposeTooLong: tooLong(specifyMaxLength),
});

/** Longest company or trade name accepted: far beyond any real name, but bounded. */
export const companyNameMaxLength = 200;

/** Endings that mark an entity (LLC, Inc, ...) and so do not belong in a trade name; as a whole word at the end, optional period. */
const entityEnding = /(?:^|[^a-z0-9])(?:llc|lc|pllc|pa|corp|inc|corporation|incorporated)\.?$/i;
/** A member count: a whole number from 1, written as plain digits. */
const memberCount = /^[1-9]\d{0,5}$/;

/** The husband-and-wife question is asked only of a two-member LLC in a community property state. */
export function asksHusbandWife(llcMemberCount: string | undefined, llcLocationState: string | undefined): boolean {
  return llcMemberCount === '2' && (communityPropertyStates as readonly string[]).includes(llcLocationState ?? '');
}

/**
 * Line 1 is a business's legal name, or a sole proprietor's own name (the owner applies as the
 * individual): the IRS's characters for a person, without digits, or for a business, with them.
 */
export function companyNameKind(entityType: string | undefined): IrsNameKind {
  return entityType === 'Sole Proprietor' ? 'person' : 'business';
}

/** The trade name is asked once the applicant says the business uses one. */
export function asksTradeName(hasTradeName: string | undefined): boolean {
  return hasTradeName === 'true';
}

/** The LLC's classification is asked of a husband-and-wife LLC that can choose it (see asksHusbandWife). */
export function asksLlcTaxClassification(
  llcMemberCount: string | undefined,
  llcLocationState: string | undefined,
  llcIsHusbandWife: string | undefined,
): boolean {
  return asksHusbandWife(llcMemberCount, llcLocationState) && llcIsHusbandWife === 'true';
}

/** The partnership's reason question is asked once a partnership type is chosen. */
export function asksPartnershipReason(partnershipType: string | undefined): boolean {
  return Boolean(partnershipType);
}

/** The corporation's reason question is asked once a type is chosen, except for a settlement fund. */
export function asksCorporationReason(corporationType: string | undefined): boolean {
  return Boolean(corporationType) && corporationType !== 'Settlement Fund';
}

/** The sole proprietor's reason question is asked once a type is chosen, except for a household employer. */
export function asksSoleProprietorReason(soleProprietorType: string | undefined): boolean {
  return Boolean(soleProprietorType) && soleProprietorType !== 'Household Employer';
}

/** The description of an "Others" entity is asked for the nonprofit and "something else" kinds (9a "specify"). */
export function asksOtherEntityDescription(otherEntityType: string | undefined): boolean {
  return otherEntityType === 'Nonprofit organization' || otherEntityType === 'Other';
}

/**
 * The reason for requesting an EIN the applicant gave (SS-4 line 10), from whichever question the
 * entity type asks; '' when none is asked (a trust, a settlement fund, a household employer) or unanswered.
 */
export function reasonForEin(company: Partial<Record<keyof Company, string | undefined>>): string {
  switch (company.entityType) {
    case 'Corporation':
      return asksCorporationReason(company.corporationType) ? (company.corporationReason ?? '') : '';
    case 'Partnership':
      return asksPartnershipReason(company.partnershipType) ? (company.partnershipReason ?? '') : '';
    case 'Sole Proprietor':
      return asksSoleProprietorReason(company.soleProprietorType) ? (company.soleProprietorReason ?? '') : '';
    case 'LLC':
      return company.llcRicReason ?? '';
    case 'Estate':
      return company.estateReason ?? '';
    case 'Others':
      return company.othersReason ?? '';
    default:
      return '';
  }
}

/** Line 10's "Banking purpose (specify purpose)": asked once banking is the reason given. */
export function asksBankingPurpose(company: Partial<Record<keyof Company, string | undefined>>): boolean {
  return reasonForEin(company) === 'Banking purposes';
}

export const companySchema = z
  .strictObject({
    companyName: z
      .string({ error: () => companyMessages.companyName })
      .refine((value) => value.trim().length >= 2, { error: () => companyMessages.companyName })
      .refine((value) => value.length <= companyNameMaxLength, { error: () => companyMessages.companyNameTooLong }),
    state: requiredChoice(usStateCodes, () => companyMessages.state),
    entityType: requiredChoice(valuesOf(entityTypeOptions), () => companyMessages.entityType),
    // Optional on Form SS-4 (line 2, "if different from line 1"): no answer means no trade name.
    hasTradeName: yesNo(() => companyMessages.hasTradeName),
    tradeName: z.string({ error: () => companyMessages.tradeName }).optional(),

    corporationType: choice(valuesOf(corporationTypeOptions), () => companyMessages.corporationType).optional(),
    corporationReason: choice(valuesOf(reasonOptions), () => companyMessages.reasonForEin).optional(),

    partnershipType: choice(valuesOf(partnershipTypeOptions), () => companyMessages.partnershipType).optional(),
    partnershipReason: choice(valuesOf(reasonOptions), () => companyMessages.reasonForEin).optional(),

    // The specification asks for no sole proprietor or trust type: both may stay unanswered.
    soleProprietorType: choice(valuesOf(soleProprietorTypeOptions), () => companyMessages.soleProprietorType).optional(),
    soleProprietorReason: choice(valuesOf(reasonOptions), () => companyMessages.reasonForEin).optional(),

    trustType: choice(valuesOf(trustTypeOptions), () => companyMessages.trustType).optional(),

    llcMemberCount: z.string({ error: () => companyMessages.llcMemberCount }).optional(),
    // A state's code, or "Outside US" for an LLC run from abroad (options.ts).
    llcLocationState: choice(llcLocationValues, () => companyMessages.llcLocationState).optional(),
    llcIsHusbandWife: yesNo(() => companyMessages.llcIsHusbandWife).optional(),
    llcTaxClassification: choice(valuesOf(llcTaxClassificationOptions), () => companyMessages.llcTaxClassification).optional(),
    // The LLC's reason for requesting an EIN (the name is the specification's).
    llcRicReason: choice(valuesOf(reasonOptions), () => companyMessages.llcRicReason).optional(),

    // Estates: why the estate needs the EIN (line 10).
    estateReason: choice(valuesOf(estateReasonOptions), () => companyMessages.reasonForEin).optional(),

    // "Others": which box of line 9a, what to write next to it, and line 10.
    otherEntityType: choice(valuesOf(otherEntityTypeOptions), () => companyMessages.otherEntityType).optional(),
    otherEntityDescription: optionalText(specifyMaxLength, () => companyMessages.otherEntityDescriptionTooLong).optional(),
    othersReason: choice(valuesOf(reasonOptions), () => companyMessages.reasonForEin).optional(),

    // Line 10 "Banking purpose (specify purpose)", whichever entity chose that reason.
    bankingPurpose: optionalText(specifyMaxLength, () => companyMessages.bankingPurposeTooLong).optional(),
  })
  .superRefine((company, context) => {
    const requireAnswer = (field: keyof typeof company, message: string) => {
      if (!company[field]) context.addIssue({ code: 'custom', path: [field], message });
    };

    // Checked as the IRS takes it, by whose name it is: the entity type is on this page too.
    const nameKind = companyNameKind(company.entityType);
    if (!isIrsName(company.companyName, nameKind))
      context.addIssue({
        code: 'custom',
        path: ['companyName'],
        message: nameKind === 'person' ? companyMessages.ownerNameCharacters : companyMessages.companyNameCharacters,
      });
    // The owner's name is also the responsible party's (line 7a), which has a first and a last name.
    if (company.entityType === 'Sole Proprietor' && company.companyName.trim().length >= 2 && !/\S\s+\S/.test(company.companyName.trim()))
      context.addIssue({ code: 'custom', path: ['companyName'], message: companyMessages.ownerFullName });

    if (asksTradeName(company.hasTradeName)) {
      const tradeName = (company.tradeName ?? '').trim();
      if (tradeName.length < 2) context.addIssue({ code: 'custom', path: ['tradeName'], message: companyMessages.tradeName });
      if (tradeName.length > companyNameMaxLength)
        context.addIssue({ code: 'custom', path: ['tradeName'], message: companyMessages.tradeNameTooLong });
      if (entityEnding.test(tradeName))
        context.addIssue({ code: 'custom', path: ['tradeName'], message: companyMessages.tradeNameEnding });
      if (!isIrsName(tradeName, 'business'))
        context.addIssue({ code: 'custom', path: ['tradeName'], message: companyMessages.tradeNameCharacters });
    }

    switch (company.entityType) {
      case 'Corporation':
        requireAnswer('corporationType', companyMessages.corporationType);
        if (asksCorporationReason(company.corporationType)) requireAnswer('corporationReason', companyMessages.reasonForEin);
        break;
      case 'Partnership':
        requireAnswer('partnershipType', companyMessages.partnershipType);
        if (asksPartnershipReason(company.partnershipType)) requireAnswer('partnershipReason', companyMessages.reasonForEin);
        break;
      case 'Sole Proprietor':
        if (asksSoleProprietorReason(company.soleProprietorType)) requireAnswer('soleProprietorReason', companyMessages.reasonForEin);
        break;
      case 'LLC':
        if (!memberCount.test(company.llcMemberCount ?? ''))
          context.addIssue({ code: 'custom', path: ['llcMemberCount'], message: companyMessages.llcMemberCount });
        requireAnswer('llcLocationState', companyMessages.llcLocationState);
        if (asksHusbandWife(company.llcMemberCount, company.llcLocationState))
          requireAnswer('llcIsHusbandWife', companyMessages.llcIsHusbandWife);
        if (asksLlcTaxClassification(company.llcMemberCount, company.llcLocationState, company.llcIsHusbandWife))
          requireAnswer('llcTaxClassification', companyMessages.llcTaxClassification);
        requireAnswer('llcRicReason', companyMessages.llcRicReason);
        break;
      case 'Estate':
        requireAnswer('estateReason', companyMessages.reasonForEin);
        break;
      case 'Others':
        requireAnswer('otherEntityType', companyMessages.otherEntityType);
        if (asksOtherEntityDescription(company.otherEntityType) && isBlank(company.otherEntityDescription ?? ''))
          context.addIssue({ code: 'custom', path: ['otherEntityDescription'], message: companyMessages.otherEntityDescription });
        requireAnswer('othersReason', companyMessages.reasonForEin);
        break;
    }

    if (asksBankingPurpose(company) && isBlank(company.bankingPurpose ?? ''))
      context.addIssue({ code: 'custom', path: ['bankingPurpose'], message: companyMessages.bankingPurpose });
  });

export type Company = z.infer<typeof companySchema>;

/** What each answer is called where it is read back (the staff's submission view). */
export const companyLabels = spoken({
  companyName: m.application_company_company_name_label,
  state: m.application_company_state_label,
  entityType: m.application_company_entity_type_label,
  hasTradeName: m.application_company_has_trade_name_label,
  tradeName: m.application_company_trade_name_label,
  corporationType: m.application_company_corporation_type_label,
  corporationReason: m.application_company_reason_label,
  partnershipType: m.application_company_partnership_type_label,
  partnershipReason: m.application_company_reason_label,
  soleProprietorType: m.application_company_sole_proprietor_type_label,
  soleProprietorReason: m.application_company_reason_label,
  trustType: m.application_company_trust_type_label,
  llcMemberCount: m.application_company_llc_member_count_label,
  llcLocationState: m.application_company_llc_location_state_label,
  llcIsHusbandWife: m.application_company_llc_is_husband_wife_label,
  llcTaxClassification: m.application_company_llc_tax_classification_label,
  llcRicReason: m.application_company_reason_label,
  estateReason: m.application_company_reason_label,
  otherEntityType: m.application_company_other_entity_type_label,
  otherEntityDescription: m.application_company_other_entity_description_label,
  othersReason: m.application_company_reason_label,
  bankingPurpose: m.application_company_banking_purpose_label,
}) satisfies Record<keyof Company, string>;

/** Where step 1 words a question otherwise than companyLabels. */
export const companyPageLabels = spoken({
  hasTradeName: m.application_company_has_trade_name_question,
  soleProprietorType: m.application_company_sole_proprietor_type_question,
  llcMemberCount: m.application_company_llc_member_count_question,
  llcIsHusbandWife: m.application_company_llc_is_husband_wife_question,
  llcTaxClassification: m.application_company_llc_tax_classification_question,
  otherEntityType: m.application_company_other_entity_type_question,
  otherEntityDescription: m.application_company_other_entity_description_question,
  bankingPurpose: m.application_company_banking_purpose_question,
}) satisfies Partial<Record<keyof Company, string>>;

/** The empty step-1 form: every field present, nothing answered. */
export const companyDefaults: Required<Company> = {
  companyName: '',
  state: '',
  entityType: '',
  hasTradeName: '',
  tradeName: '',
  corporationType: '',
  corporationReason: '',
  partnershipType: '',
  partnershipReason: '',
  soleProprietorType: '',
  soleProprietorReason: '',
  trustType: '',
  llcMemberCount: '',
  llcLocationState: '',
  llcIsHusbandWife: '',
  llcTaxClassification: '',
  llcRicReason: '',
  estateReason: '',
  otherEntityType: '',
  otherEntityDescription: '',
  othersReason: '',
  bankingPurpose: '',
};
