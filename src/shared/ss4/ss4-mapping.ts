import type { Application } from '../application/application';
import {
  asksCorporationReason,
  asksSoleProprietorReason,
  corporationTypeOptions,
  entityTypeOptions,
  partnershipTypeOptions,
  reasonOptions,
  soleProprietorTypeOptions,
  trustTypeOptions,
} from '../application/company';
import { closingMonthOptions, reitTypeOptions } from '../application/registration';
import { employeeTypeValues } from '../application/compliance';
import { principalActivityOptions } from '../application/activity';
import { usStates } from '../application/options';

// The staff order-detail screen's "SS-4 Form Field Mapping" (spec 02, sections 2 and 3): every field
// of the spec's table, with the Form SS-4 line it fills, where its value lives in the application
// (DESIGN 5: company, registration, contact, compliance, activity) and how the value is taken.
// Pure functions only: the same model serves the server and the browser.

export type Ss4Category = 'entity' | 'responsible_party' | 'tax' | 'banking' | 'additional';

/** The display groups, in order. No field maps to banking: it keeps its heading and stays empty. */
export const ss4Categories = [
  { key: 'entity', heading: 'Entity Information' },
  { key: 'responsible_party', heading: 'Responsible Party' },
  { key: 'tax', heading: 'Tax Information' },
  { key: 'banking', heading: 'Banking Information' },
  { key: 'additional', heading: 'Additional Information' },
] as const satisfies readonly { key: Ss4Category; heading: string }[];

/** A field's value as taken from the application: null when the application holds no answer. */
export type Ss4Value = string | boolean | number | Record<string, unknown> | readonly unknown[] | null;

export type Ss4FieldKey =
  | 'legalName'
  | 'businessName'
  | 'entityType'
  | 'stateOfIncorporation'
  | 'reasonForApplying'
  | 'businessStartDate'
  | 'reitType'
  | 'executorName'
  | 'principalBusinessAddress'
  | 'principalBusinessCity'
  | 'physicalAddress'
  | 'physicalCity'
  | 'county'
  | 'phoneNumber'
  | 'faxNumber'
  | 'responsiblePartyName'
  | 'responsiblePartySSN'
  | 'taxYearEnd'
  | 'firstWageDate'
  | 'taxLiabilityDate'
  | 'employeeCount'
  | 'principalActivity'
  | 'principalProduct'
  | 'previousEIN'
  | 'thirdPartyDesignee'
  | 'applicantName'
  | 'applicantPhone';

export type Ss4Field = {
  readonly key: Ss4FieldKey;
  /** The SS-4 line as the spec's table gives it ('' when it gives none). */
  readonly line: string;
  readonly label: string;
  readonly description: string;
  readonly category: Ss4Category;
  /** Where the value lives in the application, as text; several paths are joined with ' + '; '' when nowhere. */
  readonly path: string;
  readonly value: (application: Application) => Ss4Value;
};

type Option = { readonly value: string; readonly label: string };

/** The label of an option's value; null for no answer, the value itself when the list lacks it. */
function labelOf(options: readonly Option[], value: string | undefined): string | null {
  if (!value) return null;
  return options.find((option) => option.value === value)?.label ?? value;
}

