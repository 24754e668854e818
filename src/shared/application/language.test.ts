import { describe, expect, it } from 'vitest';
import { speak } from '#tests/support/locale.ts';
import { companyMessages, companySchema, companyLabels, entityTypeOptions } from './company';
import { registrationSchema } from './registration';
import { contactSchema } from './contact';
import { customerReviewGroups } from './answer-review';
import { sampleApplication, sampleSection } from './sample-application';
import { countryLabel, countryName, foreignCountryOptions, foreignCountryOptionsInOrder } from './country-names';

// The schemas are built once, when their modules load; their messages are read when a value is
// checked, so the browser and the server answer in the language of the page or the request.

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message) ?? [];

describe('the application in the page language', () => {
  it('answers a missing company name in English, and in Spanish on a Spanish page', () => {
    const blank = { ...sampleSection('company'), companyName: '' };
    expect(messagesOf(companySchema.safeParse(blank), 'companyName')).toEqual(['Company name is required']);
    speak('es');
    expect(messagesOf(companySchema.safeParse(blank), 'companyName')).toEqual(['El nombre de la compañía es obligatorio']);
    expect(companyMessages.companyName).toBe('El nombre de la compañía es obligatorio');
  });

  it('speaks the messages that carry a number, and those of choices, in the current language', () => {
    const tooLate = { ...sampleSection('registration'), businessStartDate: '2999-01-01' };
    const badChoice = { ...sampleSection('company'), state: 'ZZ' };
    const longTitle = { ...sampleSection('contact'), rpTitle: 'a'.repeat(51) };
    expect(messagesOf(registrationSchema.safeParse(tooLate), 'businessStartDate')).toEqual(['Business start date cannot be more than 90 days from today']);
    expect(messagesOf(companySchema.safeParse(badChoice), 'state')).toEqual(['State is required']);
    expect(messagesOf(contactSchema.safeParse(longTitle), 'rpTitle')).toEqual(['Must be 50 characters or fewer']);
    speak('es');
    expect(messagesOf(registrationSchema.safeParse(tooLate), 'businessStartDate')).toEqual(['La fecha de inicio del negocio no puede ser más de 90 días posterior a hoy']);
    expect(messagesOf(companySchema.safeParse(badChoice), 'state')).toEqual(['El estado es obligatorio']);
    expect(messagesOf(contactSchema.safeParse(longTitle), 'rpTitle')).toEqual(['Debe tener 50 caracteres o menos']);
  });

  it('labels options, questions and the review in the current language, keeping the stored value and the form text', () => {
    const llc = entityTypeOptions.find((option) => option.value === 'LLC');
    expect(llc?.label).toBe('Limited Liability Company (LLC)');
    expect(companyLabels.entityType).toBe('Entity Type');
    const [englishCompany] = customerReviewGroups(sampleApplication());
    expect(englishCompany?.heading).toBe('Company Information');
    expect(englishCompany?.answers).toContainEqual({ label: 'Entity Type', value: 'Limited Liability Company (LLC)' });
    speak('es');
    expect(llc).toMatchObject({ value: 'LLC', label: 'Compañía de responsabilidad limitada (LLC)', formText: 'Limited Liability Company (LLC)' });
    expect(companyLabels.entityType).toBe('Tipo de entidad');
    const [spanishCompany] = customerReviewGroups(sampleApplication());
    expect(spanishCompany?.heading).toBe('Información de la compañía');
    expect(spanishCompany?.answers).toContainEqual({ label: 'Tipo de entidad', value: 'Compañía de responsabilidad limitada (LLC)' });
    expect(spanishCompany?.answers).toContainEqual({ label: 'Usa un nombre comercial (DBA)', value: 'No' });
  });

  it('names countries in the current language for reading, and in English for the form', () => {
    const germany = foreignCountryOptions.find((option) => option.value === 'DE');
    expect(germany?.label).toBe('Germany');
    expect(foreignCountryOptionsInOrder()).toBe(foreignCountryOptions);
    speak('es');
    expect(germany).toMatchObject({ label: 'Alemania', formText: 'Germany' });
    expect(countryLabel('DE')).toBe('Alemania');
    expect(countryName('DE')).toBe('Germany');
    const labels = foreignCountryOptionsInOrder().map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'es-US')));
  });
});
