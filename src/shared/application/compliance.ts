import { z } from 'zod';
import { choice, isIsoDate, requiredYesNo } from './fields';

// Step 4, "Regulatory Compliance": the four regulatory questions and the employment plans
// (Form SS-4 lines 13 to 15).

export const employeeTypeOptions = [
  { value: 'agricultural', label: 'Agricultural', hint: 'Farm workers' },
  { value: 'household', label: 'Household', hint: 'Nannies, housekeepers' },
  { value: 'other', label: 'Other', hint: 'All other employees' },
] as const;
export const employeeTypeValues = ['agricultural', 'household', 'other'] as const;
export type EmployeeType = (typeof employeeTypeValues)[number];

export const taxLiabilityOptions = [
  { value: '>1000', label: 'Yes, more than $1,000' },
  { value: '<=1000', label: 'No, $1,000 or less' },
] as const;
export const taxLiabilityValues = ['>1000', '<=1000'] as const;

export const reportingFrequencyOptions = [
  { value: 'quarterly', label: 'Quarterly', hint: 'Form 941, every 3 months' },
  { value: 'annually', label: 'Annually', hint: 'Form 944, once a year' },
] as const;
export const reportingFrequencyValues = ['quarterly', 'annually'] as const;

export const complianceMessages = {
  regulatoryQuestion: 'Please answer this question',
  willHire: 'Please select if you will hire employees',
  employeeTypes: 'Select at least one employee type',
  counts: {
    agricultural: 'Enter number of agricultural employees',
    household: 'Enter number of household employees',
    other: 'Enter number of other employees',
  },
  totalEmployeesExpected: 'Enter total number of employees expected',
  firstWageDate: 'Enter the first date wages will be paid',
  expectedHireMonthYear: 'Enter expected hiring date in MM/YYYY format',
  taxLiability: 'Select tax liability amount',
  reportingFrequency: 'Please select reporting frequency',
} as const;

/** Employee counts: whole numbers typed in a number input, kept as digits (at most 7). */
const countPattern = /^\d{0,7}$/;
/** A count that is missing or below 1 (a malformed count already has the field's own message). */
const lacksCount = (value: unknown) => typeof value !== 'string' || (countPattern.test(value) && Number(value) < 1);

const monthYearPattern = /^(0[1-9]|1[0-2])\/\d{4}$/;
const optionalCount = (message: string) => z.string().regex(countPattern, message).optional();

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
    heavyVehicle: requiredYesNo(complianceMessages.regulatoryQuestion),
    gambling: requiredYesNo(complianceMessages.regulatoryQuestion),
    atf: requiredYesNo(complianceMessages.regulatoryQuestion),
    exciseTax: requiredYesNo(complianceMessages.regulatoryQuestion),
    willHire: requiredYesNo(complianceMessages.willHire),
    // The employment details exist only while willHire is "true" (hidden fields are not submitted).
    employeeTypes: z.array(z.enum(employeeTypeValues, { error: complianceMessages.employeeTypes })).max(3).optional(),
    counts: z
      .strictObject({
        agricultural: optionalCount(complianceMessages.counts.agricultural),
        household: optionalCount(complianceMessages.counts.household),
        other: optionalCount(complianceMessages.counts.other),
      })
      .optional(),
    totalEmployeesExpected: z.string().regex(countPattern, complianceMessages.totalEmployeesExpected).optional(),
    firstWageDate: z
      .string()
      .refine((value) => value === '' || isIsoDate(value), { message: complianceMessages.firstWageDate })
      .optional(),
    expectedHireMonthYear: z
      .string()
      .refine((value) => value === '' || monthYearPattern.test(value), { message: complianceMessages.expectedHireMonthYear })
      .optional(),
    taxLiability: choice(taxLiabilityValues, complianceMessages.taxLiability).optional(),
    reportingFrequency: choice(reportingFrequencyValues, complianceMessages.reportingFrequency).optional(),
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
export const complianceLabels = {
  heavyVehicle: 'Highway Vehicle of 55,000 Pounds or More',
  gambling: 'Gambling or Wagering',
  atf: 'Alcohol, Tobacco or Firearms',
  exciseTax: 'Files Form 720 (Federal Excise Tax)',
  willHire: 'Will Hire Employees in the Next 12 Months',
  employeeTypes: 'Employee Types',
  'counts.agricultural': 'Agricultural Employees Expected',
  'counts.household': 'Household Employees Expected',
  'counts.other': 'Other Employees Expected',
  totalEmployeesExpected: 'Total Employees Expected',
  firstWageDate: 'First Date Wages Will Be Paid',
  expectedHireMonthYear: 'Expected Hiring Date (MM/YYYY)',
  taxLiability: 'Employment Tax Liability Over $1,000 in a Quarter',
  reportingFrequency: 'Employment Tax Return Filing',
} as const satisfies Record<ComplianceAnswer, string>;

/** Where step 4 words a question otherwise than complianceLabels. */
export const compliancePageLabels = {
  heavyVehicle: 'Will the business own or operate a highway motor vehicle with a taxable gross weight of 55,000 pounds or more?',
  gambling: 'Does the business involve gambling or wagering?',
  atf: 'Does the business sell or manufacture alcohol, tobacco or firearms?',
  exciseTax: 'Will the business need to file Form 720, the Quarterly Federal Excise Tax Return?',
  willHire: 'Will the business hire employees within the next 12 months?',
  employeeTypes: 'Which types of employees will you hire?',
  'counts.agricultural': 'Highest Expected Number of Agricultural Employees',
  'counts.household': 'Highest Expected Number of Household Employees',
  'counts.other': 'Highest Expected Number of Other Employees',
  totalEmployeesExpected: 'Total Number of Employees Expected',
  taxLiability: 'Will your employment tax liability be more than $1,000 in any calendar quarter?',
  reportingFrequency: 'How often would you like to file employment tax returns?',
} as const satisfies Partial<Record<ComplianceAnswer, string>>;

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
