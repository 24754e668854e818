import type { Application } from '../application/application';
import { entityTypeOptions, reasonForEin, trustTypeOptions } from '../application/company';
import { asksIncorporationState, closingMonthOptions, isPostOfficeBox } from '../application/registration';
import { otherCategoryOptions, otherOrganizationTypeOptions, principalActivityOptions } from '../application/activity';
import { isForeignResponsibleParty, rpTaxIdTypeOf } from '../application/contact';
import { usStates } from '../application/options';
import { isAbroad } from '../application/countries';
import { countryName } from '../application/country-names';
import { formatPhoneForPeople } from '../application/phones';
import type { Option } from '../application/fields';

// An application laid onto the lines of Form SS-4 (Rev. December 2023), in the form's own order. The
// staff mapping view and the filled PDF both read these lines, so they cannot disagree. Each line
// says what staff read (`value`) and what goes into the form (`text` fields and ticked `checks`, by
// the field names of ss4/FIELDS.md). The IRS's instructions for the form decide every rule here.
// Pure: no Node or DOM, so the browser and the server share it.

/** filled: the line has its answer; not_applicable: the form wants it blank (or N/A); missing: it applies but has no answer. */
export type Ss4LineState = 'filled' | 'not_applicable' | 'missing';

export type Ss4Line = {
  /** The line as the form prints it: '1', '9a', 'Designee', 'Signature'. */
  readonly line: string;
  readonly label: string;
  readonly state: Ss4LineState;
  /** As staff read it: 'N/A' when the line does not apply, '' when missing. */
  readonly value: string;
  /** Text fields of the form and what they hold. */
  readonly text: Readonly<Record<string, string>>;
  /** Check boxes of the form to tick; every other box stays clear. */
  readonly checks: readonly string[];
};

/** The service's own third-party designee (server configuration); null when none is configured. */
export type Ss4Designee = { name: string; address: string; phone: string; fax: string | null };

export const notApplicableText = 'N/A';

/** The form's text fields (FIELDS.md), by what they hold. */
export const ss4TextFields = {
  headerEin: 'PgHeader[0].f1_1[0]',
  legalName: 'f1_2[0]',
  tradeName: 'f1_3[0]',
  careOf: 'f1_4[0]',
  mailingStreet: 'Line4ReadOrder[0].f1_5[0]',
  mailingCity: 'Line4ReadOrder[0].f1_6[0]',
  street: 'f1_7[0]',
  streetCity: 'f1_8[0]',
  county: 'f1_9[0]',
  responsibleName: 'f1_10[0]',
  responsibleTin: 'f1_11[0]',
  llcMembers: 'f1_12[0]',
  soleProprietorSsn: 'f1_13[0]',
  estateSsn: 'f1_14[0]',
  planAdministratorTin: 'f1_15[0]',
  corporationForm: 'f1_16[0]',
  trustGrantorTin: 'f1_17[0]',
  otherNonprofit: 'f1_18[0]',
  otherEntity: 'f1_19[0]',
  groupExemption: 'f1_20[0]',
  incorporationState: 'f1_21[0]',
  incorporationCountry: 'f1_22[0]',
  bankingPurpose: 'f1_24[0]',
  newBusinessType1: 'f1_25[0]',
  newBusinessType2: 'f1_26[0]',
  changedType: 'f1_27[0]',
  trustType: 'f1_28[0]',
  pensionPlanType: 'f1_29[0]',
  otherReason: 'f1_30[0]',
  startDate: 'f1_31[0]',
  closingMonth: 'f1_32[0]',
  agriculturalEmployees: 'f1_33[0]',
  householdEmployees: 'f1_34[0]',
  otherEmployees: 'f1_35[0]',
  firstWages: 'f1_36[0]',
  otherActivity: 'f1_37[0]',
  product: 'f1_38[0]',
  previousEin: 'f1_39[0]',
  designeeName: 'f1_40[0]',
  designeePhone: 'f1_41[0]',
  designeeAddress: 'f1_42[0]',
  designeeFax: 'f1_43[0]',
  signerNameTitle: 'f1_44[0]',
  applicantPhone: 'f1_45[0]',
  applicantFax: 'f1_46[0]',
} as const;

