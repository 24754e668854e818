import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../field-errors';
import { applicationSchema } from './application';
import { contactMessages, contactSchema, isForeignResponsibleParty } from './contact';
import { asksPostalCode, countryCodes, isAbroad, requiresProvince } from './countries';
import { countryName, foreignCountryOptions } from './country-names';
import { formatPhoneForPeople, phoneRules } from './phones';
import { registrationDefaults, registrationMessages, registrationSchema, type Registration } from './registration';
import { sampleApplication, sampleSection } from './sample-application';

// Founders abroad in the shared schemas (decision 046): the rules every page and the server apply.

const messagesOf = (schema: { safeParse(input: unknown): { error?: Parameters<typeof fieldErrors>[0] } }, input: unknown) =>
  fieldErrors(schema.safeParse(input).error);

describe('countries', () => {
  it('keeps the same codes as i18n-iso-countries, the United States among them', () => {
    expect([...countryCodes]).toEqual(Object.keys(countries.getAlpha2Codes()).sort());
    expect(countryCodes).toContain('US');
  });

  it('names each country in full, never by its code', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('MX')).toBe('Mexico');
    expect(countryName('US')).toBe('United States');
    expect(foreignCountryOptions.map((option) => option.value)).not.toContain('US');
    expect(foreignCountryOptions).toHaveLength(countryCodes.length - 1);
    expect(foreignCountryOptions.every((option) => option.label.length > 2)).toBe(true);
  });

  it('asks a postal code where the country has them, and a province where addresses need one', () => {
    expect([isAbroad(undefined), isAbroad('US'), isAbroad('DE')]).toEqual([false, false, true]);
    expect([asksPostalCode('DE'), asksPostalCode('HK'), asksPostalCode('US')]).toEqual([true, false, false]);
    expect([requiresProvince('CA'), requiresProvince('DE'), requiresProvince(undefined)]).toEqual([true, false, false]);
  });
});

describe('an address abroad on step 2', () => {
  const berlin: Registration = {
    ...registrationDefaults,
    ...sampleSection('registration'),
    streetAddress: 'Friedrichstrasse 123',
    city: 'Berlin',
    country: 'DE',
    county: '',
    state: '',
    zipCode: '',
    postalCode: '10117',
  };

  it('takes a German address with no county, state or ZIP', () => {
    expect(messagesOf(registrationSchema, berlin)).toEqual({});
  });

  it.each<[string, Partial<Registration>, string, string]>([
    ['no postal code in Germany', { postalCode: '' }, 'postalCode', registrationMessages.postalCode],
    ['no province in Canada', { country: 'CA', province: '', postalCode: 'M5V 2T6' }, 'province', registrationMessages.province],
    ['a country that does not exist', { country: 'XX' }, 'country', registrationMessages.country],
    ['a country written out', { country: 'Germany' }, 'country', registrationMessages.country],
    ['a P.O. box as the street', { streetAddress: 'PO Box 12' }, 'streetAddress', registrationMessages.streetAddressPoBox],
    ['a street the IRS cannot print', { streetAddress: 'Friedrichstraße 123' }, 'streetAddress', registrationMessages.addressCharacters],
    ['a city the IRS cannot print', { city: 'München' }, 'city', registrationMessages.addressCharacters],
    ['a postal code the IRS cannot print', { postalCode: '10117 · Mitte' }, 'postalCode', registrationMessages.addressCharacters],
    ['a province the IRS cannot print', { country: 'CA', province: 'Québec', postalCode: 'H2X 1Y4' }, 'province', registrationMessages.addressCharacters],
  ])('refuses %s', (_name, change, field, message) => {
    expect(messagesOf(registrationSchema, { ...berlin, ...change })[field]).toEqual([message]);
  });

  it('asks no postal code in Hong Kong', () => {
    expect(messagesOf(registrationSchema, { ...berlin, country: 'HK', postalCode: '' })).toEqual({});
  });

  it('still asks county, state and ZIP in the United States, and of answers saved before countries', () => {
    const { country: _country, ...saved } = { ...berlin, country: undefined };
    expect(Object.keys(messagesOf(registrationSchema, saved)).sort()).toEqual(['county', 'state', 'zipCode']);
    expect(messagesOf(registrationSchema, { ...berlin, country: 'US' }).state).toEqual([registrationMessages.state]);
    expect(messagesOf(registrationSchema, sampleSection('registration'))).toEqual({});
  });

  it('takes a mailing address abroad under a US business address, with its own rules', () => {
    const mailing = {
      ...sampleSection('registration'),
      sameMailingAddress: false,
      mailingStreetAddress: 'Av Paseo de la Reforma 222',
      mailingCity: 'Ciudad de Mexico',
      mailingCountry: 'MX',
      mailingProvince: 'CDMX',
      mailingPostalCode: '06600',
    };
    expect(messagesOf(registrationSchema, mailing)).toEqual({});
    expect(messagesOf(registrationSchema, { ...mailing, mailingProvince: '' }).mailingProvince).toEqual([registrationMessages.mailingProvince]);
    expect(messagesOf(registrationSchema, { ...mailing, mailingStreetAddress: 'Av. Paseo de la Reforma 222', mailingCity: 'Ciudad de México' })).toEqual({
      mailingStreetAddress: [registrationMessages.addressCharacters],
      mailingCity: [registrationMessages.addressCharacters],
    });
    expect(messagesOf(registrationSchema, { ...mailing, mailingCountry: 'US' }).mailingState).toEqual([registrationMessages.mailingState]);
  });

  it('counts the District of Columbia as a state', () => {
    expect(messagesOf(registrationSchema, { ...sampleSection('registration'), state: 'District of Columbia' })).toEqual({});
  });
});

