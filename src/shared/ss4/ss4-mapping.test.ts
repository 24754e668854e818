import { describe, expect, it } from 'vitest';
import { applicationSchema } from '../application/application';
import { sampleApplication, type SampleOverrides } from '../application/sample-application';
import { formatSs4Value, formatSsn, isFilled, maskSsn, ss4Categories, ss4Completeness, ss4Fields, type Ss4FieldKey, type Ss4Value } from './ss4-mapping';

describe('ss4Fields', () => {
  it('lists the fields of the spec table in its order, with their SS-4 lines and categories', () => {
    expect(ss4Fields.map((field) => [field.key, field.line, field.category])).toEqual([
      ['legalName', '1', 'entity'],
      ['businessName', '2', 'entity'],
      ['entityType', '8a', 'entity'],
      ['stateOfIncorporation', '8b', 'entity'],
      ['reasonForApplying', '9a', 'entity'],
      ['businessStartDate', '9b', 'entity'],
      ['reitType', '', 'entity'],
      ['executorName', '3', 'entity'],
      ['principalBusinessAddress', '4a', 'entity'],
      ['principalBusinessCity', '4b', 'entity'],
      ['physicalAddress', '5a', 'entity'],
      ['physicalCity', '5b', 'entity'],
      ['county', '6', 'entity'],
      ['phoneNumber', '17a', 'entity'],
      ['faxNumber', '17b', 'entity'],
      ['responsiblePartyName', '7a', 'responsible_party'],
      ['responsiblePartySSN', '7b', 'responsible_party'],
      ['taxYearEnd', '10', 'tax'],
      ['firstWageDate', '11', 'tax'],
      ['taxLiabilityDate', '12', 'tax'],
      ['employeeCount', '13', 'tax'],
      ['principalActivity', '14', 'additional'],
      ['principalProduct', '15', 'additional'],
      ['previousEIN', '16', 'additional'],
      ['thirdPartyDesignee', 'TPD', 'additional'],
      ['applicantName', 'Signature', 'additional'],
      ['applicantPhone', 'Signature', 'additional'],
    ]);
  });

  it('gives every field a label and a description, and a path unless the application has no such data', () => {
    for (const field of ss4Fields) {
      expect(field.label, field.key).not.toBe('');
      expect(field.description, field.key).not.toBe('');
      const unmapped = field.key === 'faxNumber' || field.key === 'thirdPartyDesignee';
      expect(field.path === '', field.key).toBe(unmapped);
    }
  });

  it('names the data paths in the application shape', () => {
    const paths = Object.fromEntries(ss4Fields.map((field) => [field.key, field.path]));
    expect(paths).toMatchObject({
      legalName: 'company.companyName',
      responsiblePartyName: 'contact.rpFirstName + contact.rpMiddleName + contact.rpLastName',
      responsiblePartySSN: 'contact.rpSSN',
      taxYearEnd: 'registration.accountingYearClosingMonth',
      principalProduct: 'activity.principalProductOrService',
    });
    const sections = ['company', 'registration', 'contact', 'compliance', 'activity'];
    for (const field of ss4Fields) {
      for (const path of field.path === '' ? [] : field.path.split(' + ')) {
        expect(sections, `${field.key}: ${path}`).toContain(path.split('.')[0]);
      }
    }
  });
});

describe('ss4Categories', () => {
  it('groups for display in order, banking included with no fields', () => {
    expect(ss4Categories).toEqual([
      { key: 'entity', heading: 'Entity Information' },
      { key: 'responsible_party', heading: 'Responsible Party' },
      { key: 'tax', heading: 'Tax Information' },
      { key: 'banking', heading: 'Banking Information' },
      { key: 'additional', heading: 'Additional Information' },
    ]);
    expect(ss4Fields.filter((field) => field.category === 'banking')).toEqual([]);
  });
});

type Expected = Record<Ss4FieldKey, Ss4Value>;