/** Line 9a's boxes. The widget numbers follow FIELDS.md, not the printed reading order. */
export const entityBoxes = {
  soleProprietor: 'c1_3[0]',
  estate: 'c1_3[1]',
  partnership: 'c1_3[2]',
  planAdministrator: 'c1_3[3]',
  corporation: 'c1_3[4]',
  trust: 'c1_3[5]',
  personalServiceCorporation: 'c1_3[6]',
  military: 'c1_3[7]',
  stateLocalGovernment: 'c1_3[8]',
  church: 'c1_3[9]',
  farmersCooperative: 'c1_3[10]',
  federalGovernment: 'c1_3[11]',
  otherNonprofit: 'c1_3[12]',
  remic: 'c1_3[13]',
  indianTribal: 'c1_3[14]',
  other: 'c1_3[15]',
} as const;

/** Line 10's boxes. */
export const reasonBoxes = {
  banking: 'c1_4[0]',
  startedNewBusiness: 'c1_4[1]',
  changedType: 'c1_4[2]',
  purchasedBusiness: 'c1_4[3]',
  hiredEmployees: 'c1_4[4]',
  createdTrust: 'c1_4[5]',
  withholding: 'c1_4[6]',
  createdPensionPlan: 'c1_4[7]',
  other: 'c1_4[8]',
} as const;

/** Line 16's boxes, by the wizard's principal activity. */
export const activityBoxes = {
  'health-care': 'c1_6[0]',
  'wholesale-agent': 'c1_6[1]',
  construction: 'c1_6[2]',
  rental: 'c1_6[3]',
  transportation: 'c1_6[4]',
  accommodation: 'c1_6[5]',
  'wholesale-other': 'c1_6[6]',
  retail: 'c1_6[7]',
  'real-estate': 'c1_6[8]',
  manufacturing: 'c1_6[9]',
  finance: 'c1_6[10]',
  other: 'c1_6[11]',
} as const;

/** The yes/no pairs: 8a, 8c, 18. */
export const yesNoBoxes = {
  llc: { yes: 'c1_1[0]', no: 'c1_1[1]' },
  llcInUnitedStates: { yes: 'c1_2[0]', no: 'c1_2[1]' },
  appliedBefore: { yes: 'c1_7[0]', no: 'c1_7[1]' },
} as const;

export const form944Box = 'c1_5[0]';

/** The text of 9a "Other" for a single-member LLC owned by an individual (the instructions' wording). */
export const disregardedEntityText = 'Disregarded Entity—Sole Proprietorship';

/**
 * The text of 9a "Other" for a single-member LLC owned by a foreign person: a foreign-owned U.S.
 * disregarded entity, which needs its EIN to file Form 5472 (the instructions' "Disregarded entities").
 */
export const foreignOwnedDisregardedEntityText = 'Foreign-owned U.S. disregarded entity-Form 5472';

/** Line 7b of a responsible party who has no SSN or ITIN and is not a US person (the instructions' word). */
export const foreignTaxpayerNumberText = 'Foreign';

/** The income tax form each corporation type files, written on 9a next to "Corporation". */
const corporationForms: Readonly<Record<string, string>> = {
  Corporation: '1120',
  'S Corporation': '1120-S',
  REIT: '1120-REIT',
  RIC: '1120-RIC',
  'Settlement Fund': '1120-SF',
};

/**
 * What the form prints for an option: its English form text, never the label the customer read, so
 * the same answers fill the same form whatever the language of the pages that asked them.
 */
function formTextOf(options: readonly Option[], value: string | undefined): string {
  if (!value) return '';
  return options.find((option) => option.value === value)?.formText ?? value;
}

/** Text trimmed, '' when absent. */
function text(value: string | undefined | null): string {
  return value?.trim() ?? '';
}

function joinName(...parts: (string | undefined)[]): string {
  return parts.map((part) => text(part)).filter((part) => part !== '').join(' ');
}

/** A state's two-letter code from its English name (step 2 stores names); the text as given when unknown. */
function stateCode(name: string | undefined): string {
  const trimmed = text(name);
  return usStates.find((state) => state.formText === trimmed)?.value ?? trimmed;
}

/** A state's English name from its two-letter code (step 1 stores codes); the text as given when unknown. */
function stateName(code: string | undefined): string {
  const trimmed = text(code);
  return usStates.find((state) => state.value === trimmed)?.formText ?? trimmed;
}

