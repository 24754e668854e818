import { describe, expect, it } from 'vitest';
import { speak } from '#tests/support/locale.ts';
import type { Application } from '../application/application';
import {
  corporationTypeOptions,
  entityTypeOptions,
  estateReasonOptions,
  llcTaxClassificationOptions,
  otherEntityTypeOptions,
  reasonOptions,
  soleProprietorTypeOptions,
  trustTypeOptions,
  type EntityType,
} from '../application/company';
import { closingMonthOptions } from '../application/registration';
import { otherCategoryOptions, otherOrganizationTypeOptions, principalActivityOptions } from '../application/activity';
import { usStates } from '../application/options';
import { sampleApplication, type SampleOverrides } from '../application/sample-application';
import { ss4Lines, type Ss4Designee } from './ss4-mapping';

// The IRS reads English whatever language the customer answered in: the same answers must fill the
// same Form SS-4, field for field, whether they were given on an English page or a Spanish one.

const designee: Ss4Designee = { name: 'Filing Desk LLC', address: '1 Congress Ave, Austin, TX 78701', phone: '(512) 555-0100', fax: '(512) 555-0101' };

/** The step-1 answer that holds each entity type's reason for applying (line 10). */
const reasonFields = {
  Corporation: 'corporationReason',
  Partnership: 'partnershipReason',
  'Sole Proprietor': 'soleProprietorReason',
  LLC: 'llcRicReason',
  Others: 'othersReason',
} as const satisfies Partial<Record<EntityType, string>>;

type Case = { name: string; overrides: SampleOverrides };

const company = (entityType: EntityType, answers: SampleOverrides['company'] = {}): SampleOverrides => ({ company: { entityType, ...answers } });

function cases(): Case[] {
  const all: Case[] = [{ name: 'the sample application', overrides: {} }];
  const add = (name: string, overrides: SampleOverrides) => all.push({ name, overrides });
  for (const { value } of entityTypeOptions) add(`a ${value}`, company(value));
  for (const [entityType, field] of Object.entries(reasonFields) as [keyof typeof reasonFields, string][]) {
    for (const { value } of reasonOptions) {
      add(`a ${entityType} that ${value}`, company(entityType, { [field]: value, ...(value === 'Banking purposes' ? { bankingPurpose: 'Operating account' } : {}) }));
    }
  }
  for (const { value } of estateReasonOptions) {
    add(`an estate: ${value}`, company('Estate', { estateReason: value, ...(value === 'Banking purposes' ? { bankingPurpose: 'Estate account' } : {}) }));
  }
  for (const { value } of trustTypeOptions) add(`a trust: ${value}`, company('Trust', { trustType: value }));
  for (const { value } of corporationTypeOptions) add(`a corporation: ${value}`, company('Corporation', { corporationType: value }));
  for (const { value } of soleProprietorTypeOptions) add(`a sole proprietor: ${value}`, company('Sole Proprietor', { soleProprietorType: value }));
  for (const { value } of otherEntityTypeOptions) add(`others: ${value}`, company('Others', { otherEntityType: value, otherEntityDescription: 'Woodworkers guild' }));
  for (const { value } of llcTaxClassificationOptions) {
    add(`a husband-and-wife LLC: ${value}`, company('LLC', { llcMemberCount: '2', llcIsHusbandWife: 'true', llcTaxClassification: value }));
  }
  add('a single-member LLC of a foreign owner', { contact: { rpTaxIdType: 'none', rpSSN: '' } });
  for (const { value } of principalActivityOptions) add(`the activity ${value}`, { activity: { principalActivity: value } });
  for (const { value } of otherCategoryOptions) add(`the other activity ${value}`, { activity: { principalActivity: 'other', otherCategory: value } });
  for (const { value } of otherOrganizationTypeOptions) {
    add(`an organization: ${value}`, { activity: { principalActivity: 'other', otherCategory: 'organization', otherOrganizationType: value, otherOrganizationActivity: 'Community theater' } });
  }
  for (const { value } of closingMonthOptions) add(`closing in month ${value}`, { registration: { accountingYearClosingMonth: value } });
  // Line 9b names a REIT's state of formation, lines 4b and 6 the address's state, by code or in full.
  for (const { value, formText } of usStates) {
    add(`a REIT formed in ${value}`, company('Corporation', { corporationType: 'REIT', state: value }));
    add(`an address in ${formText}`, { registration: { state: formText } });
  }
  for (const [country, city, province, postalCode] of [['DE', 'Berlin', '', '10115'], ['MX', 'Guadalajara', 'Jalisco', '44100'], ['JP', 'Tokyo', 'Tokyo', '100-0001']]) {
    add(`an address in ${country}`, {
      registration: { country, city, province, postalCode, county: '', state: '', zipCode: '', sameMailingAddress: false, mailingStreetAddress: 'PO Box 7', mailingCity: 'Austin', mailingCountry: 'US', mailingCounty: 'Travis', mailingState: 'New York', mailingZipCode: '10001' },
    });
  }
  add('a business that hires', {
    compliance: { willHire: 'true', employeeTypes: ['household', 'other'], counts: { household: '1', other: '3' }, totalEmployeesExpected: '4', firstWageDate: '2024-05-01', expectedHireMonthYear: '05/2024', taxLiability: '<=1000', reportingFrequency: 'annually' },
  });
  return all;
}

const formOf = (overrides: SampleOverrides) => ss4Lines(sampleApplication(overrides) as Application, designee);

describe('Form SS-4 in either language of the pages', () => {
  it('fills every field the same for answers given on an English page and on a Spanish one', () => {
    const all = cases();
    const english = all.map(({ overrides }) => formOf(overrides));
    speak('es');
    // The pages really speak Spanish: the labels the customer chose from are not the form's words.
    expect(entityTypeOptions.find((option) => option.value === 'LLC')?.label).toBe('Compañía de responsabilidad limitada (LLC)');
    expect(closingMonthOptions.find((option) => option.value === '12')?.label).toBe('Diciembre');
    expect(usStates.find((state) => state.value === 'NY')?.label).toBe('Nueva York');
    all.forEach(({ name, overrides }, index) => expect(formOf(overrides), name).toEqual(english[index]));
  });

  it('prints the English words of the form, never the Spanish labels', () => {
    speak('es');
    const lines = formOf({ company: { entityType: 'Trust', trustType: 'Irrevocable Trust' }, registration: { accountingYearClosingMonth: '06' } });
    expect(lines.find((line) => line.line === '10')?.text).toEqual({ 'f1_28[0]': 'Irrevocable Trust' });
    expect(lines.find((line) => line.line === '12')?.text).toEqual({ 'f1_32[0]': 'June' });
    const changed = formOf({ company: { entityType: 'LLC', llcRicReason: 'Changed type of organization' } });
    expect(changed.find((line) => line.line === '10')?.text).toEqual({ 'f1_27[0]': 'Limited Liability Company (LLC)' });
  });
});
