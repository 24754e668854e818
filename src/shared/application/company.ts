import { z } from 'zod';
import { choice, isBlank, optionalText, tooLong, requiredChoice, valuesOf, yesNo, type Option } from './fields';
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
  { value: 'Corporation', label: 'Corporation', hint: 'A regular (C) corporation, filing Form 1120' },
  { value: 'S Corporation', label: 'S Corporation', hint: 'Elects S status with Form 2553 and files Form 1120-S' },
  {
    value: 'Personal Service Corporation',
    label: 'Personal Service Corporation',
    hint: 'Owner-employees provide professional services such as health, law or accounting',
  },
  { value: 'REIT', label: 'Real Estate Investment Trust (REIT)', hint: 'Files Form 1120-REIT' },
  { value: 'RIC', label: 'Regulated Investment Conduit (RIC)', hint: 'Files Form 1120-RIC' },
  { value: 'Settlement Fund', label: 'Settlement Fund (under IRC Sec 4688)', hint: 'Files Form 1120-SF' },
] as const satisfies readonly Option<string>[];
export type CorporationType = (typeof corporationTypeOptions)[number]['value'];

/** Reasons for requesting an EIN (SS-4 line 10), asked of corporations, partnerships, sole proprietors and LLCs. */
export const reasonOptions = [
  { value: 'Started a new business', label: 'Started a new business' },
  { value: 'Hired employee(s)', label: 'Hired employee(s)' },
  { value: 'Banking purposes', label: 'Banking purposes' },
  { value: 'Changed type of organization', label: 'Changed type of organization' },
  { value: 'Purchased active business', label: 'Purchased active business' },
] as const satisfies readonly Option<string>[];
export type Reason = (typeof reasonOptions)[number]['value'];

export const partnershipTypeOptions = [
  { value: 'Partnership', label: 'Partnership', hint: 'Two or more people who own a business together' },
  { value: 'Joint Venture', label: 'Joint Venture', hint: 'Businesses or people teaming up for a particular project' },
] as const satisfies readonly Option<string>[];
export type PartnershipType = (typeof partnershipTypeOptions)[number]['value'];

export const soleProprietorTypeOptions = [
  { value: 'Sole Proprietor', label: 'Sole Proprietor', hint: 'You own and run an unincorporated business by yourself' },
  {
    value: 'Household Employer',
    label: 'Household Employer',
    hint: 'You need an EIN only to pay household workers such as a nanny or housekeeper',
  },
] as const satisfies readonly Option<string>[];
export type SoleProprietorType = (typeof soleProprietorTypeOptions)[number]['value'];

export const trustTypeOptions = [
  { value: 'Revocable Trust', label: 'Revocable Trust', hint: 'The grantor can change or cancel the trust' },
  { value: 'Irrevocable Trust', label: 'Irrevocable Trust', hint: 'The trust cannot be changed once created' },
  { value: 'Other', label: 'Other' },
] as const satisfies readonly Option<string>[];
export type TrustType = (typeof trustTypeOptions)[number]['value'];

export const llcTaxClassificationOptions = [
  { value: 'Multi-member LLC', label: 'Multi-member LLC', hint: 'Taxed as a partnership, filing Form 1065' },
  {
    value: 'Single-member LLC',
    label: 'Single-member LLC',
    hint: 'A disregarded entity: income is reported on the owners’ own return',
  },
] as const satisfies readonly Option<string>[];
export type LlcTaxClassification = (typeof llcTaxClassificationOptions)[number]['value'];

/**
 * What an "Others" entity is, as far as line 9a of Form SS-4 needs it: the box "Other nonprofit
 * organization (specify)", "Church or church-controlled organization", or "Other (specify)".
 */
export const otherEntityTypeOptions = [
  { value: 'Nonprofit organization', label: 'Nonprofit organization', hint: 'A charity, association, club or other organization not run for profit' },
  { value: 'Church', label: 'Church or church-controlled organization' },
  { value: 'Other', label: 'Something else', hint: 'Any other kind of entity: you describe it below' },
] as const satisfies readonly Option<string>[];
export type OtherEntityType = (typeof otherEntityTypeOptions)[number]['value'];

/** Why an estate needs an EIN (SS-4 line 10). Administering it is line 10's "Other (specify)". */
export const estateReasonOptions = [
  { value: 'Administering the estate', label: 'Administering the estate', hint: "Report the estate's income and settle the decedent's affairs" },
  { value: 'Banking purposes', label: 'Banking purposes', hint: 'Only to open a bank account for the estate' },
  { value: 'Hired employee(s)', label: 'Hired employee(s)', hint: 'The estate pays employees' },
] as const satisfies readonly Option<string>[];
export type EstateReason = (typeof estateReasonOptions)[number]['value'];

/** Longest "specify" text on line 9a or line 10: the form's field holds about this much. */
export const specifyMaxLength = 60;