/** 'City, ST 12345' as lines 4b and 5b want it. */
function cityStateZip(city: string | undefined, state: string | undefined, zip: string | undefined): string {
  const stateZip = [stateCode(state), text(zip)].filter((part) => part !== '').join(' ');
  return [text(city), stateZip].filter((part) => part !== '').join(', ');
}

/** An address's place, as step 2 asks it: state and ZIP in the United States, province and postal code abroad. */
type AddressPlace = { city?: string; state?: string; zip?: string; country?: string; province?: string; postalCode?: string };

/** Whether an address is abroad; no country (an answer from before addresses abroad) is the United States. */
function placeAbroad(place: AddressPlace): boolean {
  return isAbroad(text(place.country) || undefined);
}

/**
 * Lines 4b and 5b: 'City, ST 12345' in the United States. Abroad, as the instructions want a foreign
 * address: the city, the province or state, the postal code and the country's full name, never
 * abbreviated ('Guadalajara, Jalisco 44100, Mexico'; 'Berlin, 10115, Germany').
 */
function cityLine(place: AddressPlace): string {
  if (!placeAbroad(place)) return cityStateZip(place.city, place.state, place.zip);
  const provincePostalCode = [text(place.province), text(place.postalCode)].filter((part) => part !== '').join(' ');
  return [text(place.city), provincePostalCode, countryName(text(place.country))].filter((part) => part !== '').join(', ');
}

/**
 * Line 6 for a business located abroad. The instructions ask for "the entity's primary physical
 * location", and a business with none in the United States has no county or state: its city, province
 * and country are that location (decision 046). Never the state of formation, where it is not located.
 */
function locationAbroad(place: AddressPlace): string {
  return [text(place.city), text(place.province), countryName(text(place.country))].filter((part) => part !== '').join(', ');
}

/** The responsible party's own taxpayer number, an SSN or an ITIN, as 3-2-4 digits; null when they have neither. */
function responsiblePartyNumber(contact: Application['contact']): { kind: 'SSN' | 'ITIN'; number: string } | null {
  switch (rpTaxIdTypeOf(contact)) {
    case 'none':
      return null;
    case 'itin':
      return { kind: 'ITIN', number: formatSsn(text(contact.rpItin)) };
    default:
      return { kind: 'SSN', number: formatSsn(text(contact.rpSSN)) };
  }
}

/** YYYY-MM-DD as the form's MM/DD/YYYY; '' for anything else. */
export function formDate(iso: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text(iso));
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** An SSN as staff first see it: at most its last four digits ('***-**-6789'); '' when it has no digits. */
export function maskSsn(ssn: string): string {
  const digits = ssn.replace(/\D/g, '');
  return digits === '' ? '' : `***-**-${digits.slice(-4)}`;
}

/** An SSN as 3-2-4 digits when it is 9 digits long ('123-45-6789'); other text (a masked SSN) as it is. */
export function formatSsn(ssn: string): string {
  return /^\d{9}$/.test(ssn) ? `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}` : ssn;
}

type LineParts = { line: string; label: string };

function filled(parts: LineParts, value: string, fill: { text?: Record<string, string>; checks?: string[] } = {}): Ss4Line {
  return { ...parts, state: 'filled', value, text: fill.text ?? {}, checks: fill.checks ?? [] };
}

/** A line the form wants blank; `text` for a line the instructions want written "N/A". */
function notApplicable(parts: LineParts, fill: { text?: Record<string, string> } = {}): Ss4Line {
  return { ...parts, state: 'not_applicable', value: notApplicableText, text: fill.text ?? {}, checks: [] };
}

function missing(parts: LineParts): Ss4Line {
  return { ...parts, state: 'missing', value: '', text: {}, checks: [] };
}

/** A text line: filled with the value, or missing when it has none. */
function textLine(parts: LineParts, field: string, value: string): Ss4Line {
  return value === '' ? missing(parts) : filled(parts, value, { text: { [field]: value } });
}

function yesNo(parts: LineParts, boxes: { yes: string; no: string }, yes: boolean, value = yes ? 'Yes' : 'No'): Ss4Line {
  return filled(parts, value, { checks: [yes ? boxes.yes : boxes.no] });
}