/** The sample application as it stands: a single-member LLC in Austin, Texas, hiring nobody. */
const llc: Expected = {
  legalName: 'Hill Country Woodworks LLC',
  businessName: null,
  entityType: 'Limited Liability Company (LLC)',
  stateOfIncorporation: 'Texas',
  reasonForApplying: 'Started a new business',
  businessStartDate: '2024-03-15',
  reitType: null,
  executorName: null,
  principalBusinessAddress: '100 Main Street',
  principalBusinessCity: 'Austin, TX 78701',
  physicalAddress: '100 Main Street',
  physicalCity: 'Austin, TX 78701',
  county: 'Travis, Texas',
  phoneNumber: '(512) 555-0147',
  faxNumber: null,
  responsiblePartyName: 'John Public',
  responsiblePartySSN: '123456789',
  taxYearEnd: 'December',
  firstWageDate: null,
  taxLiabilityDate: null,
  employeeCount: null,
  principalActivity: 'Manufacturing',
  principalProduct: 'Handmade tables and chairs sold to homes and restaurants.',
  previousEIN: null,
  thirdPartyDesignee: null,
  applicantName: 'Jane Doe-Smith',
  applicantPhone: '(512) 555-0147',
};

type Case = {
  name: string;
  overrides: SampleOverrides;
  /** Every field's value: the LLC's, with these in its place. */
  expected: Expected;
  filled: number;
  missing: number;
  percent: number;
};