/** Text, or null when absent or blank. */
function text(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The non-blank parts joined with single spaces; null when every part is blank. */
function joinName(...parts: (string | undefined)[]): string | null {
  const words = parts.map((part) => part?.trim() ?? '').filter((part) => part !== '');
  return words.length === 0 ? null : words.join(' ');
}

/** A state's two-letter code from its full name (step 2 stores names); the text as given when unknown. */
function stateCode(name: string | undefined): string {
  const trimmed = name?.trim() ?? '';
  return usStates.find((state) => state.label === trimmed)?.value ?? trimmed;
}

/** 'City, ST 12345' as lines 4b and 5b want it; null when nothing is known. */
function cityStateZip(city: string | undefined, state: string | undefined, zip: string | undefined): string | null {
  const cityText = city?.trim() ?? '';
  const stateZip = [stateCode(state), zip?.trim() ?? ''].filter((part) => part !== '').join(' ');
  const line = [cityText, stateZip].filter((part) => part !== '').join(', ');
  return line === '' ? null : line;
}

/** Whether a separate mailing address was given (the business address is the mailing address otherwise). */
function hasMailingAddress(application: Application): boolean {
  return !application.registration.sameMailingAddress;
}

/** The entity type's subtype question, by entity type: its answer and its options. */
function subtypeOf(company: Application['company']): string | null {
  switch (company.entityType) {
    case 'Corporation':
      return labelOf(corporationTypeOptions, company.corporationType);
    case 'Partnership':
      return labelOf(partnershipTypeOptions, company.partnershipType);
    case 'Sole Proprietor':
      return labelOf(soleProprietorTypeOptions, company.soleProprietorType);
    case 'Trust':
      return labelOf(trustTypeOptions, company.trustType);
    default:
      return null;
  }
}

/**
 * The reason for applying, from the entity type's own question when that question is asked (never of
 * estates, trusts, others, settlement funds or household employers).
 */
function reasonOf(company: Application['company']): string | undefined {
  switch (company.entityType) {
    case 'Corporation':
      return asksCorporationReason(company.corporationType) ? company.corporationReason : undefined;
    case 'Partnership':
      return company.partnershipType ? company.partnershipReason : undefined;
    case 'Sole Proprietor':
      return asksSoleProprietorReason(company.soleProprietorType) ? company.soleProprietorReason : undefined;
    case 'LLC':
      return company.llcRicReason;
    default:
      return undefined;
  }
}

/** The employment answers exist only when the applicant will hire. */
function hires(application: Application): boolean {
  return application.compliance.willHire === 'true';
}

/** Line 13: the expected employees by type (the types chosen), and the total expected. */
function employeeCounts(compliance: Application['compliance']): Record<string, number> | null {
  const counts: Record<string, number> = {};
  const chosen = compliance.employeeTypes ?? [];
  for (const type of employeeTypeValues) {
    const count = compliance.counts?.[type];
    if (chosen.includes(type) && count) counts[type] = Number(count);
  }
  if (compliance.totalEmployeesExpected) counts.total = Number(compliance.totalEmployeesExpected);
  return Object.keys(counts).length === 0 ? null : counts;
}

/**
 * The fields of the spec's table, in its order. The table is titled "26 fields" but names 27 (reitType
 * has no SS-4 line); all 27 are kept, and the counts use their number.
 */
export const ss4Fields: readonly Ss4Field[] = [
  // Entity information (the spec's step 1 and step 2 rows).
  {
    key: 'legalName',
    line: '1',
    label: 'Legal name of entity',
    description: 'Legal name of the entity (or individual) for whom the EIN is requested.',
    category: 'entity',
    path: 'company.companyName',
    value: (application) => text(application.company.companyName),
  },
  {
    key: 'businessName',
    line: '2',
    label: 'Trade name of business',
    description: 'Trade name (doing business as), if different from the legal name; given only when the applicant says the business has one.',
    category: 'entity',
    path: 'company.hasTradeName + company.tradeName',
    value: ({ company }) => (company.hasTradeName === 'true' ? text(company.tradeName) : null),
  },
  {
    key: 'entityType',
    line: '8a',
    label: 'Type of entity',
    description: 'Type of entity, with the kind of corporation, partnership, sole proprietor or trust when the applicant chose one.',
    category: 'entity',
    path: 'company.entityType + company.corporationType + company.partnershipType + company.soleProprietorType + company.trustType',
    value: ({ company }) => {
      const entity = labelOf(entityTypeOptions, company.entityType);
      const subtype = subtypeOf(company);
      return entity && subtype ? `${entity}: ${subtype}` : entity;
    },
  },
  {
    key: 'stateOfIncorporation',
    line: '8b',
    label: 'State of incorporation or organization',
    description: 'State where a corporation was incorporated (articles of incorporation) or an LLC was organized (articles of organization). Not asked of REITs, RICs, settlement funds or other entity types.',
    category: 'entity',
    path: 'registration.incorporationState + registration.llcOrganizationState',
    value: ({ company, registration }) => {
      if (company.entityType === 'Corporation') return text(registration.incorporationState);
      if (company.entityType === 'LLC') return text(registration.llcOrganizationState);
      return null;
    },
  },
  {
    key: 'reasonForApplying',
    line: '9a',
    label: 'Reason for applying',
    description: 'Why the EIN is requested. Asked of corporations (except settlement funds), partnerships, sole proprietors (except household employers) and LLCs.',
    category: 'entity',
    path: 'company.corporationReason + company.partnershipReason + company.soleProprietorReason + company.llcRicReason',
    value: ({ company }) => labelOf(reasonOptions, reasonOf(company)),
  },
  {
    key: 'businessStartDate',
    line: '9b',
    label: 'Date business started or acquired',
    description: 'Date the business started or was acquired (YYYY-MM-DD).',
    category: 'entity',
    path: 'registration.businessStartDate',
    value: ({ registration }) => text(registration.businessStartDate),
  },
  {
    key: 'reitType',
    line: '',
    label: 'REIT classification',
    description: 'Equity or mortgage REIT; asked only of a real estate investment trust. Not a line of Form SS-4.',
    category: 'entity',
    path: 'registration.reitType',
    value: ({ registration }) => labelOf(reitTypeOptions, registration.reitType),
  },
  {
    key: 'executorName',
    line: '3',
    label: 'Executor, administrator, trustee, "care of" name',
    description: 'The trustee of a trust, or the "care of" name of a separate mailing address. The application does not ask for an estate\'s executor or administrator.',
    category: 'entity',
    path: 'contact.trusteeFirstName + contact.trusteeMiddleName + contact.trusteeLastName + contact.trusteeSuffix + registration.mailingCareOf',
    value: ({ company, contact, registration }) => {
      if (company.entityType === 'Trust') {
        const trustee = joinName(contact.trusteeFirstName, contact.trusteeMiddleName, contact.trusteeLastName, contact.trusteeSuffix);
        if (trustee) return trustee;
      }
      return registration.sameMailingAddress ? null : text(registration.mailingCareOf);
    },
  },
  {
    key: 'principalBusinessAddress',
    line: '4a',
    label: 'Mailing address (room, apt., suite no. and street, or P.O. box)',
    description: 'Where the IRS sends mail: the separate mailing address when one was given, otherwise the business street address.',
    category: 'entity',
    path: 'registration.mailingStreetAddress + registration.streetAddress',
    value: (application) => {
      const { registration } = application;
      return text(hasMailingAddress(application) ? registration.mailingStreetAddress : registration.streetAddress);
    },
  },
  {
    key: 'principalBusinessCity',
    line: '4b',
    label: 'Mailing city, state, and ZIP code',
    description: 'City, state and ZIP code of the mailing address: the separate mailing address when one was given, otherwise the business address.',
    category: 'entity',
    path: 'registration.mailingCity + registration.mailingState + registration.mailingZipCode + registration.city + registration.state + registration.zipCode',
    value: (application) => {
      const { registration } = application;
      return hasMailingAddress(application)
        ? cityStateZip(registration.mailingCity, registration.mailingState, registration.mailingZipCode)
        : cityStateZip(registration.city, registration.state, registration.zipCode);
    },
  },
  {
    key: 'physicalAddress',
    line: '5a',
    label: 'Street address (no P.O. box)',
    description: 'Street address where the business is located (no P.O. box).',
    category: 'entity',
    path: 'registration.streetAddress',
    value: ({ registration }) => text(registration.streetAddress),
  },
  {
    key: 'physicalCity',
    line: '5b',
    label: 'Street address city, state, and ZIP code',
    description: 'City, state and ZIP code of the business street address.',
    category: 'entity',
    path: 'registration.city + registration.state + registration.zipCode',
    value: ({ registration }) => cityStateZip(registration.city, registration.state, registration.zipCode),
  },
  {
    key: 'county',
    line: '6',
    label: 'County and state where principal business is located',
    description: 'County and state of the business street address.',
    category: 'entity',
    path: 'registration.county + registration.state',
    value: ({ registration }) => {
      const county = text(registration.county);
      const state = text(registration.state);
      return county && state ? `${county}, ${state}` : county;
    },
  },
  {
    key: 'phoneNumber',
    line: '17a',
    label: 'Telephone number',
    description: "The primary contact's telephone number.",
    category: 'entity',
    path: 'contact.phoneNumber',
    value: ({ contact }) => text(contact.phoneNumber),
  },
  {
    key: 'faxNumber',
    line: '17b',
    label: 'Fax number',
    description: "The applicant's fax number. The application does not ask for one.",
    category: 'entity',
    path: '',
    value: () => null,
  },

  // Responsible party (the spec's step 3 row).
  {
    key: 'responsiblePartyName',
    line: '7a',
    label: 'Name of responsible party',
    description: 'The person who controls, manages or directs the entity and its funds and assets.',
    category: 'responsible_party',
    path: 'contact.rpFirstName + contact.rpMiddleName + contact.rpLastName',
    value: ({ contact }) => joinName(contact.rpFirstName, contact.rpMiddleName, contact.rpLastName),
  },
  {
    key: 'responsiblePartySSN',
    line: '7b',
    label: 'SSN, ITIN, or EIN of responsible party',
    description: "The responsible party's Social Security number (9 digits). Shown masked until revealed.",
    category: 'responsible_party',
    path: 'contact.rpSSN',
    value: ({ contact }) => text(contact.rpSSN),
  },

  // Tax information (the spec's step 4 row).
  {
    key: 'taxYearEnd',
    line: '10',
    label: 'Closing month of accounting year',
    description: 'The last month of the tax (accounting) year.',
    category: 'tax',
    path: 'registration.accountingYearClosingMonth',
    value: ({ registration }) => labelOf(closingMonthOptions, registration.accountingYearClosingMonth),
  },
  {
    key: 'firstWageDate',
    line: '11',
    label: 'First date wages or annuities were paid',
    description: 'First date wages were or will be paid (YYYY-MM-DD); asked only when the applicant will hire employees.',
    category: 'tax',
    path: 'compliance.firstWageDate',
    value: (application) => (hires(application) ? text(application.compliance.firstWageDate) : null),
  },
  {
    key: 'taxLiabilityDate',
    line: '12',
    label: 'Expected start of employment tax liability',
    description: 'Month and year (MM/YYYY) the first employees are expected to be hired, when employment tax liability begins; asked only when the applicant will hire employees.',
    category: 'tax',
    path: 'compliance.expectedHireMonthYear',
    value: (application) => (hires(application) ? text(application.compliance.expectedHireMonthYear) : null),
  },
  {
    key: 'employeeCount',
    line: '13',
    label: 'Highest number of employees expected in the next 12 months',
    description: 'Expected employees by type (agricultural, household, other) and in total; asked only when the applicant will hire employees.',
    category: 'tax',
    path: 'compliance.employeeTypes + compliance.counts + compliance.totalEmployeesExpected',
    value: (application) => (hires(application) ? employeeCounts(application.compliance) : null),
  },

  // Additional information (the spec's step 5 and step 6 rows).
  {
    key: 'principalActivity',
    line: '14',
    label: 'Principal activity of business',
    description: 'The activity that best describes the business.',
    category: 'additional',
    path: 'activity.principalActivity',
    value: ({ activity }) => labelOf(principalActivityOptions, activity.principalActivity),
  },
  {
    key: 'principalProduct',
    line: '15',
    label: 'Principal line of merchandise, construction, products, or services',
    description: 'The principal product sold, construction work done, or services provided.',
    category: 'additional',
    path: 'activity.principalProductOrService',
    value: ({ activity }) => text(activity.principalProductOrService),
  },
  {
    key: 'previousEIN',
    line: '16',
    label: 'Previous EIN',
    description:
      "The previous owner's EIN (XX-XXXXXXX), given when an existing business was bought. The form's line asks for an EIN the entity itself held before, which the application does not ask: check before filing.",
    category: 'additional',
    path: 'registration.previousOwnerEIN',
    value: ({ registration }) => text(registration.previousOwnerEIN),
  },
  {
    key: 'thirdPartyDesignee',
    line: 'TPD',
    label: 'Third party designee',
    description: 'A person the applicant authorizes to receive the EIN and answer questions about the form. The application does not ask for one.',
    category: 'additional',
    path: '',
    value: () => null,
  },
  {
    key: 'applicantName',
    line: 'Signature',
    label: 'Name of applicant (signature block)',
    description: 'Name of the person signing the application: the primary contact.',
    category: 'additional',
    path: 'contact.contactFirstName + contact.contactMiddleName + contact.contactLastName',
    value: ({ contact }) => joinName(contact.contactFirstName, contact.contactMiddleName, contact.contactLastName),
  },
  {
    key: 'applicantPhone',
    line: 'Signature',
    label: "Applicant's telephone number (signature block)",
    description: "The primary contact's telephone number.",
    category: 'additional',
    path: 'contact.phoneNumber',
    value: ({ contact }) => text(contact.phoneNumber),
  },
];

/** A value counts as filled when it is neither null nor an empty string (spec 02, section 3). */
export function isFilled(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

/** A value as the mapping view shows it: 'Not provided', Yes/No, JSON text for objects, text otherwise. */
export function formatSs4Value(value: unknown): string {
  if (!isFilled(value)) return 'Not provided';
  if (value === true || value === 'true') return 'Yes';
  if (value === false || value === 'false') return 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** An SSN as staff first see it: at most its last four digits ('***-**-6789'); '' when it has no digits. */
export function maskSsn(ssn: string): string {
  const digits = ssn.replace(/\D/g, '');
  return digits === '' ? '' : `***-**-${digits.slice(-4)}`;
}

/** An SSN as 3-2-4 digits when it is 9 digits long ('123-45-6789'); other text as it is. */
export function formatSsn(ssn: string): string {
  return /^\d{9}$/.test(ssn) ? `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}` : ssn;
}

export type Ss4Completeness = { total: number; filled: number; missing: number; percent: number };

/** How many of the mapped fields the application fills. */
export function ss4Completeness(application: Application): Ss4Completeness {
  const total = ss4Fields.length;
  const filled = ss4Fields.filter((field) => isFilled(field.value(application))).length;
  return { total, filled, missing: total - filled, percent: Math.round((filled / total) * 100) };
}