/** Is the LLC disregarded (one owner, or spouses owning it as community property and choosing so)? */
function isSingleOwnerLlc(company: Application['company']): boolean {
  if (company.llcMemberCount === '1') return true;
  return company.llcIsHusbandWife === 'true' && company.llcTaxClassification === 'Single-member LLC';
}

/** Line 16's "Other (specify)" text: the kind of business step 5 was told. */
function otherActivityText(activity: Application['activity']): string {
  switch (activity.otherCategory) {
    case undefined:
    case '':
      return '';
    case 'organization': {
      const kind = activity.otherOrganizationType === 'other' ? text(activity.otherOrganizationActivity) : formTextOf(otherOrganizationTypeOptions, activity.otherOrganizationType);
      return kind === '' ? 'Organization' : `${kind} organization`;
    }
    case 'consulting':
      return text(activity.consultingType) || 'Consulting';
    case 'sell-goods':
      return 'Sales of goods';
    case 'other':
      return text(activity.principalProductOrService);
    default:
      return formTextOf(otherCategoryOptions, activity.otherCategory);
  }
}

/** The type of business, as line 10 "Started new business" and line 16 "Other" want it. */
function businessType(activity: Application['activity']): string {
  if (activity.principalActivity === 'other') return otherActivityText(activity);
  return formTextOf(principalActivityOptions, activity.principalActivity);
}

/** Splits line 10's "specify type" over its short first field and its long second one. */
export function splitNewBusinessType(value: string, firstLineCharacters = 12): [string, string] {
  const words = value.split(/\s+/).filter(Boolean);
  const first: string[] = [];
  while (words.length > 0 && [...first, words[0]].join(' ').length <= firstLineCharacters) first.push(words.shift() as string);
  return [first.join(' '), words.join(' ')];
}

function entityLine(application: Application): Ss4Line {
  const parts = { line: '9a', label: 'Type of entity' };
  const { company, contact } = application;
  switch (company.entityType) {
    case 'Sole Proprietor': {
      // The box reads "(SSN)"; the instructions take the owner's ITIN there as well.
      const own = responsiblePartyNumber(contact);
      if (!own?.number) return filled(parts, 'Sole proprietor', { checks: [entityBoxes.soleProprietor] });
      return filled(parts, `Sole proprietor (${own.kind} ${own.number})`, {
        checks: [entityBoxes.soleProprietor],
        text: { [ss4TextFields.soleProprietorSsn]: own.number },
      });
    }
    case 'Partnership':
      return filled(parts, 'Partnership', { checks: [entityBoxes.partnership] });
    case 'Corporation': {
      if (company.corporationType === 'Personal Service Corporation') {
        return filled(parts, 'Personal service corporation', { checks: [entityBoxes.personalServiceCorporation] });
      }
      const form = corporationForms[company.corporationType ?? ''];
      if (!form) return missing(parts);
      return filled(parts, `Corporation (form ${form})`, { checks: [entityBoxes.corporation], text: { [ss4TextFields.corporationForm]: form } });
    }
    case 'LLC': {
      if (!company.llcMemberCount) return missing(parts);
      if (!isSingleOwnerLlc(company)) return filled(parts, 'Partnership', { checks: [entityBoxes.partnership] });
      // Owned by a foreign person, the LLC is a foreign-owned U.S. disregarded entity: the instructions tick
      // "Other" alone (not the owner's "Sole proprietor") and write the words that name Form 5472.
      const other = isForeignResponsibleParty(contact) ? foreignOwnedDisregardedEntityText : disregardedEntityText;
      return filled(parts, `Other: ${other}`, { checks: [entityBoxes.other], text: { [ss4TextFields.otherEntity]: other } });
    }
    // The form prints "Estate (SSN of decedent)" and "Trust (TIN of grantor)": without it the line is incomplete.
    case 'Estate': {
      const decedent = formatSsn(text(contact.decedentSSN));
      if (!decedent) return missing(parts);
      return filled(parts, `Estate (SSN of decedent ${decedent})`, { checks: [entityBoxes.estate], text: { [ss4TextFields.estateSsn]: decedent } });
    }
    case 'Trust': {
      const grantor = formatSsn(text(contact.grantorSSN));
      if (!grantor) return missing(parts);
      return filled(parts, `Trust (TIN of grantor ${grantor})`, { checks: [entityBoxes.trust], text: { [ss4TextFields.trustGrantorTin]: grantor } });
    }
    case 'Others':
      return otherEntityLine(parts, company);
    default:
      return missing(parts);
  }
}

