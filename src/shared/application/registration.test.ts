import { afterEach, describe, expect, it, vi } from 'vitest';
import { irsNameMessages, isIrsName } from './irs-names';
import {
  asksLlcOrganizationState,
  asksMailingCareOf,
  asksReitType,
  isPostOfficeBox,
  latestBusinessStartDate,
  registrationDefaults,
  registrationMessages,
  registrationSchema,
  type Registration,
} from './registration';
import { sampleSection } from './sample-application';
import { fieldErrors } from '../field-errors';

// Every field of the form present.
const valid: Registration = { ...registrationDefaults, ...sampleSection('registration', { sameMailingAddress: true }) };

const differentMailing: Registration = {
  ...valid,
  sameMailingAddress: false,
  mailingCareOf: 'Jane Doe',
  mailingStreetAddress: 'PO Box 12',
  mailingCity: 'Dallas',
  mailingCounty: 'Dallas',
  mailingState: 'Texas',
  mailingZipCode: '75201-1234',
};

/** The messages of a parse, by dotted field path. */
const messagesOf = (input: unknown) => fieldErrors(registrationSchema.safeParse(input).error);

describe('registrationSchema', () => {
  it.each<[string, Partial<Registration>, string, string]>([
    ['no start date', { businessStartDate: '' }, 'businessStartDate', 'Business start date is required'],
    ['an impossible start date', { businessStartDate: '2024-02-30' }, 'businessStartDate', 'Enter a valid date'],
    ['a prior EIN without the hyphen', { previousOwnerEIN: '123456789' }, 'previousOwnerEIN', 'Enter format: XX-XXXXXXX'],
    ['a partly typed prior EIN', { previousOwnerEIN: '12-345' }, 'previousOwnerEIN', 'Enter format: XX-XXXXXXX'],
    ['no closing month', { accountingYearClosingMonth: '' }, 'accountingYearClosingMonth', 'Select closing month'],
    ['a closing month that does not exist', { accountingYearClosingMonth: '13' }, 'accountingYearClosingMonth', 'Select closing month'],
    ['no street address', { streetAddress: '' }, 'streetAddress', 'Street address is required'],
    ['a street address of spaces', { streetAddress: '   ' }, 'streetAddress', 'Street address is required'],
    ['a street address over 200 characters', { streetAddress: 'a'.repeat(201) }, 'streetAddress', 'Must be 200 characters or fewer'],
    ['no city', { city: '' }, 'city', 'City is required'],
    ['a city over 100 characters', { city: 'a'.repeat(101) }, 'city', 'Must be 100 characters or fewer'],
    ['no county', { county: '' }, 'county', 'County is required'],
    ['a county over 100 characters', { county: 'a'.repeat(101) }, 'county', 'Must be 100 characters or fewer'],
    ['no state', { state: '' }, 'state', 'State is required'],
    ['a state code instead of the name', { state: 'TX' }, 'state', 'State is required'],
    ['no ZIP code', { zipCode: '' }, 'zipCode', 'Valid ZIP code required'],
    ['a 4-digit ZIP code', { zipCode: '7870' }, 'zipCode', 'Valid ZIP code required'],
    ['a ZIP code with a dangling hyphen', { zipCode: '78701-' }, 'zipCode', 'Valid ZIP code required'],
    ['a ZIP+4 without the hyphen', { zipCode: '787011234' }, 'zipCode', 'Valid ZIP code required'],
    ['a registration number over 50 characters', { companyRegistrationNumber: 'a'.repeat(51) }, 'companyRegistrationNumber', 'Must be 50 characters or fewer'],
    ['a street the IRS cannot print', { streetAddress: 'Torstraße 12' }, 'streetAddress', irsNameMessages.address],
    ['a city the IRS cannot print', { city: 'Española' }, 'city', irsNameMessages.address],
    ['a county the IRS cannot print', { county: 'Doña Ana' }, 'county', irsNameMessages.address],
  ])('rejects %s', (_case, change, path, message) => {
    expect(messagesOf({ ...valid, ...change })[path]).toEqual([message]);
  });

  it.each<[string, Partial<Registration>, string, string]>([
    ['no mailing street address', { mailingStreetAddress: '' }, 'mailingStreetAddress', 'Mailing street address is required'],
    ['a missing mailing street address', { mailingStreetAddress: undefined }, 'mailingStreetAddress', 'Mailing street address is required'],
    ['no mailing city', { mailingCity: ' ' }, 'mailingCity', 'Mailing city is required'],
    ['no mailing county', { mailingCounty: '' }, 'mailingCounty', 'Mailing county is required'],
    ['no mailing state', { mailingState: '' }, 'mailingState', 'Mailing state is required'],
    ['an unknown mailing state', { mailingState: 'Puerto Rico' }, 'mailingState', 'Mailing state is required'],
    ['no mailing ZIP code', { mailingZipCode: '' }, 'mailingZipCode', 'Valid mailing ZIP code required'],
    ['a bad mailing ZIP code', { mailingZipCode: '1234' }, 'mailingZipCode', 'Valid mailing ZIP code required'],
    ['a care-of name over 100 characters', { mailingCareOf: 'a'.repeat(101) }, 'mailingCareOf', 'Must be 100 characters or fewer'],
    ['a care-of name the IRS cannot take', { mailingCareOf: 'c/o Müller & Söhne GmbH' }, 'mailingCareOf', irsNameMessages.business],
    ['a mailing street over 200 characters', { mailingStreetAddress: 'a'.repeat(201) }, 'mailingStreetAddress', 'Must be 200 characters or fewer'],
    ['a mailing street the IRS cannot print', { mailingStreetAddress: 'Torstraße 12' }, 'mailingStreetAddress', irsNameMessages.address],
    ['a mailing city the IRS cannot print', { mailingCity: 'Coeur d’Alene' }, 'mailingCity', irsNameMessages.address],
    ['a mailing county the IRS cannot print', { mailingCounty: 'Doña Ana' }, 'mailingCounty', irsNameMessages.address],
  ])('with a different mailing address, rejects %s', (_case, change, path, message) => {
    expect(messagesOf({ ...differentMailing, ...change })[path]).toEqual([message]);
  });

  it('gives every message of a blank different mailing address, together with the field-level ones', () => {
    const messages = messagesOf({
      ...valid,
      streetAddress: '',
      zipCode: '123',
      sameMailingAddress: false,
      mailingStreetAddress: '',
      mailingCity: '',
      mailingCounty: '',
      mailingState: '',
      mailingZipCode: '',
    });
    expect(messages).toEqual({
      streetAddress: ['Street address is required'],
      zipCode: ['Valid ZIP code required'],
      mailingStreetAddress: ['Mailing street address is required'],
      mailingCity: ['Mailing city is required'],
      mailingCounty: ['Mailing county is required'],
      mailingState: ['Mailing state is required'],
      mailingZipCode: ['Valid mailing ZIP code required'],
    });
  });

  it.each<[string, unknown]>([
    ['a business address only, mailing fields absent (hidden and unregistered)', {
      companyRegistrationNumber: '',
      businessStartDate: '2024-01-01',
      previousOwnerEIN: '',
      accountingYearClosingMonth: '06',
      streetAddress: '1 Elm St',
      city: 'Reno',
      county: 'Washoe',
      state: 'Nevada',
      zipCode: '89501',
      sameMailingAddress: true,
    }],
    ['the full defaults filled in', valid],
    ['a ZIP+4 and a prior EIN', { ...valid, zipCode: '78701-1234', previousOwnerEIN: '12-3456789' }],
    ['a different mailing address', differentMailing],
    ['a different mailing address without care-of (LLC)', { ...differentMailing, mailingCareOf: undefined }],
    ['a corporation with its incorporation state', { ...valid, incorporationState: 'Delaware' }],
    ['a corporation with the incorporation state left empty (marked required, not enforced)', { ...valid, incorporationState: '' }],
    ['an LLC with its organization state', { ...valid, llcOrganizationState: 'Wyoming' }],
    ['an LLC with the organization state left empty', { ...valid, llcOrganizationState: '' }],
    ['an equity REIT', { ...valid, reitType: 'equity' }],
    ['a mortgage REIT', { ...valid, reitType: 'mortgage' }],
    ['a REIT with no type chosen', { ...valid, reitType: '' }],
  ])('accepts %s', (_case, input) => {
    expect(registrationSchema.safeParse(input).success).toBe(true);
  });

  it.each<[string, Partial<Registration>, string]>([
    ['an unknown incorporation state', { incorporationState: 'Ontario' }, 'incorporationState'],
    ['an unknown organization state', { llcOrganizationState: 'DE' }, 'llcOrganizationState'],
  ])('rejects %s', (_case, change, path) => {
    expect(messagesOf({ ...valid, ...change })[path]).toEqual(['Select a state from the list']);
  });

  it("asks for the business's own previous EIN only when it had one (SS-4 line 18), in the EIN format", () => {
    expect(messagesOf({ ...valid, appliedForEinBefore: 'true', previousEin: '' })).toEqual({ previousEin: [registrationMessages.previousEin] });
    expect(messagesOf({ ...valid, appliedForEinBefore: 'true', previousEin: '123456789' })).toEqual({ previousEin: [registrationMessages.previousEin] });
    expect(messagesOf({ ...valid, appliedForEinBefore: 'true', previousEin: '12-3456789' })).toEqual({});
    expect(messagesOf({ ...valid, appliedForEinBefore: 'false', previousEin: '' })).toEqual({});
    expect(messagesOf({ ...valid, appliedForEinBefore: 'maybe' })).toEqual({ appliedForEinBefore: [registrationMessages.appliedForEinBefore] });
  });

  it('refuses a P.O. box as the street address (SS-4 line 5a), not as the mailing address', () => {
    const boxes = ['PO Box 12', 'P.O. Box 12', 'p.o.box 12', 'P O Box 12', 'POBox 12', 'post office box 9', 'Post Office Box 9', 'PMB 204', 'P.M.B. 204', '100 Main St PMB 7', '100 Main St, PO Box 5'];
    for (const street of boxes) {
      // A box written with periods or a comma is also refused for the characters the IRS takes.
      const messages = isIrsName(street, 'address') ? [registrationMessages.streetAddressPoBox] : [registrationMessages.streetAddressPoBox, registrationMessages.addressCharacters];
      expect(messagesOf({ ...valid, streetAddress: street }), street).toEqual({ streetAddress: messages });
    }
    for (const street of ['12 Box Canyon Road', '4 Depot Boxwood Ln', '77 Pompano Blvd', '1 Post Office Square', '9 Pmbroke St']) {
      expect(isPostOfficeBox(street), street).toBe(false);
      expect(messagesOf({ ...valid, streetAddress: street }), street).toEqual({});
    }
    expect(messagesOf(differentMailing)).toEqual({});
    expect(messagesOf({ ...differentMailing, mailingStreetAddress: 'PMB 204' })).toEqual({});
  });

  it('points the P.O. box message to the mailing address', () => {
    expect(registrationMessages.streetAddressPoBox).toMatch(/P\.O\. box or PMB/);
    expect(registrationMessages.streetAddressPoBox).toMatch(/mailing address/);
  });

  describe('the business start date', () => {
    afterEach(() => vi.useRealTimers());

    it('may be up to 90 days ahead, counted in UTC days', () => {
      vi.useFakeTimers({ now: new Date('2026-11-23T23:30:00-08:00'), toFake: ['Date'] });
      // 23:30 in California is already the 24th in UTC.
      expect(latestBusinessStartDate()).toBe('2027-02-22');
      expect(messagesOf({ ...valid, businessStartDate: '2027-02-22' })).toEqual({});
      expect(messagesOf({ ...valid, businessStartDate: '2027-02-23' })).toEqual({ businessStartDate: [registrationMessages.businessStartDateTooLate] });
      expect(messagesOf({ ...valid, businessStartDate: '2031-01-01' })).toEqual({ businessStartDate: [registrationMessages.businessStartDateTooLate] });
    });

    it('may not be before 1900', () => {
      expect(messagesOf({ ...valid, businessStartDate: '1900-01-01' })).toEqual({});
      expect(messagesOf({ ...valid, businessStartDate: '1899-12-31' })).toEqual({ businessStartDate: [registrationMessages.businessStartDateTooEarly] });
      expect(messagesOf({ ...valid, businessStartDate: '0999-01-01' })).toEqual({ businessStartDate: [registrationMessages.businessStartDateTooEarly] });
    });

    it('says so in words', () => {
      expect(registrationMessages.businessStartDateTooLate).toBe('Business start date cannot be more than 90 days from today');
      expect(registrationMessages.businessStartDateTooEarly).toBe('Business start date cannot be before 1900');
    });
  });

  it('rejects an unknown REIT type', () => {
    expect(messagesOf({ ...valid, reitType: 'hybrid' }).reitType).toEqual(['Select a REIT type']);
  });

  it('rejects unknown keys', () => {
    const result = registrationSchema.safeParse({ ...valid, faxNumber: '555' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('defaults to December and the same mailing address, with every field present', () => {
    expect(registrationDefaults.accountingYearClosingMonth).toBe('12');
    expect(registrationDefaults.sameMailingAddress).toBe(true);
    expect(Object.keys(registrationDefaults).sort()).toEqual(Object.keys(registrationSchema.shape).sort());
  });
});

describe('the questions step 2 asks by the step-1 answers', () => {
  it('asks a REIT its type, and no other corporation or entity', () => {
    expect(asksReitType('Corporation', 'REIT')).toBe(true);
    expect(asksReitType('Corporation', 'RIC')).toBe(false);
    expect(asksReitType('LLC', 'REIT')).toBe(false);
  });

  it('asks only an LLC its state of organisation, and every entity but an LLC a care-of line', () => {
    expect(asksLlcOrganizationState('LLC')).toBe(true);
    expect(asksLlcOrganizationState('Corporation')).toBe(false);
    expect(asksMailingCareOf('LLC')).toBe(false);
    expect(asksMailingCareOf('Trust')).toBe(true);
    expect(asksMailingCareOf(undefined)).toBe(true);
  });
});
