import { describe, expect, it } from 'vitest';
import { applicationSchema, sectionSchemas } from './application';
import { companySchema, entityTypeOptions } from './company';
import { contactMessages } from './contact';
import { applicationSections } from './sections';
import { sampleApplication, sampleSection, sampleSectionsBefore } from './sample-application';

describe('the sample application', () => {
  it('is a whole application that passes the merged schema', () => {
    expect(applicationSchema.safeParse(sampleApplication()).error?.issues).toBeUndefined();
  });

  it('answers every page of the wizard, for an LLC in Texas with a fake SSN', () => {
    const sample = sampleApplication();
    expect(Object.keys(sample).sort()).toEqual(['version', ...applicationSections].sort());
    expect(sample.company).toMatchObject({ entityType: 'LLC', state: 'TX' });
    expect(sample.contact).toMatchObject({ entityType: 'LLC', rpSSN: '123456789' });
  });

  it.each(applicationSections)('has a %s section that passes its own schema', (section) => {
    expect(sectionSchemas[section].safeParse(sampleSection(section)).error?.issues).toBeUndefined();
  });

  it.each(entityTypeOptions.map((option) => option.value))('has valid step 1 answers for the entity type %s', (entityType) => {
    const company = sampleSection('company', { entityType });
    expect(company.entityType).toBe(entityType);
    expect(companySchema.safeParse(company).error?.issues).toBeUndefined();
  });

  it("asks a sole proprietor's name once: the responsible party must be the owner named on step 1", () => {
    const application = sampleApplication({ company: { entityType: 'Sole Proprietor', companyName: 'Jane Doe-Smith' } });
    expect(applicationSchema.safeParse(application).error?.issues).toEqual([
      expect.objectContaining({ path: ['contact', 'rpFirstName'], message: contactMessages.ownerName }),
    ]);
    const same = sampleApplication({
      company: { entityType: 'Sole Proprietor', companyName: 'jane  doe-smith' },
      contact: { rpFirstName: 'Jane', rpMiddleName: '', rpLastName: 'Doe-Smith' },
    });
    expect(applicationSchema.safeParse(same).error?.issues).toBeUndefined();
    // Other entities name a business on line 1 and a person on 7a.
    expect(applicationSchema.safeParse(sampleApplication({ company: { entityType: 'Partnership', companyName: 'Jane Doe-Smith' } })).error?.issues).toBeUndefined();
  });

  it('puts overrides over the sample, section by section, and the company’s entity type in the contact', () => {
    const sample = sampleApplication({ company: { entityType: 'Corporation', corporationType: 'REIT' }, registration: { city: 'Round Rock' } });
    expect(sample.company).toMatchObject({ entityType: 'Corporation', corporationType: 'REIT', corporationReason: 'Started a new business' });
    expect(sample.company).not.toHaveProperty('llcMemberCount');
    expect(sample.registration).toMatchObject({ city: 'Round Rock', streetAddress: '100 Main Street' });
    expect(sample.contact.entityType).toBe('Corporation');
    expect(sampleApplication({ contact: { entityType: 'Estate' } }).contact.entityType).toBe('Estate');
  });

  it('gives the sections of the pages before a page, with overrides', () => {
    expect(sampleSectionsBefore('company')).toEqual({});
    expect(Object.keys(sampleSectionsBefore('compliance'))).toEqual(['company', 'registration', 'contact']);
    const { version: _version, activity: _activity, ...earlier } = sampleApplication({ registration: { city: 'Dallas' } });
    expect(sampleSectionsBefore('activity', { registration: { city: 'Dallas' } })).toEqual(earlier);
  });

  it('gives new objects on each call', () => {
    const first = sampleApplication();
    first.registration.city = 'Dallas';
    expect(sampleApplication().registration.city).toBe('Austin');
  });
});

describe('applicationSchema', () => {
  it('rejects an unknown top-level key', () => {
    const result = applicationSchema.safeParse({ ...sampleApplication(), payment: { amount: 99 } });
    expect(result.error?.issues.map((issue) => [issue.code, issue.path])).toEqual([['unrecognized_keys', []]]);
  });

  it('rejects a section with an unknown key', () => {
    const sample = sampleApplication();
    const result = applicationSchema.safeParse({ ...sample, contact: { ...sample.contact, rpDateOfBirth: '1970-01-01' } });
    expect(result.error?.issues.map((issue) => [issue.code, issue.path])).toEqual([['unrecognized_keys', ['contact']]]);
  });

  it('rejects a missing section and another version', () => {
    const { activity: _activity, ...withoutActivity } = sampleApplication();
    expect(applicationSchema.safeParse(withoutActivity).error?.issues.map((issue) => issue.path)).toEqual([['activity']]);
    expect(applicationSchema.safeParse({ ...sampleApplication(), version: 2 }).error?.issues.map((issue) => issue.path)).toEqual([['version']]);
  });
});