/** 9a for an "Others" entity: the nonprofit or "Other" box with the applicant's own words, or the church box. */
function otherEntityLine(parts: LineParts, company: Application['company']): Ss4Line {
  const description = text(company.otherEntityDescription);
  switch (company.otherEntityType) {
    case 'Church':
      return filled(parts, 'Church or church-controlled organization', { checks: [entityBoxes.church] });
    case 'Nonprofit organization':
      if (!description) return missing(parts);
      return filled(parts, `Other nonprofit organization: ${description}`, { checks: [entityBoxes.otherNonprofit], text: { [ss4TextFields.otherNonprofit]: description } });
    case 'Other':
      if (!description) return missing(parts);
      return filled(parts, `Other: ${description}`, { checks: [entityBoxes.other], text: { [ss4TextFields.otherEntity]: description } });
    default:
      return missing(parts);
  }
}

/** Line 10 "Other (specify)" of an estate applying to administer it. */
export const estateReasonText = 'Administration of estate';
/** Line 10 "Other (specify)" of a settlement fund (IRC section 468B). */
export const settlementFundReasonText = 'Settlement fund (section 468B)';

/** Which of 9a's boxes the entity ticks: corporations (and personal service ones) carry line 9b. */
function isCorporation(company: Application['company']): boolean {
  return company.entityType === 'Corporation';
}

function reasonLine(application: Application): Ss4Line {
  const parts = { line: '10', label: 'Reason for applying' };
  const { company, activity } = application;
  if (company.entityType === 'Trust') {
    const trustType = formTextOf(trustTypeOptions, company.trustType);
    return filled(parts, trustType ? `Created a trust: ${trustType}` : 'Created a trust', {
      checks: [reasonBoxes.createdTrust],
      text: trustType ? { [ss4TextFields.trustType]: trustType } : {},
    });
  }
  if (company.entityType === 'Sole Proprietor' && company.soleProprietorType === 'Household Employer') {
    return filled(parts, 'Hired employees', { checks: [reasonBoxes.hiredEmployees] });
  }
  if (company.entityType === 'Corporation' && company.corporationType === 'Settlement Fund') {
    // The wizard asks a settlement fund no reason: setting one up is none of line 10's named
    // reasons, so the form's "Other (specify)" carries it.
    return filled(parts, `Other: ${settlementFundReasonText}`, { checks: [reasonBoxes.other], text: { [ss4TextFields.otherReason]: settlementFundReasonText } });
  }
  switch (reasonForEin(company)) {
    case 'Started a new business': {
      const type = businessType(activity);
      const [first, second] = splitNewBusinessType(type);
      return filled(parts, type ? `Started new business: ${type}` : 'Started new business', {
        checks: [reasonBoxes.startedNewBusiness],
        text: { ...(first ? { [ss4TextFields.newBusinessType1]: first } : {}), ...(second ? { [ss4TextFields.newBusinessType2]: second } : {}) },
      });
    }
    case 'Hired employee(s)':
      return filled(parts, 'Hired employees', { checks: [reasonBoxes.hiredEmployees] });
    case 'Banking purposes': {
      const purpose = text(company.bankingPurpose);
      if (!purpose) return missing(parts);
      return filled(parts, `Banking purpose: ${purpose}`, { checks: [reasonBoxes.banking], text: { [ss4TextFields.bankingPurpose]: purpose } });
    }
    case 'Administering the estate':
      return filled(parts, `Other: ${estateReasonText}`, { checks: [reasonBoxes.other], text: { [ss4TextFields.otherReason]: estateReasonText } });
    case 'Changed type of organization': {
      const newType = formTextOf(entityTypeOptions, company.entityType);
      return filled(parts, `Changed type of organization: ${newType}`, { checks: [reasonBoxes.changedType], text: { [ss4TextFields.changedType]: newType } });
    }
    case 'Purchased active business':
      return filled(parts, 'Purchased going business', { checks: [reasonBoxes.purchasedBusiness] });
    default:
      return missing(parts);
  }
}

/** The form's way of writing "none" on line 13. */
export const noEmployeesText = '-0-';

