import { describe, expect, expectTypeOf, it } from 'vitest';
import { complianceDefaults, complianceSchema, type Compliance } from './compliance';
import { sampleSection } from './sample-application';
import { fieldErrors } from '../field-errors';

const noHiring: Compliance = sampleSection('compliance', { willHire: 'false' });

const hiring: Compliance = {
  ...noHiring,
  willHire: 'true',
  employeeTypes: ['agricultural', 'household', 'other'],
  counts: { agricultural: '2', household: '1', other: '12' },
  totalEmployeesExpected: '15',
  firstWageDate: '2027-03-01',
  expectedHireMonthYear: '03/2027',
  taxLiability: '<=1000',
  reportingFrequency: 'annually',
};

/** The messages of a parse, by dotted field path. */
const messages = (input: unknown) => fieldErrors(complianceSchema.safeParse(input).error);

describe('complianceSchema', () => {
  it('keeps yes/no answers as the strings of the radios', () => {
    expectTypeOf<Compliance['willHire']>().toEqualTypeOf<'' | 'true' | 'false'>();
    expectTypeOf<Compliance['taxLiability']>().toEqualTypeOf<'' | '>1000' | '<=1000' | undefined>();
  });

  it.each([
    ['no hiring planned', noHiring],
    ['hiring, all employee types, annual filing', hiring],
    ['hiring, one type, liability over $1,000 (no reporting frequency)', {
      ...hiring,
      employeeTypes: ['other'],
      counts: { other: '3' },
      totalEmployeesExpected: '3',
      taxLiability: '>1000',
      reportingFrequency: undefined,
    }],
    ['hiring, quarterly filing', { ...hiring, reportingFrequency: 'quarterly' }],
    ['no hiring, with the cleared empty employment values', {
      ...noHiring,
      employeeTypes: [],
      counts: { agricultural: '', household: '', other: '' },
      expectedHireMonthYear: '',
      taxLiability: '',
      reportingFrequency: '',
    }],
  ])('accepts %s', (_name, input) => {
    expect(complianceSchema.safeParse(input).error?.issues).toBeUndefined();
  });

  it('rejects the empty form with a message on every required question', () => {
    expect(messages(complianceDefaults)).toEqual({
      heavyVehicle: ['Please answer this question'],
      gambling: ['Please answer this question'],
      atf: ['Please answer this question'],
      exciseTax: ['Please answer this question'],
      willHire: ['Please select if you will hire employees'],
    });
  });

  it.each([
    ['heavyVehicle', { heavyVehicle: '' }, 'Please answer this question'],
    ['gambling', { gambling: '' }, 'Please answer this question'],
    ['atf', { atf: 'maybe' }, 'Please answer this question'],
    ['exciseTax', { exciseTax: undefined }, 'Please answer this question'],
    ['willHire', { willHire: '' }, 'Please select if you will hire employees'],
    ['employeeTypes', { employeeTypes: [] }, 'Select at least one employee type'],
    ['employeeTypes', { employeeTypes: undefined }, 'Select at least one employee type'],
    ['counts.agricultural', { counts: { agricultural: '', household: '1', other: '12' } }, 'Enter number of agricultural employees'],
    ['counts.agricultural', { counts: { agricultural: '0', household: '1', other: '12' } }, 'Enter number of agricultural employees'],
    ['counts.household', { counts: { agricultural: '2', other: '12' } }, 'Enter number of household employees'],
    ['counts.household', { counts: { agricultural: '2', household: '1.5', other: '12' } }, 'Enter number of household employees'],
    ['counts.other', { counts: { agricultural: '2', household: '1', other: '-3' } }, 'Enter number of other employees'],
    ['totalEmployeesExpected', { totalEmployeesExpected: '' }, 'Enter total number of employees expected'],
    ['totalEmployeesExpected', { totalEmployeesExpected: '0' }, 'Enter total number of employees expected'],
    ['totalEmployeesExpected', { totalEmployeesExpected: 'ten' }, 'Enter total number of employees expected'],
    ['firstWageDate', { firstWageDate: '' }, 'Enter the first date wages will be paid'],
    ['firstWageDate', { firstWageDate: '2027-02-30' }, 'Enter the first date wages will be paid'],
    ['firstWageDate', { firstWageDate: '03/01/2027' }, 'Enter the first date wages will be paid'],
    ['expectedHireMonthYear', { expectedHireMonthYear: '' }, 'Enter expected hiring date in MM/YYYY format'],
    ['expectedHireMonthYear', { expectedHireMonthYear: '13/2027' }, 'Enter expected hiring date in MM/YYYY format'],
    ['expectedHireMonthYear', { expectedHireMonthYear: '00/2027' }, 'Enter expected hiring date in MM/YYYY format'],
    ['expectedHireMonthYear', { expectedHireMonthYear: '3/2027' }, 'Enter expected hiring date in MM/YYYY format'],
    ['expectedHireMonthYear', { expectedHireMonthYear: '03/27' }, 'Enter expected hiring date in MM/YYYY format'],
    ['taxLiability', { taxLiability: '' }, 'Select tax liability amount'],
    ['taxLiability', { taxLiability: undefined }, 'Select tax liability amount'],
    ['reportingFrequency', { reportingFrequency: '' }, 'Please select reporting frequency'],
    ['reportingFrequency', { reportingFrequency: undefined }, 'Please select reporting frequency'],
  ])('%s: %j gives its message', (path, change, message) => {
    expect(messages({ ...hiring, ...change })[path]).toEqual([message]);
  });

  it('asks for no employment details when willHire is "false"', () => {
    expect(messages({ ...noHiring, employeeTypes: [], taxLiability: '' })).toEqual({});
  });

  it('asks for the count of a type only when that type is selected', () => {
    expect(messages({ ...hiring, employeeTypes: ['household'], counts: { household: '1' } })).toEqual({});
  });

  it('asks for the reporting frequency only when the liability is $1,000 or less', () => {
    expect(messages({ ...hiring, taxLiability: '>1000', reportingFrequency: undefined })).toEqual({});
    expect(messages({ ...hiring, taxLiability: '<=1000', reportingFrequency: undefined })).toEqual({
      reportingFrequency: ['Please select reporting frequency'],
    });
  });

  it('shows the employment messages together with the field-level ones', () => {
    expect(
      messages({
        heavyVehicle: '',
        gambling: 'sometimes',
        atf: 'false',
        exciseTax: 'false',
        willHire: 'true',
        employeeTypes: ['agricultural'],
        counts: { agricultural: '' },
        expectedHireMonthYear: '13/2027',
        taxLiability: '<=1000',
      }),
    ).toEqual({
      heavyVehicle: ['Please answer this question'],
      gambling: ['Please answer this question'],
      'counts.agricultural': ['Enter number of agricultural employees'],
      totalEmployeesExpected: ['Enter total number of employees expected'],
      firstWageDate: ['Enter the first date wages will be paid'],
      expectedHireMonthYear: ['Enter expected hiring date in MM/YYYY format'],
      reportingFrequency: ['Please select reporting frequency'],
    });
  });

  it('rejects unknown values and keys', () => {
    expect(messages({ ...hiring, taxLiability: '1000' }).taxLiability).toEqual(['Select tax liability amount']);
    expect(messages({ ...hiring, reportingFrequency: 'monthly' }).reportingFrequency).toEqual(['Please select reporting frequency']);
    expect(messages({ ...hiring, employeeTypes: ['seasonal'] })['employeeTypes.0']).toEqual(['Select at least one employee type']);
    expect(complianceSchema.safeParse({ ...hiring, ssn: '123456789' }).error?.issues[0]?.code).toBe('unrecognized_keys');
    expect(complianceSchema.safeParse({ ...hiring, counts: { ...hiring.counts, seasonal: '1' } }).error?.issues[0]?.code).toBe(
      'unrecognized_keys',
    );
  });

  it('has every field in its defaults', () => {
    expect(Object.keys(complianceDefaults).sort()).toEqual(Object.keys(complianceSchema.shape).sort());
  });
});
