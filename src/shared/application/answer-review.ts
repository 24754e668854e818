import { m } from '#shared/i18n/messages.ts';
import type { Application } from './application';
import { type ApplicationSection, applicationSections } from './sections';
import {
  asksBankingPurpose,
  asksCorporationReason,
  asksHusbandWife,
  asksOtherEntityDescription,
  asksLlcTaxClassification,
  asksPartnershipReason,
  asksSoleProprietorReason,
  asksTradeName,
  companyLabels,
  corporationTypeOptions,
  entityTypeOptions,
  estateReasonOptions,
  llcTaxClassificationOptions,
  otherEntityTypeOptions,
  partnershipTypeOptions,
  reasonOptions,
  soleProprietorTypeOptions,
  trustTypeOptions,
} from './company';
import {
  asksIncorporationState,
  asksLlcOrganizationState,
  asksMailingAddress,
  asksMailingCareOf,
  asksPreviousEin,
  asksReitType,
  businessAddressAbroad,
  closingMonthOptions,
  mailingAddressAbroad,
  registrationLabels,
  reitTypeOptions,
} from './registration';
import {
  asksDecedentSsn,
  asksGrantorSsn,
  asksRpUsPerson,
  asksTrustee,
  contactLabels,
  rpTaxIdTypeOf,
  rpTaxIdTypeOptions,
  ssnFields,
  type SsnField,
} from './contact';
import {
  asksHiringDetails,
  asksReportingFrequency,
  complianceLabels,
  employeeTypeOptions,
  reportingFrequencyOptions,
  taxLiabilityOptions,
} from './compliance';
import {
  activityFollowUpFields,
  activityLabels,
  activityQuestions,
  principalActivityOptions,
  type ActivityQuestion,
} from './activity';
import { llcLocationOptions, usStates } from './options';
import { countryLabel } from './country-names';
import { formatPhoneForPeople } from './phones';
import { formatSsn, maskSsn } from '../ss4/ss4-mapping';
import { formatCalendarDate } from '../dates';

// Every answer of the application, under the wizard page that asked it, with a readable label and
// the option's label rather than its stored value: the staff's Submission Data view, and the review
// the customer reads at step 6 before paying (built by the server from what it validated).

type Option = { readonly value: string; readonly label: string };

/** How an answer is written: an option's label, Yes/No, a date, a phone number, the SSN, or as typed. */
type ValueKind =
  | { kind: 'text' }
  | { kind: 'options'; options: readonly Option[] }
  | { kind: 'yesNo' }
  | { kind: 'date' }
  | { kind: 'phoneDigits' }
  | { kind: 'country' }
  | { kind: 'ssn' };

type FieldSpec = { label: string } & ValueKind;

const text: ValueKind = { kind: 'text' };
const choice = (options: readonly Option[]): ValueKind => ({ kind: 'options', options });
const yesNo: ValueKind = { kind: 'yesNo' };
const date: ValueKind = { kind: 'date' };

/**
 * A section's questions in the page's order: how each answer is written, under the label its
 * schema gives it. Both maps are keyed by the section's answers, so neither can miss one.
 */
function fieldsOf<K extends string>(labels: Readonly<Record<K, string>>, kinds: Readonly<Record<K, ValueKind>>): Record<K, FieldSpec> {
  const fields = {} as Record<K, FieldSpec>;
  // The label is read each time it is shown, in the reader's language.
  for (const key of Object.keys(kinds) as K[]) fields[key] = withLabel(() => labels[key], kinds[key]);
  return fields;
}

/** A field whose label is read when the answer is shown, not when this module loads. */
function withLabel(label: () => string, kind: ValueKind): FieldSpec {
  return Object.defineProperty({ ...kind }, 'label', { get: label, enumerable: true }) as FieldSpec;
}

function activityKind(question: ActivityQuestion): ValueKind {
  if (question.kind === 'choice') return choice(question.options);
  if (question.kind === 'yesNo') return yesNo;
  return text;
}