/** Line 13's three counts ("-0-" where none), or null while the hiring question is unanswered or a chosen count is missing. */
function employeeCounts(compliance: Application['compliance']): Record<'agricultural' | 'household' | 'other', string> | null {
  if (compliance.willHire === 'false') return { agricultural: noEmployeesText, household: noEmployeesText, other: noEmployeesText };
  if (compliance.willHire !== 'true') return null;
  const chosen = compliance.employeeTypes ?? [];
  const counts = { agricultural: noEmployeesText, household: noEmployeesText, other: noEmployeesText };
  for (const type of ['agricultural', 'household', 'other'] as const) {
    if (!chosen.includes(type)) continue;
    const count = Number(text(compliance.counts?.[type]));
    if (!Number.isInteger(count) || count < 1) return null;
    counts[type] = String(count);
  }
  return chosen.length === 0 ? null : counts;
}

function employeeLines(application: Application): Ss4Line[] {
  const { compliance } = application;
  const hires = compliance.willHire === 'true';
  const line13 = { line: '13', label: 'Highest number of employees expected in the next 12 months' };
  const line14 = { line: '14', label: 'File Form 944 annually instead of Forms 941 quarterly' };
  const line15 = { line: '15', label: 'First date wages or annuities were paid' };
  // The form's line 13 says "enter -0- if none", which also holds for an applicant hiring nobody;
  // without employees, line 14 is skipped and line 15 reads "N/A" (the instructions).
  const counts = employeeCounts(compliance);
  const employees = counts
    ? filled(line13, `Agricultural ${counts.agricultural}, Household ${counts.household}, Other ${counts.other}`, {
        text: {
          [ss4TextFields.agriculturalEmployees]: counts.agricultural,
          [ss4TextFields.householdEmployees]: counts.household,
          [ss4TextFields.otherEmployees]: counts.other,
        },
      })
    : missing(line13);
  if (compliance.willHire === 'false') {
    return [employees, notApplicable(line14), notApplicable(line15, { text: { [ss4TextFields.firstWages]: notApplicableText } })];
  }
  if (!hires) return [employees, missing(line14), missing(line15)];

  const form944 = !compliance.taxLiability
    ? missing(line14)
    : compliance.taxLiability === '<=1000' && compliance.reportingFrequency === 'annually'
      ? filled(line14, 'Yes: file Form 944 annually', { checks: [form944Box] })
      : filled(line14, 'No: file Forms 941 quarterly');

  const wages = formDate(compliance.firstWageDate);
  return [employees, form944, textLine(line15, ss4TextFields.firstWages, wages)];
}

function designeeLines(designee: Ss4Designee | null): Ss4Line[] {
  const name = { line: 'Designee', label: "Third party designee's name" };
  const phone = { line: 'Designee', label: "Designee's telephone number" };
  const address = { line: 'Designee', label: "Designee's address and ZIP code" };
  const fax = { line: 'Designee', label: "Designee's fax number" };
  if (!designee) return [notApplicable(name), notApplicable(phone), notApplicable(address), notApplicable(fax)];
  return [
    filled(name, designee.name, { text: { [ss4TextFields.designeeName]: designee.name } }),
    filled(phone, designee.phone, { text: { [ss4TextFields.designeePhone]: designee.phone } }),
    filled(address, designee.address, { text: { [ss4TextFields.designeeAddress]: designee.address } }),
    designee.fax ? filled(fax, designee.fax, { text: { [ss4TextFields.designeeFax]: designee.fax } }) : notApplicable(fax),
  ];
}

/**
 * The lines of Form SS-4 for an application, in the form's order: 1 to 18, the third-party designee
 * and the signature block. A partial application (an old order) gives missing lines, never an error.
 */
