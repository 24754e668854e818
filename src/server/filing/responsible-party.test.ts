// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, sealApplication } from '../encryption';
import { applicationSchema, type Application } from '#shared/application/application.ts';
import { sampleApplication, type SampleOverrides } from '#shared/application/sample-application.ts';
import { filingMessages } from '#shared/filing/filing.ts';
import { irsFaxLineOf, onlineFilingRefusalOf, responsiblePartyKeyOf } from './responsible-party';

const cipher = createFieldCipher(randomBytes(32));

/** An order's stored answers, sealed as the checkout seals them; valid as the checkout takes them. */
function storedWith(overrides: SampleOverrides): Record<string, unknown> {
  const application = sampleApplication(overrides);
  expect(applicationSchema.safeParse(application).error?.issues ?? []).toEqual([]);
  return sealApplication(application as Application, cipher) as unknown as Record<string, unknown>;
}

const abroad = (country: string, more: SampleOverrides['registration'] = {}): SampleOverrides['registration'] => ({
  country,
  county: '',
  state: '',
  zipCode: '',
  province: '',
  postalCode: '10117',
  ...more,
});

describe('responsiblePartyKeyOf', () => {
  it("keys an SSN holder on the SSN's digits, an ITIN holder on the ITIN's, and a responsible party with neither on nothing", () => {
    expect(responsiblePartyKeyOf(storedWith({}), cipher)).toBe(cipher.hashTaxpayerNumber('123456789'));
    const itin = storedWith({ contact: { rpTaxIdType: 'itin', rpSSN: '', rpItin: '912786789', rpUsPerson: 'true' } });
    expect(responsiblePartyKeyOf(itin, cipher)).toBe(cipher.hashTaxpayerNumber('912786789'));
    const none = storedWith({ contact: { rpTaxIdType: 'none', rpSSN: '' } });
    expect(responsiblePartyKeyOf(none, cipher)).toBeNull();
  });

  it('keys an order saved before the taxpayer number question (no rpTaxIdType) on its SSN, as before', () => {
    const { rpTaxIdType: _absent, ...contact } = sampleApplication().contact;
    const stored = { ...sampleApplication(), contact: { ...contact, rpSSN: cipher.encrypt('123456789') } };
    expect(responsiblePartyKeyOf(stored, cipher)).toBe(cipher.hashTaxpayerNumber('123456789'));
  });

  it("keys nothing on a number it cannot read, and never on the wrong field: an ITIN holder's stale SSN is not theirs", () => {
    const unreadable = storedWith({ contact: { rpTaxIdType: 'itin', rpSSN: '', rpItin: '912786789', rpUsPerson: 'true' } });
    (unreadable.contact as Record<string, unknown>).rpItin = 'v1.not-a-sealed-value';
    (unreadable.contact as Record<string, unknown>).rpSSN = cipher.encrypt('123456789');
    expect(responsiblePartyKeyOf(unreadable, cipher)).toBeNull();
    expect(responsiblePartyKeyOf(null, cipher)).toBeNull();
  });
});

describe('irsFaxLineOf ("Where to file")', () => {
  const cases: [string, SampleOverrides['registration'], 'domestic' | 'international'][] = [
    ['a business in Texas', {}, 'domestic'],
    ['a business in the United States said so', { country: 'US' }, 'domestic'],
    ['a business in the District of Columbia', { city: 'Washington', county: 'District of Columbia', state: 'District of Columbia', zipCode: '20005' }, 'domestic'],
    ['a business in Germany', abroad('DE'), 'international'],
    ['a business in Puerto Rico (a territory: no state)', abroad('PR', { postalCode: '00901' }), 'international'],
    ['a business in the United States with its mailing address in Mexico', { sameMailingAddress: false, mailingStreetAddress: 'Avenida Chapultepec 480', mailingCity: 'Guadalajara', mailingCountry: 'MX', mailingProvince: 'Jalisco', mailingPostalCode: '44100' }, 'domestic'],
  ];
  it.each(cases)('faxes %s to the %s line', (_name, registration, line) => {
    expect(irsFaxLineOf(storedWith({ registration }))).toBe(line);
  });

  it('reads a stale state beside a country abroad, and an order with no answers, as international', () => {
    expect(irsFaxLineOf({ registration: { country: 'DE', state: 'Texas' } })).toBe('international');
    expect(irsFaxLineOf({ registration: { state: 'Texas' } })).toBe('domestic');
    expect(irsFaxLineOf({})).toBe('international');
    expect(irsFaxLineOf(null)).toBe('international');
  });
});

describe('onlineFilingRefusalOf', () => {
  it("refuses online filing where the IRS's online assistant would: no SSN or ITIN, or a business abroad", () => {
    expect(onlineFilingRefusalOf(storedWith({}))).toBeNull();
    expect(onlineFilingRefusalOf(storedWith({ contact: { rpTaxIdType: 'itin', rpSSN: '', rpItin: '912786789', rpUsPerson: 'false' } }))).toBeNull();
    expect(onlineFilingRefusalOf(storedWith({ contact: { rpTaxIdType: 'none', rpSSN: '' } }))).toBe(filingMessages.onlineNeedsTaxpayerNumber);
    expect(onlineFilingRefusalOf(storedWith({ registration: abroad('DE') }))).toBe(filingMessages.onlineNeedsUsLocation);
    expect(onlineFilingRefusalOf(storedWith({ registration: abroad('PR', { postalCode: '00901' }) }))).toBeNull();
    // A mailing address abroad does not move the business.
    expect(onlineFilingRefusalOf(storedWith({ registration: { sameMailingAddress: false, mailingStreetAddress: '221B Baker Street', mailingCity: 'London', mailingCountry: 'GB', mailingPostalCode: 'NW1 6XE' } }))).toBeNull();
    // An order from before these questions, as before: online is offered.
    expect(onlineFilingRefusalOf({ contact: { rpSSN: 'v1.x' }, registration: { state: 'Texas' } })).toBeNull();
  });
});
