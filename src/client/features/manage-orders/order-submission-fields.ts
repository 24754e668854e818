import type { Application } from '../../../shared/application/application';
import type { ApplicationSection } from '../../../shared/application/sections';
import { applicationSections } from '../../../shared/application/sections';
import {
  corporationTypeOptions,
  entityTypeOptions,
  llcTaxClassificationOptions,
  partnershipTypeOptions,
  reasonOptions,
  soleProprietorTypeOptions,
  trustTypeOptions,
} from '../../../shared/application/company';
import { closingMonthOptions, reitTypeOptions } from '../../../shared/application/registration';
import {
  employeeTypeOptions,
  reportingFrequencyOptions,
  taxLiabilityOptions,
} from '../../../shared/application/compliance';
import {
  activityFollowUpFields,
  activityQuestions,
  principalActivityOptions,
  type ActivityQuestion,
} from '../../../shared/application/activity';
import { usStates } from '../../../shared/application/options';
import { formatSsn } from '../../../shared/ss4/ss4-mapping';
import { formatCalendarDate } from './order-formats';

// The Submission Data view: every answer of the application, under the wizard page that asked it,
// with a label staff can read and the option's label rather than its stored value.

type Option = { readonly value: string; readonly label: string };

/** How an answer is written: an option's label, Yes/No, a date, a phone number, the SSN, or as typed. */
type ValueKind =
  | { kind: 'text' }
  | { kind: 'options'; options: readonly Option[] }
  | { kind: 'yesNo' }
  | { kind: 'date' }
  | { kind: 'phoneDigits' }
  | { kind: 'ssn' };

type FieldSpec = { label: string } & ValueKind;

const text = (label: string): FieldSpec => ({ label, kind: 'text' });
const choice = (label: string, options: readonly Option[]): FieldSpec => ({ label, kind: 'options', options });
const yesNo = (label: string): FieldSpec => ({ label, kind: 'yesNo' });
const date = (label: string): FieldSpec => ({ label, kind: 'date' });

const reasonLabel = 'Reason for Requesting an EIN';

function activityField(question: ActivityQuestion): FieldSpec {
  if (question.kind === 'choice') return choice(question.label, question.options);
  if (question.kind === 'yesNo') return yesNo(question.label);
  return text(question.label);
}

/** The wizard pages' headings and their questions, in the order the pages ask them. */
export const submissionSections: Readonly<Record<ApplicationSection, { heading: string; fields: Readonly<Record<string, FieldSpec>> }>> = {
  company: {
    heading: 'Company Information',
    fields: {
      companyName: text('Legal Company Name'),
      state: choice('State of Formation', usStates),
      entityType: choice('Entity Type', entityTypeOptions),
      hasTradeName: yesNo('Uses a Trade Name (DBA)'),
      tradeName: text('Trade Name (DBA)'),
      corporationType: choice('Corporation Type', corporationTypeOptions),
      corporationReason: choice(reasonLabel, reasonOptions),
      partnershipType: choice('Partnership Type', partnershipTypeOptions),
      partnershipReason: choice(reasonLabel, reasonOptions),
      soleProprietorType: choice('Sole Proprietor Type', soleProprietorTypeOptions),
      soleProprietorReason: choice(reasonLabel, reasonOptions),
      trustType: choice('Trust Type', trustTypeOptions),
      llcMemberCount: text('Number of LLC Members'),
      llcLocationState: choice('State of Physical Location', usStates),
      llcIsHusbandWife: yesNo('Members Are Husband and Wife'),
      llcTaxClassification: choice('LLC Classification', llcTaxClassificationOptions),
      llcRicReason: choice(reasonLabel, reasonOptions),
    },
  },
  registration: {
    heading: 'Company Registration Details',
    fields: {
      companyRegistrationNumber: text('Company Registration Number'),
      businessStartDate: date('Business Start Date'),
      previousOwnerEIN: text("Previous Owner's EIN"),
      appliedForEinBefore: yesNo('The Business Itself Had an EIN Before'),
      previousEin: text('Its Previous EIN'),
      accountingYearClosingMonth: choice('Accounting Year Closing Month', closingMonthOptions),
      reitType: choice('Type of REIT', reitTypeOptions),
      incorporationState: text('State of Incorporation'),
      llcOrganizationState: text('State of Organization'),
      streetAddress: text('Street Address'),
      city: text('City'),
      county: text('County'),
      state: text('State'),
      zipCode: text('ZIP Code'),
      sameMailingAddress: yesNo('Mailing Address Same as Business Address'),
      mailingCareOf: text('Mailing Care Of (c/o)'),
      mailingStreetAddress: text('Mailing Street Address'),
      mailingCity: text('Mailing City'),
      mailingCounty: text('Mailing County'),
      mailingState: text('Mailing State'),
      mailingZipCode: text('Mailing ZIP Code'),
    },
  },
  contact: {
    heading: 'Responsible Party',
    fields: {
      contactFirstName: text('Contact First Name'),
      contactMiddleName: text('Contact Middle Name'),
      contactLastName: text('Contact Last Name'),
      phoneNumber: text('Contact Phone Number'),
      emailAddress: text('Contact Email Address'),
      sameAsContact: yesNo('Responsible Party Is the Primary Contact'),
      rpFirstName: text('Responsible Party First Name'),
      rpMiddleName: text('Responsible Party Middle Name'),
      rpLastName: text('Responsible Party Last Name'),
      rpTitle: text('Responsible Party Title'),
      rpSSN: { label: 'Responsible Party SSN', kind: 'ssn' },
      rpPhone: { label: 'Responsible Party Phone', kind: 'phoneDigits' },
      rpEmail: text('Responsible Party Email'),
      trustFilingAsEstate: yesNo('Trust Filing as an Estate'),
      trusteeFirstName: text('Trustee First Name'),
      trusteeMiddleName: text('Trustee Middle Name'),
      trusteeLastName: text('Trustee Last Name'),
      trusteeSuffix: text('Trustee Suffix'),
    },
  },
  compliance: {
    heading: 'Regulatory Compliance',
    fields: {
      heavyVehicle: yesNo('Highway Vehicle of 55,000 Pounds or More'),
      gambling: yesNo('Gambling or Wagering'),
      atf: yesNo('Alcohol, Tobacco or Firearms'),
      exciseTax: yesNo('Files Form 720 (Federal Excise Tax)'),
      willHire: yesNo('Will Hire Employees in the Next 12 Months'),
      employeeTypes: choice('Employee Types', employeeTypeOptions),
      'counts.agricultural': text('Agricultural Employees Expected'),
      'counts.household': text('Household Employees Expected'),
      'counts.other': text('Other Employees Expected'),
      totalEmployeesExpected: text('Total Employees Expected'),
      firstWageDate: date('First Date Wages Will Be Paid'),
      expectedHireMonthYear: text('Expected Hiring Date (MM/YYYY)'),
      taxLiability: choice('Employment Tax Liability Over $1,000 in a Quarter', taxLiabilityOptions),
      reportingFrequency: choice('Employment Tax Return Filing', reportingFrequencyOptions),
    },
  },
  activity: {
    heading: 'Business Activity',
    fields: {
      principalActivity: choice('Principal Activity', principalActivityOptions),
      ...Object.fromEntries(activityFollowUpFields.map((field) => [field, activityField(activityQuestions[field])])),
      principalProductOrService: text('Principal Product or Service'),
    },
  },
};