/** The wizard pages' headings and their questions, in the order the pages ask them. */
export const submissionSections: Readonly<Record<ApplicationSection, { heading: string; fields: Readonly<Record<string, FieldSpec>> }>> = {
  company: {
    get heading() {
      return m.application_review_company_heading();
    },
    fields: fieldsOf(companyLabels, {
      companyName: text,
      state: choice(usStates),
      entityType: choice(entityTypeOptions),
      hasTradeName: yesNo,
      tradeName: text,
      corporationType: choice(corporationTypeOptions),
      corporationReason: choice(reasonOptions),
      partnershipType: choice(partnershipTypeOptions),
      partnershipReason: choice(reasonOptions),
      soleProprietorType: choice(soleProprietorTypeOptions),
      soleProprietorReason: choice(reasonOptions),
      trustType: choice(trustTypeOptions),
      llcMemberCount: text,
      llcLocationState: choice(llcLocationOptions),
      llcIsHusbandWife: yesNo,
      llcTaxClassification: choice(llcTaxClassificationOptions),
      llcRicReason: choice(reasonOptions),
      estateReason: choice(estateReasonOptions),
      otherEntityType: choice(otherEntityTypeOptions),
      otherEntityDescription: text,
      othersReason: choice(reasonOptions),
      bankingPurpose: text,
    }),
  },
  registration: {
    get heading() {
      return m.application_review_registration_heading();
    },
    fields: fieldsOf(registrationLabels, {
      companyRegistrationNumber: text,
      businessStartDate: date,
      previousOwnerEIN: text,
      appliedForEinBefore: yesNo,
      previousEin: text,
      accountingYearClosingMonth: choice(closingMonthOptions),
      reitType: choice(reitTypeOptions),
      incorporationState: text,
      llcOrganizationState: text,
      streetAddress: text,
      city: text,
      country: { kind: 'country' },
      county: text,
      state: text,
      zipCode: text,
      province: text,
      postalCode: text,
      sameMailingAddress: yesNo,
      mailingCareOf: text,
      mailingStreetAddress: text,
      mailingCity: text,
      mailingCountry: { kind: 'country' },
      mailingProvince: text,
      mailingPostalCode: text,
      mailingCounty: text,
      mailingState: text,
      mailingZipCode: text,
    }),
  },
  contact: {
    get heading() {
      return m.application_review_contact_heading();
    },
    fields: fieldsOf(contactLabels, {
      contactFirstName: text,
      contactMiddleName: text,
      contactLastName: text,
      phoneNumber: { kind: 'phoneDigits' },
      emailAddress: text,
      sameAsContact: yesNo,
      rpFirstName: text,
      rpMiddleName: text,
      rpLastName: text,
      rpTitle: text,
      rpTaxIdType: choice(rpTaxIdTypeOptions),
      rpSSN: { kind: 'ssn' },
      rpItin: { kind: 'ssn' },
      rpUsPerson: yesNo,
      rpPhone: { kind: 'phoneDigits' },
      rpEmail: text,
      trustFilingAsEstate: yesNo,
      trusteeFirstName: text,
      trusteeMiddleName: text,
      trusteeLastName: text,
      trusteeSuffix: text,
      decedentSSN: { kind: 'ssn' },
      grantorSSN: { kind: 'ssn' },
    }),
  },
  compliance: {
    get heading() {
      return m.application_review_compliance_heading();
    },
    fields: fieldsOf(complianceLabels, {
      heavyVehicle: yesNo,
      gambling: yesNo,
      atf: yesNo,
      exciseTax: yesNo,
      willHire: yesNo,
      employeeTypes: choice(employeeTypeOptions),
      'counts.agricultural': text,
      'counts.household': text,
      'counts.other': text,
      totalEmployeesExpected: text,
      firstWageDate: date,
      expectedHireMonthYear: text,
      taxLiability: choice(taxLiabilityOptions),
      reportingFrequency: choice(reportingFrequencyOptions),
    }),
  },
  activity: {
    get heading() {
      return m.application_review_activity_heading();
    },
    fields: {
      principalActivity: withLabel(() => activityLabels.principalActivity, choice(principalActivityOptions)),
      ...Object.fromEntries(
        activityFollowUpFields.map((field) => [field, withLabel(() => activityQuestions[field].label, activityKind(activityQuestions[field]))]),
      ),
      principalProductOrService: withLabel(() => activityLabels.principalProductOrService, text),
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
  /** An SSN (which one), shown masked with its own Reveal; null for any other answer. */
  ssnField: SsnField | null;
  /** Stored, but the wizard would not ask it of this application (its show/hide rule says no). */
  notAsked: boolean;
};

/** A stored answer as text, for the show/hide rules. */
const answerOf = (section: unknown, key: string): string | undefined => {
  const value = typeof section === 'object' && section !== null ? (section as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
};

type AskedRule = (application: Application) => boolean;

/**
 * When each conditional question is asked, by the same predicates the wizard's steps and schemas
 * use. Staff still see every stored answer; one the rules would not ask is marked as such.
 */
function askedRules(): { [S in ApplicationSection]?: Record<string, AskedRule> } {
  const company = (application: Application, key: string) => answerOf(application.company, key);
  const hiring: AskedRule = (application) => asksHiringDetails(answerOf(application.compliance, 'willHire'));
  const mailing: AskedRule = (application) => asksMailingAddress(application.registration.sameMailingAddress);
  const trustee: AskedRule = (application) => asksTrustee(company(application, 'entityType'));
  const others: AskedRule = (application) => company(application, 'entityType') === 'Others';
  return {
    company: {
      tradeName: (application) => asksTradeName(company(application, 'hasTradeName')),
      corporationReason: (application) => asksCorporationReason(company(application, 'corporationType')),
      partnershipReason: (application) => asksPartnershipReason(company(application, 'partnershipType')),
      soleProprietorReason: (application) => asksSoleProprietorReason(company(application, 'soleProprietorType')),
      llcIsHusbandWife: (application) => asksHusbandWife(company(application, 'llcMemberCount'), company(application, 'llcLocationState')),
      llcTaxClassification: (application) =>
        asksLlcTaxClassification(company(application, 'llcMemberCount'), company(application, 'llcLocationState'), company(application, 'llcIsHusbandWife')),
      estateReason: (application) => company(application, 'entityType') === 'Estate',
      otherEntityType: others,
      otherEntityDescription: (application) => others(application) && asksOtherEntityDescription(company(application, 'otherEntityType')),
      othersReason: others,
      bankingPurpose: (application) => asksBankingPurpose(application.company),
    },
    registration: {
      previousEin: (application) => asksPreviousEin(answerOf(application.registration, 'appliedForEinBefore')),
      reitType: (application) => asksReitType(company(application, 'entityType'), company(application, 'corporationType')),
      incorporationState: (application) => asksIncorporationState(company(application, 'entityType'), company(application, 'corporationType')),
      llcOrganizationState: (application) => asksLlcOrganizationState(company(application, 'entityType')),
      mailingCareOf: (application) => mailing(application) && asksMailingCareOf(company(application, 'entityType')),
      mailingStreetAddress: mailing,
      mailingCity: mailing,
      mailingCountry: mailing,
      mailingCounty: (application) => mailing(application) && !mailingAddressAbroad(application.registration),
      mailingState: (application) => mailing(application) && !mailingAddressAbroad(application.registration),
      mailingZipCode: (application) => mailing(application) && !mailingAddressAbroad(application.registration),
      mailingProvince: (application) => mailing(application) && mailingAddressAbroad(application.registration),
      mailingPostalCode: (application) => mailing(application) && mailingAddressAbroad(application.registration),
      county: (application) => !businessAddressAbroad(application.registration),
      state: (application) => !businessAddressAbroad(application.registration),
      zipCode: (application) => !businessAddressAbroad(application.registration),
      province: (application) => businessAddressAbroad(application.registration),
      postalCode: (application) => businessAddressAbroad(application.registration),
    },
    contact: {
      rpSSN: (application) => rpTaxIdTypeOf(application.contact) === 'ssn',
      rpItin: (application) => rpTaxIdTypeOf(application.contact) === 'itin',
      rpUsPerson: (application) =>
        asksRpUsPerson(rpTaxIdTypeOf(application.contact), company(application, 'entityType'), company(application, 'llcMemberCount')),
      decedentSSN: (application) => asksDecedentSsn(company(application, 'entityType')),
      grantorSSN: (application) => asksGrantorSsn(company(application, 'entityType')),
      trustFilingAsEstate: trustee, trusteeFirstName: trustee, trusteeMiddleName: trustee, trusteeLastName: trustee, trusteeSuffix: trustee },
    compliance: {
      employeeTypes: hiring,
      'counts.agricultural': hiring,
      'counts.household': hiring,
      'counts.other': hiring,
      totalEmployeesExpected: hiring,
      firstWageDate: hiring,
      expectedHireMonthYear: hiring,
      taxLiability: hiring,
      reportingFrequency: (application) => hiring(application) && asksReportingFrequency(answerOf(application.compliance, 'taxLiability')),
    },
  };
}

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
  if (value === true || value === 'true') return m.application_review_yes();
  if (value === false || value === 'false') return m.application_review_no();
  return null;
}

/** An answer as text, by its field's kind; booleans are Yes/No whatever the field. */
function readable(spec: FieldSpec | undefined, value: unknown, maskSsns = false): string {
  if (Array.isArray(value)) return value.map((item) => readable(spec, item, maskSsns)).join(', ');
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
      return /^\d{10}$/.test(answer) ? `(${answer.slice(0, 3)}) ${answer.slice(3, 6)}-${answer.slice(6)}` : formatPhoneForPeople(answer);
    case 'country':
      return countryLabel(answer);
    case 'ssn':
      return maskSsns ? maskSsn(answer) : formatSsn(answer);
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
export function submissionGroups(formData: Record<string, unknown>, { maskSsns = false }: { maskSsns?: boolean } = {}): SubmissionGroup[] {
  const application = applicationOf(formData);
  const rules = askedRules();
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
      const asked = rules[section]?.[key];
      return {
        path: `${section}.${key}`,
        label: spec?.label ?? labelFromKey(key),
        value: readable(spec, value, maskSsns),
        ssnField: spec?.kind === 'ssn' && section === 'contact' && isSsnField(key) ? key : null,
        notAsked: asked !== undefined && !asked(application),
      };
    });
    return answers.length === 0 ? [] : [{ section, heading, answers }];
  });
}

function isSsnField(key: string): key is SsnField {
  return (ssnFields as readonly string[]).includes(key);
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

/** One wizard page's answers as the customer reviews them before paying. */
export type ReviewGroup = { section: ApplicationSection; heading: string; answers: { label: string; value: string }[] };

/**
 * The customer's review at step 6: every answer the wizard asked, grouped by its page in the
 * wizard's order, each SSN masked (`***-**-6789`). Answers the rules would not ask are left out.
 */
export function customerReviewGroups(application: Record<string, unknown>): ReviewGroup[] {
  return submissionGroups(application, { maskSsns: true }).map(({ section, heading, answers }) => ({
    section,
    heading,
    answers: answers.filter((answer) => !answer.notAsked).map(({ label, value }) => ({ label, value })),
  }));
}