const cases: Case[] = [
  {
    name: 'sole proprietor (household employer, hiring)',
    overrides: {
      company: { entityType: 'Sole Proprietor', soleProprietorType: 'Household Employer', soleProprietorReason: '' },
      registration: { llcOrganizationState: '' },
      compliance: {
        willHire: 'true',
        employeeTypes: ['household'],
        counts: { household: '1' },
        totalEmployeesExpected: '1',
        firstWageDate: '2024-04-01',
        expectedHireMonthYear: '04/2024',
        taxLiability: '<=1000',
        reportingFrequency: 'annually',
      },
    },
    expected: {
      ...llc,
      legalName: 'Jane Doe-Smith',
      entityType: 'Sole Proprietor: Household Employer',
      stateOfIncorporation: null,
      reasonForApplying: null,
      firstWageDate: '2024-04-01',
      taxLiabilityDate: '04/2024',
      employeeCount: { household: 1, total: 1 },
    },
    filled: 19,
    missing: 8,
    percent: 70,
  },
  {
    name: 'partnership (joint venture, separate mailing address in care of someone)',
    overrides: {
      company: { entityType: 'Partnership', partnershipType: 'Joint Venture', partnershipReason: 'Hired employee(s)' },
      registration: {
        llcOrganizationState: '',
        sameMailingAddress: false,
        mailingCareOf: 'Pat Lee',
        mailingStreetAddress: 'PO Box 42',
        mailingCity: 'Round Rock',
        mailingCounty: 'Williamson',
        mailingState: 'Texas',
        mailingZipCode: '78680-0042',
      },
      contact: { contactMiddleName: 'Ann', rpMiddleName: 'Q' },
    },
    expected: {
      ...llc,
      legalName: 'Doe and Public Partners',
      entityType: 'Partnerships: Joint Venture',
      stateOfIncorporation: null,
      reasonForApplying: 'Hired employee(s)',
      executorName: 'Pat Lee',
      principalBusinessAddress: 'PO Box 42',
      principalBusinessCity: 'Round Rock, TX 78680-0042',
      responsiblePartyName: 'John Q Public',
      applicantName: 'Jane Ann Doe-Smith',
    },
    filled: 18,
    missing: 9,
    percent: 67,
  },
  {
    name: 'corporation (trade name, incorporated in Delaware, hiring)',
    overrides: {
      company: { entityType: 'Corporation', hasTradeName: 'true', tradeName: 'Hill Country Woodworks' },
      registration: { llcOrganizationState: '', incorporationState: 'Delaware' },
      compliance: {
        willHire: 'true',
        employeeTypes: ['agricultural', 'other'],
        counts: { agricultural: '3', other: '12' },
        totalEmployeesExpected: '15',
        firstWageDate: '2024-05-01',
        expectedHireMonthYear: '05/2024',
        taxLiability: '>1000',
      },
    },
    expected: {
      ...llc,
      legalName: 'Hill Country Woodworks Inc',
      businessName: 'Hill Country Woodworks',
      entityType: 'Corporations: Corporation',
      stateOfIncorporation: 'Delaware',
      firstWageDate: '2024-05-01',
      taxLiabilityDate: '05/2024',
      employeeCount: { agricultural: 3, other: 12, total: 15 },
    },
    filled: 22,
    missing: 5,
    percent: 81,
  },
  {
    name: 'S corporation (banking purposes, year closing in June)',
    overrides: {
      company: { entityType: 'Corporation', corporationType: 'S Corporation', corporationReason: 'Banking purposes' },
      registration: { llcOrganizationState: '', incorporationState: 'Texas', accountingYearClosingMonth: '06' },
    },
    expected: {
      ...llc,
      legalName: 'Hill Country Woodworks Inc',
      entityType: 'Corporations: S Corporation',
      stateOfIncorporation: 'Texas',
      reasonForApplying: 'Banking purposes',
      taxYearEnd: 'June',
    },
    filled: 18,
    missing: 9,
    percent: 67,
  },
  {
    name: 'personal service corporation (incorporation state left out, health care)',
    overrides: {
      company: {
        entityType: 'Corporation',
        companyName: 'Austin Family Medicine PC',
        corporationType: 'Personal Service Corporation',
        corporationReason: 'Changed type of organization',
      },
      registration: { llcOrganizationState: '', incorporationState: '' },
      activity: {
        principalActivity: 'health-care',
        healthCareCategory: 'medical-doctor',
        manufacturingGoodsType: '',
        principalProductOrService: 'Family medicine clinic visits.',
      },
    },
    expected: {
      ...llc,
      legalName: 'Austin Family Medicine PC',
      entityType: 'Corporations: Personal Service Corporation',
      stateOfIncorporation: null,
      reasonForApplying: 'Changed type of organization',
      principalActivity: 'Health care & social assistance',
      principalProduct: 'Family medicine clinic visits.',
    },
    filled: 17,
    missing: 10,
    percent: 63,
  },
  {
    name: 'REIT (mortgage REIT, previous owner EIN)',
    overrides: {
      company: {
        entityType: 'Corporation',
        companyName: 'Hill Country Mortgage REIT Inc',
        corporationType: 'REIT',
        corporationReason: 'Purchased active business',
      },
      registration: { llcOrganizationState: '', reitType: 'mortgage', previousOwnerEIN: '12-3456789' },
      activity: {
        principalActivity: 'finance',
        financeCategory: 'mortgage-lending',
        manufacturingGoodsType: '',
        principalProductOrService: 'Mortgage loans secured by commercial real estate.',
      },
    },
    expected: {
      ...llc,
      legalName: 'Hill Country Mortgage REIT Inc',
      entityType: 'Corporations: Real Estate Investment Trust (REIT)',
      stateOfIncorporation: null,
      reasonForApplying: 'Purchased active business',
      reitType: 'Mortgage REIT',
      principalActivity: 'Finance & insurance',
      principalProduct: 'Mortgage loans secured by commercial real estate.',
      previousEIN: '12-3456789',
    },
    filled: 19,
    missing: 8,
    percent: 70,
  },
  {
    name: 'RIC',
    overrides: {
      company: { entityType: 'Corporation', companyName: 'Hill Country Income Fund', corporationType: 'RIC' },
      registration: { llcOrganizationState: '' },
    },
    expected: {
      ...llc,
      legalName: 'Hill Country Income Fund',
      entityType: 'Corporations: Regulated Investment Conduit (RIC)',
      stateOfIncorporation: null,
    },
    filled: 17,
    missing: 10,
    percent: 63,
  },
  {
    name: 'settlement fund (no reason asked, mailing address without a care-of name)',
    overrides: {
      company: { entityType: 'Corporation', companyName: 'Travis County Settlement Fund', corporationType: 'Settlement Fund', corporationReason: '' },
      registration: {
        llcOrganizationState: '',
        sameMailingAddress: false,
        mailingCareOf: '',
        mailingStreetAddress: '500 Congress Avenue Suite 200',
        mailingCity: 'Austin',
        mailingCounty: 'Travis',
        mailingState: 'Texas',
        mailingZipCode: '78701',
      },
    },
    expected: {
      ...llc,
      legalName: 'Travis County Settlement Fund',
      entityType: 'Corporations: Settlement Fund (under IRC Sec 4688)',
      stateOfIncorporation: null,
      reasonForApplying: null,
      principalBusinessAddress: '500 Congress Avenue Suite 200',
      principalBusinessCity: 'Austin, TX 78701',
    },
    filled: 16,
    missing: 11,
    percent: 59,
  },
  {
    name: 'LLC (the sample as it stands)',
    overrides: {},
    expected: llc,
    filled: 18,
    missing: 9,
    percent: 67,
  },
  {
    name: 'estate (no executor asked)',
    overrides: {
      company: { entityType: 'Estate' },
      registration: { llcOrganizationState: '' },
      activity: {
        principalActivity: 'other',
        otherCategory: 'service',
        manufacturingGoodsType: '',
        principalProductOrService: 'Winding up the affairs of the estate.',
      },
    },
    expected: {
      ...llc,
      legalName: 'Estate of John Q Public',
      entityType: 'Estate',
      stateOfIncorporation: null,
      reasonForApplying: null,
      principalActivity: 'Other',
      principalProduct: 'Winding up the affairs of the estate.',
    },
    filled: 16,
    missing: 11,
    percent: 59,
  },
  {
    name: 'trust (trustee named)',
    overrides: {
      company: { entityType: 'Trust' },
      registration: { llcOrganizationState: '' },
      contact: { trustFilingAsEstate: false, trusteeFirstName: 'Mary', trusteeMiddleName: '', trusteeLastName: 'Public', trusteeSuffix: 'Jr' },
    },
    expected: {
      ...llc,
      legalName: 'Public Family Trust',
      entityType: 'Trusts: Irrevocable Trust',
      stateOfIncorporation: null,
      reasonForApplying: null,
      executorName: 'Mary Public Jr',
    },
    filled: 17,
    missing: 10,
    percent: 63,
  },
  {
    name: 'others (an organization, previous owner EIN)',
    overrides: {
      company: { entityType: 'Others' },
      registration: { llcOrganizationState: '', previousOwnerEIN: '98-7654321' },
      activity: {
        principalActivity: 'other',
        otherCategory: 'organization',
        otherOrganizationType: 'social-or-civic',
        manufacturingGoodsType: '',
        principalProductOrService: 'Classes and shared workshop space for members.',
      },
    },
    expected: {
      ...llc,
      legalName: 'Travis County Woodworkers Guild',
      entityType: 'Others',
      stateOfIncorporation: null,
      reasonForApplying: null,
      principalActivity: 'Other',
      principalProduct: 'Classes and shared workshop space for members.',
      previousEIN: '98-7654321',
    },
    filled: 17,
    missing: 10,
    percent: 63,
  },
];

