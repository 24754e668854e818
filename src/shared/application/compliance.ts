import { z } from 'zod';
import { m } from '#shared/i18n/messages.ts';
import { choice, isIsoDate, option, requiredYesNo, spoken, type Message } from './fields';

// Step 4, "Regulatory Compliance": the four regulatory questions and the employment plans
// (Form SS-4 lines 13 to 15).

export const employeeTypeOptions = [
  option({ value: 'agricultural', label: m.options_employee_type_agricultural, formText: 'Agricultural', hint: m.options_employee_type_agricultural_hint }),
  option({ value: 'household', label: m.options_employee_type_household, formText: 'Household', hint: m.options_employee_type_household_hint }),
  option({ value: 'other', label: m.options_employee_type_other, formText: 'Other', hint: m.options_employee_type_other_hint }),
] as const;
export const employeeTypeValues = ['agricultural', 'household', 'other'] as const;
export type EmployeeType = (typeof employeeTypeValues)[number];

export const taxLiabilityOptions = [
  option({ value: '>1000', label: m.options_tax_liability_over, formText: 'Yes, more than $1,000' }),
  option({ value: '<=1000', label: m.options_tax_liability_at_most, formText: 'No, $1,000 or less' }),
] as const;
export const taxLiabilityValues = ['>1000', '<=1000'] as const;

export const reportingFrequencyOptions = [
  option({ value: 'quarterly', label: m.options_reporting_quarterly, formText: 'Quarterly', hint: m.options_reporting_quarterly_hint }),
  option({ value: 'annually', label: m.options_reporting_annually, formText: 'Annually', hint: m.options_reporting_annually_hint }),
] as const;
export const reportingFrequencyValues = ['quarterly', 'annually'] as const;

export const complianceMessages = spoken({
  regulatoryQuestion: m.application_compliance_regulatory_question_error,
  willHire: m.application_compliance_will_hire_error,
  employeeTypes: m.application_compliance_employee_types_error,
  counts: spoken({
    agricultural: m.application_compliance_count_agricultural_error,
    household: m.application_compliance_count_household_error,
    other: m.application_compliance_count_other_error,
  }),
  totalEmployeesExpected: m.application_compliance_total_employees_expected_error,
  firstWageDate: m.application_compliance_first_wage_date_error,
  expectedHireMonthYear: m.application_compliance_expected_hire_month_year_error,
  taxLiability: m.application_compliance_tax_liability_error,
  reportingFrequency: m.application_compliance_reporting_frequency_error,
});

/** Employee counts: whole numbers typed in a number input, kept as digits (at most 7). */
const countPattern = /^\d{0,7}$/;
/** A count that is missing or below 1 (a malformed count already has the field's own message). */
const lacksCount = (value: unknown) => typeof value !== 'string' || (countPattern.test(value) && Number(value) < 1);

const monthYearPattern = /^(0[1-9]|1[0-2])\/\d{4}$/;
const optionalCount = (message: Message) => z.string().regex(countPattern, { error: message }).optional();

/** The employment details are asked only of a business that will hire. */
export function asksHiringDetails(willHire: string | undefined): boolean {
  return willHire === 'true';
}

/** The filing frequency is asked only when the employment tax liability stays at $1,000 or less. */
export function asksReportingFrequency(taxLiability: string | undefined): boolean {
  return taxLiability === '<=1000';
}