describe("the responsible party's taxpayer number on step 3", () => {
  const contact = sampleSection('contact');

  it('reads answers saved before the question as an SSN', () => {
    expect(messagesOf(contactSchema, contact)).toEqual({});
    expect(messagesOf(contactSchema, { ...contact, rpSSN: '' }).rpSSN).toEqual([contactMessages.rpSSN]);
  });

  it('takes an ITIN in the ranges the IRS issues, and no SSN beside it', () => {
    const itin = { ...contact, rpTaxIdType: 'itin', rpSSN: '', rpItin: '912701234' };
    expect(messagesOf(contactSchema, itin)).toEqual({});
    expect(messagesOf(contactSchema, { ...itin, rpItin: '912691234' }).rpItin).toEqual([contactMessages.rpItin]);
    expect(messagesOf(contactSchema, { ...itin, rpItin: '812701234' }).rpItin).toEqual([contactMessages.rpItin]);
    expect(messagesOf(contactSchema, { ...itin, rpSSN: '123456789' }).rpSSN).toEqual([contactMessages.rpSSNNotAsked]);
  });

  it('takes neither for a foreign person, but not for a sole proprietor', () => {
    const none = { ...contact, rpTaxIdType: 'none', rpSSN: '' };
    expect(messagesOf(contactSchema, none)).toEqual({});
    expect(isForeignResponsibleParty(none)).toBe(true);
    expect(messagesOf(contactSchema, { ...none, rpItin: '912701234' }).rpItin).toEqual([contactMessages.rpItin]);
    expect(messagesOf(contactSchema, { ...none, entityType: 'Sole Proprietor' }).rpTaxIdType).toEqual([contactMessages.rpTaxIdSoleProprietor]);
  });

  it('asks an ITIN holder owning a single-member LLC whether they are a US person, and no one else', () => {
    const itin = { rpTaxIdType: 'itin' as const, rpSSN: '', rpItin: '912701234' };
    const singleMember = sampleApplication({ company: { entityType: 'LLC', llcMemberCount: '1' }, contact: itin });
    expect(messagesOf(applicationSchema, singleMember)['contact.rpUsPerson']).toEqual([contactMessages.rpUsPerson]);
    const answered = { ...singleMember, contact: { ...singleMember.contact, rpUsPerson: 'false' as const } };
    expect(messagesOf(applicationSchema, answered)).toEqual({});
    expect(isForeignResponsibleParty(answered.contact)).toBe(true);
    const twoMembers = sampleApplication({ company: { entityType: 'LLC', llcMemberCount: '2' }, contact: { ...itin, rpUsPerson: 'true' } });
    expect(messagesOf(applicationSchema, twoMembers)['contact.rpUsPerson']).toEqual([contactMessages.rpUsPersonNotAsked]);
  });
});

describe('phones abroad', () => {
  const contact = sampleSection('contact');

  it('takes a valid number abroad in E.164 and refuses an invalid one, keeping the US masks', () => {
    expect(messagesOf(contactSchema, { ...contact, phoneNumber: '+493012345678', rpPhone: '+525512345678' })).toEqual({});
    expect(messagesOf(contactSchema, { ...contact, phoneNumber: '+4930' }).phoneNumber).toEqual([contactMessages.internationalPhone]);
    expect(messagesOf(contactSchema, { ...contact, rpPhone: '+49 30 12345678' }).rpPhone).toEqual([contactMessages.internationalPhone]);
    expect(messagesOf(contactSchema, { ...contact, phoneNumber: '512-555-0147' }).phoneNumber).toEqual([contactMessages.phoneNumber]);
    expect(messagesOf(contactSchema, { ...contact, rpPhone: '512555014' }).rpPhone).toEqual([contactMessages.rpPhone]);
  });

  it('reads what people type, with "+" or "00", and writes it back in the international format', () => {
    const rules = phoneRules();
    expect(rules.toE164('+49 30 1234 5678')).toBe('+493012345678');
    expect(rules.toE164('0049 30 12345678')).toBe('+493012345678');
    expect(rules.toE164('030 12345678')).toBeNull();
    expect(formatPhoneForPeople('+493012345678')).toBe('+49 30 12345678');
    expect(formatPhoneForPeople('(512) 555-0147')).toBe('(512) 555-0147');
  });
});