/** Kept in the application for the wizard's own use, not an answer: the contact page's copy of the entity type. */
const internalFields: Partial<Record<ApplicationSection, readonly string[]>> = { contact: ['entityType'] };

export type SubmissionAnswer = {
  /** Section and field ("contact.rpSSN"). */
  path: string;
  label: string;
  /** The answer as staff read it. */
  value: string;
  /** The SSN, shown masked with its own Reveal. */
  isSsn: boolean;
};

export type SubmissionGroup = { section: ApplicationSection; heading: string; answers: SubmissionAnswer[] };

function isAnswered(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function labelOf(options: readonly Option[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

function yesNoText(value: unknown): string | null {
  if (value === true || value === 'true') return 'Yes';
  if (value === false || value === 'false') return 'No';
  return null;
}

/** An answer as text, by its field's kind; booleans are Yes/No whatever the field. */
function readable(spec: FieldSpec | undefined, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => readable(spec, item)).join(', ');
  const yesNoAnswer = yesNoText(value);
  if (typeof value === 'boolean' || (spec?.kind === 'yesNo' && yesNoAnswer)) return yesNoAnswer ?? String(value);
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  const answer = String(value);
  switch (spec?.kind) {
    case 'options':
      return labelOf(spec.options, answer);
    case 'date':
      return formatCalendarDate(answer);
    case 'phoneDigits':
      return /^\d{10}$/.test(answer) ? `(${answer.slice(0, 3)}) ${answer.slice(3, 6)}-${answer.slice(6)}` : answer;
    case 'ssn':
      return formatSsn(answer);
    default:
      return answer;
  }
}

/** "llcMemberCount" → "Llc member count": a readable label for an answer this screen has no label for. */
function labelFromKey(key: string): string {
  const words = key
    .split('.')
    .flatMap((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' '))
    .map((word) => word.toLowerCase());
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** A section's answers flattened to field paths, nested objects ("counts") one level down. */
function flatten(section: Record<string, unknown>): [string, unknown][] {
  return Object.entries(section).flatMap(([key, value]): [string, unknown][] =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.entries(value as Record<string, unknown>).map(([inner, innerValue]): [string, unknown] => [`${key}.${inner}`, innerValue])
      : [[key, value]],
  );
}

/**
 * The answered fields of each wizard page, in the page's order; answers this screen does not know
 * (an older or newer application) follow with a label made from their name, so none is hidden.
 */
export function submissionGroups(formData: Record<string, unknown>): SubmissionGroup[] {
  return applicationSections.flatMap((section) => {
    const raw = formData[section];
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
    const { heading, fields } = submissionSections[section];
    const known = Object.keys(fields);
    const skipped = internalFields[section] ?? [];
    const entries = flatten(raw as Record<string, unknown>).filter(([key, value]) => isAnswered(value) && !skipped.includes(key));
    entries.sort(([a], [b]) => order(known, a) - order(known, b));
    const answers = entries.map(([key, value]) => {
      const spec = fields[key];
      return { path: `${section}.${key}`, label: spec?.label ?? labelFromKey(key), value: readable(spec, value), isSsn: spec?.kind === 'ssn' };
    });
    return answers.length === 0 ? [] : [{ section, heading, answers }];
  });
}

function order(known: readonly string[], key: string): number {
  const index = known.indexOf(key);
  return index === -1 ? known.length : index;
}

/**
 * The stored application with every section an object, so the SS-4 mapping can read any order,
 * even one saved before a section existed (its answers then count as missing).
 */
export function applicationOf(formData: Record<string, unknown>): Application {
  const sections = Object.fromEntries(
    applicationSections.map((section) => {
      const value = formData[section];
      return [section, typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}];
    }),
  );
  return { ...formData, ...sections } as Application;
}