describe('the mapping of one complete application of each entity type', () => {
  it('covers the twelve entity types', () => {
    expect(cases).toHaveLength(12);
  });

  describe.each(cases)('$name', ({ overrides, expected, filled, missing, percent }) => {
    const application = sampleApplication(overrides);

    it('is a valid application', () => {
      expect(() => applicationSchema.parse(application)).not.toThrow();
    });

    it.each(ss4Fields.map((field) => [field.key, field] as const))('%s', (key, field) => {
      expect(field.value(application)).toEqual(expected[key]);
    });

    it(`fills ${filled} of 27 fields (${percent}%)`, () => {
      expect(ss4Completeness(application)).toEqual({ total: 27, filled, missing, percent });
    });
  });
});

describe('formatSs4Value', () => {
  it.each([
    [null, 'Not provided'],
    [undefined, 'Not provided'],
    ['', 'Not provided'],
    [true, 'Yes'],
    [false, 'No'],
    ['true', 'Yes'],
    ['false', 'No'],
    ['Hill Country Woodworks LLC', 'Hill Country Woodworks LLC'],
    ['123456789', '123456789'],
    [0, '0'],
    [15, '15'],
    [{ household: 1, total: 1 }, '{"household":1,"total":1}'],
    [['agricultural', 'other'], '["agricultural","other"]'],
  ] as const)('%j -> %j', (value, shown) => {
    expect(formatSs4Value(value)).toBe(shown);
  });
});

describe('maskSsn', () => {
  it.each([
    ['123456789', '***-**-6789'],
    ['123-45-6789', '***-**-6789'],
    ['6789', '***-**-6789'],
    ['', ''],
  ])('%j -> %j', (ssn, masked) => {
    expect(maskSsn(ssn)).toBe(masked);
  });
});

describe('formatSsn', () => {
  it.each([
    ['123456789', '123-45-6789'],
    ['12345678', '12345678'],
    ['123-45-6789', '123-45-6789'],
    ['', ''],
  ])('%j -> %j', (ssn, shown) => {
    expect(formatSsn(ssn)).toBe(shown);
  });
});

describe('isFilled', () => {
  it.each([
    [null, false],
    [undefined, false],
    ['', false],
    ['x', true],
    [' ', true],
    [0, true],
    [false, true],
    [{}, true],
    [[], true],
  ] as const)('%j -> %s', (value, filled) => {
    expect(isFilled(value)).toBe(filled);
  });
});