export const companyMessages = {
  companyName: 'Company name is required',
  companyNameTooLong: 'Company name must be at most 200 characters',
  companyNameCharacters: irsNameMessages.business,
  ownerNameCharacters: irsNameMessages.person,
  ownerFullName: 'Enter your first and last name',
  state: 'State is required',
  entityType: 'Entity type is required',
  hasTradeName: 'Select Yes or No',
  tradeName: 'Enter the trade name',
  tradeNameTooLong: 'Trade name must be at most 200 characters',
  tradeNameEnding: "Trade name cannot contain endings like 'LLC', 'LC', 'PLLC', 'PA', 'Corp', or 'Inc'",
  tradeNameCharacters: irsNameMessages.business,
  corporationType: 'Please select a corporation type',
  reasonForEin: 'Please select a reason for requesting an EIN',
  partnershipType: 'Please select a partnership type',
  soleProprietorType: 'Please select a sole proprietor type',
  trustType: 'Please select a trust type',
  llcMemberCount: 'Please enter the number of LLC members',
  llcLocationState: 'Please select the state where the business is physically located',
  llcIsHusbandWife: 'Please indicate if the members are husband and wife',
  llcTaxClassification: 'Please choose how you want to be classified',
  llcRicReason: 'Please select a reason',
  otherEntityType: 'Please select what kind of entity it is',
  otherEntityDescription: 'Describe the kind of entity',
  otherEntityDescriptionTooLong: tooLong(specifyMaxLength),
  bankingPurpose: 'Describe what the bank account is for',
  bankingPurposeTooLong: tooLong(specifyMaxLength),
} as const;

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
      .string({ error: companyMessages.companyName })
      .refine((value) => value.trim().length >= 2, { error: companyMessages.companyName })
      .refine((value) => value.length <= companyNameMaxLength, { error: companyMessages.companyNameTooLong }),
    state: requiredChoice(usStateCodes, companyMessages.state),
    entityType: requiredChoice(valuesOf(entityTypeOptions), companyMessages.entityType),
    // Optional on Form SS-4 (line 2, "if different from line 1"): no answer means no trade name.
    hasTradeName: yesNo(companyMessages.hasTradeName),
    tradeName: z.string({ error: companyMessages.tradeName }).optional(),

    corporationType: choice(valuesOf(corporationTypeOptions), companyMessages.corporationType).optional(),
    corporationReason: choice(valuesOf(reasonOptions), companyMessages.reasonForEin).optional(),

    partnershipType: choice(valuesOf(partnershipTypeOptions), companyMessages.partnershipType).optional(),
    partnershipReason: choice(valuesOf(reasonOptions), companyMessages.reasonForEin).optional(),

    // The specification asks for no sole proprietor or trust type: both may stay unanswered.
    soleProprietorType: choice(valuesOf(soleProprietorTypeOptions), companyMessages.soleProprietorType).optional(),
    soleProprietorReason: choice(valuesOf(reasonOptions), companyMessages.reasonForEin).optional(),

    trustType: choice(valuesOf(trustTypeOptions), companyMessages.trustType).optional(),

    llcMemberCount: z.string({ error: companyMessages.llcMemberCount }).optional(),
    // A state's code, or "Outside US" for an LLC run from abroad (options.ts).
    llcLocationState: choice(llcLocationValues, companyMessages.llcLocationState).optional(),
    llcIsHusbandWife: yesNo(companyMessages.llcIsHusbandWife).optional(),
    llcTaxClassification: choice(valuesOf(llcTaxClassificationOptions), companyMessages.llcTaxClassification).optional(),
    // The LLC's reason for requesting an EIN (the name is the specification's).
    llcRicReason: choice(valuesOf(reasonOptions), companyMessages.llcRicReason).optional(),

    // Estates: why the estate needs the EIN (line 10).
    estateReason: choice(valuesOf(estateReasonOptions), companyMessages.reasonForEin).optional(),

    // "Others": which box of line 9a, what to write next to it, and line 10.
    otherEntityType: choice(valuesOf(otherEntityTypeOptions), companyMessages.otherEntityType).optional(),
    otherEntityDescription: optionalText(specifyMaxLength, companyMessages.otherEntityDescriptionTooLong).optional(),
    othersReason: choice(valuesOf(reasonOptions), companyMessages.reasonForEin).optional(),

    // Line 10 "Banking purpose (specify purpose)", whichever entity chose that reason.
    bankingPurpose: optionalText(specifyMaxLength, companyMessages.bankingPurposeTooLong).optional(),
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

const reasonLabel = 'Reason for Requesting an EIN';

/** What each answer is called where it is read back (the staff's submission view). */
export const companyLabels = {
  companyName: 'Legal Company Name',
  state: 'State of Formation',
  entityType: 'Entity Type',
  hasTradeName: 'Uses a Trade Name (DBA)',
  tradeName: 'Trade Name (DBA)',
  corporationType: 'Corporation Type',
  corporationReason: reasonLabel,
  partnershipType: 'Partnership Type',
  partnershipReason: reasonLabel,
  soleProprietorType: 'Sole Proprietor Type',
  soleProprietorReason: reasonLabel,
  trustType: 'Trust Type',
  llcMemberCount: 'Number of LLC Members',
  llcLocationState: 'State of Physical Location',
  llcIsHusbandWife: 'Members Are Husband and Wife',
  llcTaxClassification: 'LLC Classification',
  llcRicReason: reasonLabel,
  estateReason: reasonLabel,
  otherEntityType: 'Kind of Entity',
  otherEntityDescription: 'Description of the Entity',
  othersReason: reasonLabel,
  bankingPurpose: 'Banking Purpose',
} as const satisfies Record<keyof Company, string>;

/** Where step 1 words a question otherwise than companyLabels. */
export const companyPageLabels = {
  hasTradeName: 'Does the business use a trade name (DBA)?',
  soleProprietorType: 'Which describes you best?',
  llcMemberCount: 'Number of Members',
  llcIsHusbandWife: 'Are the two members husband and wife?',
  llcTaxClassification: 'How do you want the LLC to be classified?',
  otherEntityType: 'What kind of entity is it?',
  otherEntityDescription: 'Describe it in a few words',
  bankingPurpose: 'What is the bank account for?',
} as const satisfies Partial<Record<keyof Company, string>>;

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