export function ss4Lines(application: Application, designee: Ss4Designee | null = null): Ss4Line[] {
  const { company, registration, contact, activity } = application;
  const lines: Ss4Line[] = [];
  const add = (...line: Ss4Line[]) => lines.push(...line);

  const responsibleName = joinName(contact.rpFirstName, contact.rpMiddleName, contact.rpLastName);
  // A sole proprietor applies as the individual: line 1 and line 7a are the same person, read from
  // the same answer (the responsible party's name, which step 3 takes from step 1's).
  const legalName = company.entityType === 'Sole Proprietor' ? responsibleName || text(company.companyName) : text(company.companyName);
  add(
    textLine(
      { line: '1', label: company.entityType === 'Sole Proprietor' ? "Legal name of the individual (the owner's own name)" : 'Legal name of entity' },
      ss4TextFields.legalName,
      legalName,
    ),
  );

  // Line 2 only when the trade name is not line 1 over again.
  const tradeName = company.hasTradeName === 'true' ? text(company.tradeName) : '';
  const line2 = { line: '2', label: 'Trade name of business (if different from line 1)' };
  add(tradeName !== '' && tradeName.toLowerCase() !== legalName.toLowerCase() ? filled(line2, tradeName, { text: { [ss4TextFields.tradeName]: tradeName } }) : notApplicable(line2));

  const separateMailing = registration.sameMailingAddress === false;
  const line3 = { line: '3', label: 'Executor, administrator, trustee, "care of" name' };
  if (company.entityType === 'Trust') {
    add(textLine(line3, ss4TextFields.careOf, joinName(contact.trusteeFirstName, contact.trusteeMiddleName, contact.trusteeLastName, contact.trusteeSuffix)));
  } else if (company.entityType === 'Estate') {
    // The instructions make an estate's executor or administrator its responsible party (line 7a).
    add(textLine(line3, ss4TextFields.careOf, responsibleName));
  } else {
    const careOf = separateMailing ? text(registration.mailingCareOf) : '';
    add(careOf ? filled(line3, careOf, { text: { [ss4TextFields.careOf]: careOf } }) : notApplicable(line3));
  }

  const street = text(registration.streetAddress);
  const business: AddressPlace = {
    city: registration.city,
    state: registration.state,
    zip: registration.zipCode,
    country: registration.country,
    province: registration.province,
    postalCode: registration.postalCode,
  };
  const streetCity = cityLine(business);
  const mailingStreet = separateMailing ? text(registration.mailingStreetAddress) : street;
  const mailingCity = separateMailing
    ? cityLine({
        city: registration.mailingCity,
        state: registration.mailingState,
        zip: registration.mailingZipCode,
        country: registration.mailingCountry,
        province: registration.mailingProvince,
        postalCode: registration.mailingPostalCode,
      })
    : streetCity;
  add(
    textLine({ line: '4a', label: 'Mailing address (room, apt., suite no. and street, or P.O. box)' }, ss4TextFields.mailingStreet, mailingStreet),
    textLine({ line: '4b', label: 'Mailing city, state, and ZIP code' }, ss4TextFields.mailingCity, mailingCity),
  );

  // 5a-b only when the street address differs from the mailing one; never a P.O. box.
  const line5a = { line: '5a', label: 'Street address, if different (do not enter a P.O. box)' };
  const line5b = { line: '5b', label: 'Street address city, state, and ZIP code' };
  const streetDiffers = separateMailing && `${street}|${streetCity}`.toLowerCase() !== `${mailingStreet}|${mailingCity}`.toLowerCase();
  if (!streetDiffers) add(notApplicable(line5a), notApplicable(line5b));
  else add(isPostOfficeBox(street) ? missing(line5a) : textLine(line5a, ss4TextFields.street, street), textLine(line5b, ss4TextFields.streetCity, streetCity));

  const line6 = { line: '6', label: 'County and state where principal business is located' };
  if (placeAbroad(business)) add(textLine(line6, ss4TextFields.county, locationAbroad(business)));
  else {
    const county = text(registration.county);
    const state = stateCode(registration.state);
    add(textLine(line6, ss4TextFields.county, county && state ? `${county}, ${state}` : ''));
  }

  // 7b: the SSN or the ITIN, or "Foreign" for a responsible party who has neither (the instructions).
  const responsibleNumber = responsiblePartyNumber(contact);
  add(
    textLine({ line: '7a', label: 'Name of responsible party' }, ss4TextFields.responsibleName, responsibleName),
    textLine({ line: '7b', label: 'SSN, ITIN, or EIN of responsible party' }, ss4TextFields.responsibleTin, responsibleNumber ? responsibleNumber.number : foreignTaxpayerNumberText),
  );

  const isLlc = company.entityType === 'LLC';
  const line8b = { line: '8b', label: 'Number of LLC members' };
  const line8c = { line: '8c', label: 'LLC organized in the United States?' };
  if (!company.entityType) add(missing({ line: '8a', label: 'Is this application for a limited liability company (LLC)?' }));
  else add(yesNo({ line: '8a', label: 'Is this application for a limited liability company (LLC)?' }, yesNoBoxes.llc, isLlc));
  if (isLlc) {
    const members = text(company.llcMemberCount);
    // The wizard serves LLCs organized in a US state only.
    add(textLine(line8b, ss4TextFields.llcMembers, members), yesNo(line8c, yesNoBoxes.llcInUnitedStates, true));
  } else {
    add(notApplicable(line8b), notApplicable(line8c));
  }

  add(entityLine(application));
  const line9b = { line: '9b', label: 'If a corporation, state where incorporated' };
  // Step 2 does not ask a REIT, a RIC or a settlement fund where it was incorporated: step 1's state of formation is it.
  const incorporatedIn = asksIncorporationState(company.entityType, company.corporationType) ? text(registration.incorporationState) : stateName(company.state);
  add(isCorporation(company) ? textLine(line9b, ss4TextFields.incorporationState, incorporatedIn) : notApplicable(line9b));

  add(reasonLine(application));
  add(textLine({ line: '11', label: 'Date business started or acquired' }, ss4TextFields.startDate, formDate(registration.businessStartDate)));
  add(textLine({ line: '12', label: 'Closing month of accounting year' }, ss4TextFields.closingMonth, formTextOf(closingMonthOptions, registration.accountingYearClosingMonth)));
  add(...employeeLines(application));

  const line16 = { line: '16', label: 'Principal activity of business' };
  const box = activityBoxes[activity.principalActivity as keyof typeof activityBoxes] as string | undefined;
  if (!box) add(missing(line16));
  else if (activity.principalActivity === 'other') {
    const specify = otherActivityText(activity);
    add(filled(line16, specify ? `Other: ${specify}` : 'Other', { checks: [box], text: specify ? { [ss4TextFields.otherActivity]: specify } : {} }));
  } else add(filled(line16, formTextOf(principalActivityOptions, activity.principalActivity), { checks: [box] }));

  add(textLine({ line: '17', label: 'Principal line of merchandise, construction, products, or services' }, ss4TextFields.product, text(activity.principalProductOrService)));

  // 18 asks about the entity on line 1 only: a bought business's EIN belongs to another taxpayer.
  const line18 = { line: '18', label: 'Has the applicant entity shown on line 1 ever applied for and received an EIN?' };
  const previousEin = text(registration.previousEin);
  if (registration.appliedForEinBefore === 'true') {
    add(
      previousEin
        ? filled(line18, `Yes: ${previousEin}`, { checks: [yesNoBoxes.appliedBefore.yes], text: { [ss4TextFields.previousEin]: previousEin } })
        : missing(line18),
    );
  } else if (registration.appliedForEinBefore === 'false') add(yesNo(line18, yesNoBoxes.appliedBefore, false));
  else add(missing(line18));

  add(...designeeLines(designee));

  const title = text(contact.rpTitle);
  add(
    textLine({ line: 'Signature', label: 'Name and title of the signer' }, ss4TextFields.signerNameTitle, responsibleName && title ? `${responsibleName}, ${title}` : ''),
    // A number abroad in the international format ("+49 30 12345678"); a US number as its mask wrote it.
    textLine({ line: 'Signature', label: "Applicant's telephone number" }, ss4TextFields.applicantPhone, formatPhoneForPeople(text(contact.phoneNumber))),
    notApplicable({ line: 'Signature', label: "Applicant's fax number" }),
  );
  return lines;
}

export type Ss4Completeness = { applicable: number; filled: number; missing: number; notApplicable: number; percent: number };

/** How complete the form is, over the lines that apply only: a complete application reads 100%. */
export function ss4Completeness(lines: readonly Ss4Line[]): Ss4Completeness {
  const filledCount = lines.filter((line) => line.state === 'filled').length;
  const missingCount = lines.filter((line) => line.state === 'missing').length;
  const applicable = filledCount + missingCount;
  return {
    applicable,
    filled: filledCount,
    missing: missingCount,
    notApplicable: lines.length - applicable,
    percent: applicable === 0 ? 0 : Math.floor((filledCount / applicable) * 100),
  };
}