export const complianceSchema = z
  .strictObject({
    heavyVehicle: requiredYesNo(() => complianceMessages.regulatoryQuestion),
    gambling: requiredYesNo(() => complianceMessages.regulatoryQuestion),
    atf: requiredYesNo(() => complianceMessages.regulatoryQuestion),
    exciseTax: requiredYesNo(() => complianceMessages.regulatoryQuestion),
    willHire: requiredYesNo(() => complianceMessages.willHire),
    // The employment details exist only while willHire is "true" (hidden fields are not submitted).
    employeeTypes: z.array(z.enum(employeeTypeValues, { error: () => complianceMessages.employeeTypes })).max(3).optional(),
    counts: z
      .strictObject({
        agricultural: optionalCount(() => complianceMessages.counts.agricultural),
        household: optionalCount(() => complianceMessages.counts.household),
        other: optionalCount(() => complianceMessages.counts.other),
      })
      .optional(),
    totalEmployeesExpected: z.string().regex(countPattern, { error: () => complianceMessages.totalEmployeesExpected }).optional(),
    firstWageDate: z
      .string()
      .refine((value) => value === '' || isIsoDate(value), { error: () => complianceMessages.firstWageDate })
      .optional(),
    expectedHireMonthYear: z
      .string()
      .refine((value) => value === '' || monthYearPattern.test(value), { error: () => complianceMessages.expectedHireMonthYear })
      .optional(),
    taxLiability: choice(taxLiabilityValues, () => complianceMessages.taxLiability).optional(),
    reportingFrequency: choice(reportingFrequencyValues, () => complianceMessages.reportingFrequency).optional(),
  })
  .superRefine(
    (values, ctx) => {
      if (!asksHiringDetails(values.willHire)) return;
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });

      const selected = Array.isArray(values.employeeTypes) ? values.employeeTypes : [];
      if (selected.length === 0) issue(['employeeTypes'], complianceMessages.employeeTypes);
      for (const type of employeeTypeValues) {
        if (selected.includes(type) && lacksCount(values.counts?.[type])) {
          issue(['counts', type], complianceMessages.counts[type]);
        }
      }
      if (lacksCount(values.totalEmployeesExpected)) {
        issue(['totalEmployeesExpected'], complianceMessages.totalEmployeesExpected);
      }
      if (!values.firstWageDate) {
        issue(['firstWageDate'], complianceMessages.firstWageDate);
      }
      if (!values.expectedHireMonthYear) {
        issue(['expectedHireMonthYear'], complianceMessages.expectedHireMonthYear);
      }
      if (!values.taxLiability) issue(['taxLiability'], complianceMessages.taxLiability);
      if (asksReportingFrequency(values.taxLiability) && !values.reportingFrequency) {
        issue(['reportingFrequency'], complianceMessages.reportingFrequency);
      }
    },
    // Run even when a field above failed, so every message shows at once (values may be malformed then).
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

export type Compliance = z.infer<typeof complianceSchema>;

/** The answers of step 4, the employee counts one per type ("counts.household"). */
export type ComplianceAnswer = Exclude<keyof Compliance, 'counts'> | `counts.${EmployeeType}`;

/** What each answer is called where it is read back (the staff's submission view). */
export const complianceLabels = spoken({
  heavyVehicle: m.application_compliance_heavy_vehicle_label,
  gambling: m.application_compliance_gambling_label,
  atf: m.application_compliance_atf_label,
  exciseTax: m.application_compliance_excise_tax_label,
  willHire: m.application_compliance_will_hire_label,
  employeeTypes: m.application_compliance_employee_types_label,
  'counts.agricultural': m.application_compliance_counts_agricultural_label,
  'counts.household': m.application_compliance_counts_household_label,
  'counts.other': m.application_compliance_counts_other_label,
  totalEmployeesExpected: m.application_compliance_total_employees_expected_label,
  firstWageDate: m.application_compliance_first_wage_date_label,
  expectedHireMonthYear: m.application_compliance_expected_hire_month_year_label,
  taxLiability: m.application_compliance_tax_liability_label,
  reportingFrequency: m.application_compliance_reporting_frequency_label,
}) satisfies Record<ComplianceAnswer, string>;

/** Where step 4 words a question otherwise than complianceLabels. */
export const compliancePageLabels = spoken({
  heavyVehicle: m.application_compliance_heavy_vehicle_question,
  gambling: m.application_compliance_gambling_question,
  atf: m.application_compliance_atf_question,
  exciseTax: m.application_compliance_excise_tax_question,
  willHire: m.application_compliance_will_hire_question,
  employeeTypes: m.application_compliance_employee_types_question,
  'counts.agricultural': m.application_compliance_counts_agricultural_question,
  'counts.household': m.application_compliance_counts_household_question,
  'counts.other': m.application_compliance_counts_other_question,
  totalEmployeesExpected: m.application_compliance_total_employees_expected_question,
  taxLiability: m.application_compliance_tax_liability_question,
  reportingFrequency: m.application_compliance_reporting_frequency_question,
}) satisfies Partial<Record<ComplianceAnswer, string>>;

export const complianceDefaults: Compliance = {
  heavyVehicle: '',
  gambling: '',
  atf: '',
  exciseTax: '',
  willHire: '',
  employeeTypes: [],
  counts: { agricultural: '', household: '', other: '' },
  totalEmployeesExpected: '',
  firstWageDate: '',
  expectedHireMonthYear: '',
  taxLiability: '',
  reportingFrequency: '',
};
