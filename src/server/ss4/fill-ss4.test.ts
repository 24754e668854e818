// @vitest-environment node
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFCheckBox, PDFDocument, PDFName, PDFTextField } from 'pdf-lib';
import { applicationSchema, type Application } from '#shared/application/application.ts';
import { corporationTypeOptions, entityTypeOptions, reasonOptions } from '#shared/application/company.ts';
import { principalActivityOptions } from '#shared/application/activity.ts';
import { asksIncorporationState } from '#shared/application/registration.ts';
import { sampleApplication, type SampleOverrides } from '#shared/application/sample-application.ts';
import { disregardedEntityText, ss4Lines, type Ss4Designee } from '#shared/ss4/ss4-mapping.ts';
import { fillSs4, fittingFontSize, ss4FieldPrefix, ss4TemplateUrl } from './fill-ss4';

// Fills the real form and reads every field back with pdf-lib. The expected values are written out by
// hand from the form and its instructions, not derived from the mapping, so a wrong rule fails here.

let template: Uint8Array;
beforeAll(() => {
  template = readFileSync(ss4TemplateUrl);
});

type Filled = { text: Record<string, string>; checked: string[] };

/** Every text field that holds something and every ticked box, by the names FIELDS.md uses. */
async function readBack(bytes: Uint8Array): Promise<Filled> {
  const document = await PDFDocument.load(bytes);
  const text: Record<string, string> = {};
  const checked: string[] = [];
  for (const field of document.getForm().getFields()) {
    const name = field.getName().replace(ss4FieldPrefix, '');
    if (field instanceof PDFTextField && field.getText()) text[name] = field.getText() as string;
    if (field instanceof PDFCheckBox && field.isChecked()) checked.push(name);
  }
  return { text, checked };
}

async function fill(overrides: SampleOverrides, designee: Ss4Designee | null = null): Promise<Filled> {
  const application = sampleApplication(overrides);
  // Every case is a valid application, as the checkout would have stored it.
  expect(applicationSchema.safeParse(application).error?.issues ?? []).toEqual([]);
  return readBack(await fillSs4(ss4Lines(application as Application, designee), template));
}

const boxes = (filled: Filled, group: string) => filled.checked.filter((name) => name.startsWith(`${group}[`));

/** The lines every sample shares (an LLC's answers aside): Austin, Texas, John Public, no employees. */
const common = {
  'f1_2[0]': expect.any(String),
  'Line4ReadOrder[0].f1_5[0]': '100 Main Street',
  'Line4ReadOrder[0].f1_6[0]': 'Austin, TX 78701',
  'f1_9[0]': 'Travis, TX',
  'f1_10[0]': 'John Public',
  'f1_11[0]': '123-45-6789',
  'f1_31[0]': '03/15/2024',
  'f1_32[0]': 'December',
  'f1_33[0]': '-0-',
  'f1_34[0]': '-0-',
  'f1_35[0]': '-0-',
  'f1_36[0]': 'N/A',
  'f1_38[0]': 'Handmade tables and chairs sold to homes and restaurants.',
  'f1_44[0]': 'John Public, Managing Member',
  'f1_45[0]': '(512) 555-0147',
};

describe('the form template', () => {
  it('is the IRS file FIELDS.md describes', () => {
    expect(createHash('sha256').update(template).digest('hex')).toBe('bbb3bb3d3d29ca85a672aac7b00779b59457b047abb13f26f64d893802aec8b7');
  });
});

describe('fillSs4: entity types (line 9a, 8a-c, 3, 9b)', () => {
  const cases: { name: string; overrides: SampleOverrides; checks: string[]; text: Record<string, string> }[] = [
    {
      name: 'a single-member LLC: 8a Yes, one member, organized in the US, 9a Other "Disregarded Entity"',
      overrides: { company: { entityType: 'LLC' } },
      checks: ['c1_1[0]', 'c1_2[0]', 'c1_3[15]', 'c1_4[1]', 'c1_6[9]', 'c1_7[1]'],
      text: { 'f1_12[0]': '1', 'f1_19[0]': disregardedEntityText, 'f1_26[0]': 'Manufacturing' },
    },
    {
      name: 'a multi-member LLC: 9a Partnership',
      overrides: { company: { entityType: 'LLC', llcMemberCount: '3' } },
      checks: ['c1_1[0]', 'c1_2[0]', 'c1_3[2]', 'c1_4[1]', 'c1_6[9]', 'c1_7[1]'],
      text: { 'f1_12[0]': '3', 'f1_26[0]': 'Manufacturing' },
    },
    {
      name: 'a sole proprietor: 8a No, 9a Sole proprietor with the SSN',
      overrides: { company: { entityType: 'Sole Proprietor' } },
      checks: ['c1_1[1]', 'c1_3[0]', 'c1_4[1]', 'c1_6[9]', 'c1_7[1]'],
      text: { 'f1_2[0]': 'John Public', 'f1_13[0]': '123-45-6789', 'f1_26[0]': 'Manufacturing' },
    },
    {
      name: 'a household employer: 9a Sole proprietor, 10 Hired employees',
      overrides: { company: { entityType: 'Sole Proprietor', soleProprietorType: 'Household Employer', soleProprietorReason: '' } },
      checks: ['c1_1[1]', 'c1_3[0]', 'c1_4[4]', 'c1_6[9]', 'c1_7[1]'],
      text: { 'f1_13[0]': '123-45-6789' },
    },
    {
      name: 'a partnership: 9a Partnership',
      overrides: { company: { entityType: 'Partnership' } },
      checks: ['c1_1[1]', 'c1_3[2]', 'c1_4[1]', 'c1_6[9]', 'c1_7[1]'],
      text: { 'f1_26[0]': 'Manufacturing' },
    },
    {
      name: 'a trust: line 3 the trustee, 9a Trust with the TIN of the grantor, 10 Created a trust with its type',
      overrides: { company: { entityType: 'Trust' }, contact: { trusteeFirstName: 'Mary', trusteeLastName: 'Trustee', trusteeSuffix: 'Jr' } },
      checks: ['c1_1[1]', 'c1_3[5]', 'c1_4[5]', 'c1_6[9]', 'c1_7[1]'],
      text: { 'f1_4[0]': 'Mary Trustee Jr', 'f1_17[0]': '222-33-4444', 'f1_28[0]': 'Irrevocable Trust' },
    },
    {
      name: 'an estate: line 3 the executor (its responsible party), 9a Estate with the SSN of the decedent, 10 Other "Administration of estate"',
      overrides: { company: { entityType: 'Estate' } },
      checks: ['c1_1[1]', 'c1_3[1]', 'c1_4[8]', 'c1_6[9]', 'c1_7[1]'],
      text: { 'f1_4[0]': 'John Public', 'f1_14[0]': '111-22-3333', 'f1_30[0]': 'Administration of estate' },
    },
    {
      name: 'an estate opening a bank account: 10 Banking purpose with its purpose',
      overrides: { company: { entityType: 'Estate', estateReason: 'Banking purposes', bankingPurpose: 'Estate checking account' } },
      checks: ['c1_1[1]', 'c1_3[1]', 'c1_4[0]', 'c1_6[9]', 'c1_7[1]'],
      text: { 'f1_4[0]': 'John Public', 'f1_14[0]': '111-22-3333', 'f1_24[0]': 'Estate checking account' },
    },
    {
      name: 'an estate paying employees: 10 Hired employees',
      overrides: { company: { entityType: 'Estate', estateReason: 'Hired employee(s)' } },
      checks: ['c1_1[1]', 'c1_3[1]', 'c1_4[4]', 'c1_6[9]', 'c1_7[1]'],
      text: { 'f1_4[0]': 'John Public', 'f1_14[0]': '111-22-3333' },
    },
    {
      name: 'a nonprofit of another kind: 9a Other nonprofit organization with its description, 10 its reason',
      overrides: { company: { entityType: 'Others' } },
      checks: ['c1_1[1]', 'c1_3[12]', 'c1_4[1]', 'c1_6[9]', 'c1_7[1]'],
      text: { 'f1_18[0]': 'Woodworkers guild', 'f1_26[0]': 'Manufacturing' },
    },
    {
      name: 'a church: 9a Church or church-controlled organization, nothing to specify',
      overrides: { company: { entityType: 'Others', otherEntityType: 'Church', otherEntityDescription: '', othersReason: 'Hired employee(s)' } },
      checks: ['c1_1[1]', 'c1_3[9]', 'c1_4[4]', 'c1_6[9]', 'c1_7[1]'],
      text: {},
    },
    {
      name: 'another kind of entity: 9a Other with its description, 10 Banking purpose with its purpose',
      overrides: {
        company: { entityType: 'Others', otherEntityType: 'Other', otherEntityDescription: 'Bankruptcy estate', othersReason: 'Banking purposes', bankingPurpose: 'Trustee account' },
      },
      checks: ['c1_1[1]', 'c1_3[15]', 'c1_4[0]', 'c1_6[9]', 'c1_7[1]'],
      text: { 'f1_19[0]': 'Bankruptcy estate', 'f1_24[0]': 'Trustee account' },
    },
  ];
  it('covers every entity type', () => {
    // Corporations have a table of their own below.
    const covered = new Set([...cases.map((entry) => entry.overrides.company?.entityType), 'Corporation']);
    expect([...covered].sort()).toEqual(entityTypeOptions.map((option) => option.value).sort());
  });
  it.each(cases)('$name', async ({ overrides, checks, text }) => {
    const filled = await fill(overrides);
    expect(filled.checked.sort()).toEqual([...checks].sort());
    expect(filled.text).toEqual({ ...common, ...text });
    expect(boxes(filled, 'c1_3').length).toBeLessThanOrEqual(1);
    expect(boxes(filled, 'c1_6')).toHaveLength(1);
  });
});

describe('fillSs4: corporation types (9a form number, 9b state)', () => {
  const cases: [string, string, Record<string, string>][] = [
    ['Corporation', 'c1_3[4]', { 'f1_16[0]': '1120' }],
    ['S Corporation', 'c1_3[4]', { 'f1_16[0]': '1120-S' }],
    ['REIT', 'c1_3[4]', { 'f1_16[0]': '1120-REIT' }],
    ['RIC', 'c1_3[4]', { 'f1_16[0]': '1120-RIC' }],
    ['Settlement Fund', 'c1_3[4]', { 'f1_16[0]': '1120-SF' }],
    ['Personal Service Corporation', 'c1_3[6]', {}],
  ];
  it('covers every corporation type', () => {
    expect(cases.map(([type]) => type).sort()).toEqual(corporationTypeOptions.map((option) => option.value).sort());
  });
  it.each(cases)('%s ticks %s and writes its form and state', async (corporationType, box, text) => {
    const reason = corporationType === 'Settlement Fund' ? '' : 'Started a new business';
    // Step 2 asks where it was incorporated, except a REIT, a RIC or a settlement fund: 9b is then step 1's state.
    const asked = asksIncorporationState('Corporation', corporationType);
    const filled = await fill({
      company: { entityType: 'Corporation', state: 'DE', corporationType: corporationType as never, corporationReason: reason as never },
      registration: { incorporationState: asked ? 'Delaware' : '', llcOrganizationState: '' },
    });
    expect(boxes(filled, 'c1_3')).toEqual([box]);
    expect(boxes(filled, 'c1_1')).toEqual(['c1_1[1]']);
    expect(boxes(filled, 'c1_2')).toEqual([]);
    expect(filled.text).toMatchObject({ ...text, 'f1_21[0]': 'Delaware' });
    expect(filled.text['f1_12[0]']).toBeUndefined();
  });
  it('gives a settlement fund, asked no reason, line 10 "Other (specify)" and nothing else', async () => {
    const filled = await fill({ company: { entityType: 'Corporation', corporationType: 'Settlement Fund' }, registration: { incorporationState: 'Delaware', llcOrganizationState: '' } });
    expect(boxes(filled, 'c1_4')).toEqual(['c1_4[8]']);
    expect(filled.text['f1_30[0]']).toBe('Settlement fund (section 468B)');
    for (const field of ['f1_24[0]', 'f1_25[0]', 'f1_26[0]', 'f1_27[0]', 'f1_28[0]', 'f1_29[0]']) expect(filled.text[field], field).toBeUndefined();
  });
});

describe('fillSs4: reasons for applying (line 10, exactly one box)', () => {
  const cases: [string, string, Record<string, string>][] = [
    ['Started a new business', 'c1_4[1]', { 'f1_26[0]': 'Manufacturing' }],
    ['Hired employee(s)', 'c1_4[4]', {}],
    ['Banking purposes', 'c1_4[0]', { 'f1_24[0]': 'Club dues account' }],
    ['Changed type of organization', 'c1_4[2]', { 'f1_27[0]': 'Limited Liability Company (LLC)' }],
    ['Purchased active business', 'c1_4[3]', {}],
  ];
  it('covers every reason', () => {
    expect(cases.map(([reason]) => reason).sort()).toEqual(reasonOptions.map((option) => option.value).sort());
  });
  it.each(cases)('%s ticks %s', async (reason, box, text) => {
    const bankingPurpose = reason === 'Banking purposes' ? 'Club dues account' : undefined;
    const filled = await fill({ company: { entityType: 'LLC', llcRicReason: reason as never, bankingPurpose } });
    expect(boxes(filled, 'c1_4')).toEqual([box]);
    for (const field of ['f1_24[0]', 'f1_25[0]', 'f1_26[0]', 'f1_27[0]', 'f1_28[0]', 'f1_29[0]', 'f1_30[0]']) {
      expect(filled.text[field], field).toBe(text[field]);
    }
  });
});

describe('fillSs4: principal activities (line 16, exactly one box)', () => {
  const cases: [string, string][] = [
    ['health-care', 'c1_6[0]'],
    ['wholesale-agent', 'c1_6[1]'],
    ['construction', 'c1_6[2]'],
    ['rental', 'c1_6[3]'],
    ['transportation', 'c1_6[4]'],
    ['accommodation', 'c1_6[5]'],
    ['wholesale-other', 'c1_6[6]'],
    ['retail', 'c1_6[7]'],
    ['real-estate', 'c1_6[8]'],
    ['manufacturing', 'c1_6[9]'],
    ['finance', 'c1_6[10]'],
    ['other', 'c1_6[11]'],
  ];
  it('covers every principal activity', () => {
    expect(cases.map(([activity]) => activity).sort()).toEqual(principalActivityOptions.map((option) => option.value).sort());
  });
  it.each(cases)('%s ticks %s', async (principalActivity, box) => {
    const application = sampleApplication({ activity: { principalActivity: principalActivity as never } });
    const filled = await readBack(await fillSs4(ss4Lines(application as Application), template));
    expect(boxes(filled, 'c1_6')).toEqual([box]);
  });
  it('writes "Other (specify)" from the kind of business', async () => {
    const filled = await fill({ activity: { principalActivity: 'other', manufacturingGoodsType: '', otherCategory: 'organization', otherOrganizationType: 'religious' } });
    expect(boxes(filled, 'c1_6')).toEqual(['c1_6[11]']);
    expect(filled.text['f1_37[0]']).toBe('Religious organization');
    expect(filled.text['f1_25[0]']).toBe('Religious');
    expect(filled.text['f1_26[0]']).toBe('organization');
  });
});

describe('fillSs4: the other lines', () => {
  it('writes employees, Form 944, wages, a separate mailing address, a previous EIN and the designee', async () => {
    const filled = await fill(
      {
        company: { hasTradeName: 'true', tradeName: 'Hill Country Tables' },
        registration: {
          sameMailingAddress: false,
          mailingCareOf: 'Jane Doe-Smith',
          mailingStreetAddress: 'PO Box 42',
          mailingCity: 'Austin',
          mailingCounty: 'Travis',
          mailingState: 'Texas',
          mailingZipCode: '78702',
          previousOwnerEIN: '98-7654321',
          appliedForEinBefore: 'true',
          previousEin: '12-3456789',
        },
        compliance: {
          willHire: 'true',
          employeeTypes: ['household', 'other'],
          counts: { household: '1', other: '12' },
          totalEmployeesExpected: '13',
          firstWageDate: '2025-01-15',
          expectedHireMonthYear: '01/2025',
          taxLiability: '<=1000',
          reportingFrequency: 'annually',
        },
      },
      { name: 'EIN Filing Service LLC', address: '500 Congress Ave, Austin, TX 78701', phone: '(512) 555-0100', fax: null },
    );
    expect(filled.text).toMatchObject({
      'f1_3[0]': 'Hill Country Tables',
      'f1_4[0]': 'Jane Doe-Smith',
      'Line4ReadOrder[0].f1_5[0]': 'PO Box 42',
      'Line4ReadOrder[0].f1_6[0]': 'Austin, TX 78702',
      'f1_7[0]': '100 Main Street',
      'f1_8[0]': 'Austin, TX 78701',
      'f1_33[0]': '-0-',
      'f1_34[0]': '1',
      'f1_35[0]': '12',
      'f1_36[0]': '01/15/2025',
      'f1_39[0]': '12-3456789',
      'f1_40[0]': 'EIN Filing Service LLC',
      'f1_41[0]': '(512) 555-0100',
      'f1_42[0]': '500 Congress Ave, Austin, TX 78701',
    });
    expect(filled.checked).toEqual(expect.arrayContaining(['c1_5[0]', 'c1_7[0]']));
    // Never written: the header EIN, the designee's unset fax, the applicant's fax.
    for (const field of ['PgHeader[0].f1_1[0]', 'f1_43[0]', 'f1_46[0]']) expect(filled.text[field], field).toBeUndefined();
  });

  it("keeps a previous owner's EIN off line 18 and leaves 944 clear above $1,000", async () => {
    const filled = await fill({
      registration: { previousOwnerEIN: '98-7654321' },
      compliance: {
        willHire: 'true',
        employeeTypes: ['other'],
        counts: { other: '3' },
        totalEmployeesExpected: '3',
        firstWageDate: '2025-01-15',
        expectedHireMonthYear: '01/2025',
        taxLiability: '>1000',
      },
    });
    expect(filled.text['f1_39[0]']).toBeUndefined();
    expect(boxes(filled, 'c1_7')).toEqual(['c1_7[1]']);
    expect(boxes(filled, 'c1_5')).toEqual([]);
    expect(filled.text['f1_35[0]']).toBe('3');
  });

  it('drops the XFA data, keeps the form fillable with appearances for every ticked box, and shrinks long names to fit', async () => {
    const longName = 'Hill Country Woodworks, Fine Furniture Restoration and Cabinetmaking Cooperative of Central Texas, the Edwards Plateau and the Hill Country Region of Travis, Hays and Williamson Counties LLC';
    const bytes = await fillSs4(ss4Lines(sampleApplication({ company: { companyName: longName } }) as Application), template);
    const document = await PDFDocument.load(bytes);
    const acroForm = document.catalog.getAcroForm();
    expect(acroForm?.dict.has(PDFName.of('XFA'))).toBe(false);
    const form = document.getForm();
    expect(form.getFields().length).toBeGreaterThan(80);
    const name = form.getTextField(`${ss4FieldPrefix}f1_2[0]`);
    expect(name.getText()).toBe(longName);
    // The appearance's font size is what a viewer draws: smaller than the form's 8 points, so it fits.
    const appearance = String(name.acroField.getDefaultAppearance());
    const size = Number(/ (\d+(?:\.\d+)?) Tf/.exec(appearance)?.[1]);
    expect(size).toBeLessThan(8);
    expect(size).toBeGreaterThanOrEqual(4);
    const llcYes = form.getCheckBox(`${ss4FieldPrefix}c1_1[0]`);
    const [widget] = llcYes.acroField.getWidgets();
    if (!widget) throw new Error('the LLC box has no widget');
    expect(String(widget.getAppearanceState())).toBe(String(widget.getOnValue()));
  });

  it('renders an old order whose names the IRS rules now refuse: as stored where the font can draw them', async () => {
    // Stored before the legal name and the "care of" name were checked: no longer valid, still rendered.
    const stored = sampleApplication({
      company: { companyName: 'Café Olé Holdings LLC' },
      registration: { sameMailingAddress: false, mailingCareOf: 'Łódź Trading Sp. z o.o.', mailingStreetAddress: 'PO Box 42', mailingCity: 'Austin', mailingCounty: 'Travis', mailingState: 'Texas', mailingZipCode: '78702' },
    });
    expect(applicationSchema.safeParse(stored).success).toBe(false);
    const filled = await readBack(await fillSs4(ss4Lines(stored as Application), template));
    expect(filled.text['f1_2[0]']).toBe('Café Olé Holdings LLC');
    // The form's font has "ó" but no "Ł" or "ź": those lose their marks rather than fail the whole form.
    expect(filled.text['f1_4[0]']).toBe('Lódz Trading Sp. z o.o.');
    const unreadable = sampleApplication({ company: { companyName: '李小龍 Trading LLC' } });
    expect((await readBack(await fillSs4(ss4Lines(unreadable as Application), template))).text['f1_2[0]']).toBe('??? Trading LLC');
  });

  it("prints an old sole proprietor's line 1 from the responsible party's name, the same answer as 7a", async () => {
    // Before the name was asked once, step 1 and step 3 each had their own spelling of it.
    const stored = sampleApplication({
      company: { entityType: 'Sole Proprietor', companyName: 'Renée O’Connor' },
      contact: { rpFirstName: 'Renee', rpMiddleName: '', rpLastName: 'OConnor' },
    });
    const filled = await readBack(await fillSs4(ss4Lines(stored as Application), template));
    expect(filled.text['f1_2[0]']).toBe('Renee OConnor');
    expect(filled.text['f1_10[0]']).toBe('Renee OConnor');
  });

  it('fits a value to the field width at the form size or below', async () => {
    const document = await PDFDocument.create();
    const font = await document.embedFont('Helvetica');
    expect(fittingFontSize(font, 'Short', 200)).toBe(8);
    const size = fittingFontSize(font, 'A'.repeat(60), 243);
    expect(size).toBeLessThan(8);
    expect(font.widthOfTextAtSize('A'.repeat(60), size)).toBeLessThanOrEqual(239);
  });
});

describe('fillSs4: founders abroad (every field read back)', () => {
  // The sample's answers every case keeps: its start date, closing month, no employees, its activity.
  const unchanged = {
    'f1_31[0]': '03/15/2024',
    'f1_32[0]': 'December',
    'f1_33[0]': '-0-',
    'f1_34[0]': '-0-',
    'f1_35[0]': '-0-',
    'f1_36[0]': 'N/A',
    'f1_38[0]': 'Handmade tables and chairs sold to homes and restaurants.',
  };
  const cases: { name: string; overrides: SampleOverrides; checks: string[]; text: Record<string, string> }[] = [
    {
      name: 'a foreign-owned single-member LLC with no SSN or ITIN, run from Berlin: 7b "Foreign", 9a Other with the Form 5472 words, 6 its place abroad',
      overrides: {
        company: { entityType: 'LLC', companyName: 'Spree Digital LLC', state: 'WY', llcMemberCount: '1', llcLocationState: 'Outside US' },
        registration: {
          streetAddress: 'Friedrichstrasse 123',
          city: 'Berlin',
          country: 'DE',
          province: '',
          postalCode: '10117',
          county: '',
          state: '',
          zipCode: '',
          llcOrganizationState: 'Wyoming',
        },
        contact: {
          contactFirstName: 'Lena',
          contactLastName: 'Schmidt',
          phoneNumber: '+493012345678',
          emailAddress: 'lena@example.com',
          rpFirstName: 'Lena',
          rpLastName: 'Schmidt',
          rpTitle: 'Member',
          rpTaxIdType: 'none',
          rpSSN: '',
          rpPhone: '+493012345679',
          rpEmail: 'lena@example.com',
        },
      },
      // 8a Yes, 8c organized in the US: Yes, 9a Other, 10 Started new business, 16 Manufacturing, 18 No.
      checks: ['c1_1[0]', 'c1_2[0]', 'c1_3[15]', 'c1_4[1]', 'c1_6[9]', 'c1_7[1]'],
      text: {
        'f1_2[0]': 'Spree Digital LLC',
        'Line4ReadOrder[0].f1_5[0]': 'Friedrichstrasse 123',
        'Line4ReadOrder[0].f1_6[0]': 'Berlin, 10117, Germany',
        'f1_9[0]': 'Berlin, Germany',
        'f1_10[0]': 'Lena Schmidt',
        'f1_11[0]': 'Foreign',
        'f1_12[0]': '1',
        'f1_19[0]': 'Foreign-owned U.S. disregarded entity-Form 5472',
        'f1_26[0]': 'Manufacturing',
        'f1_44[0]': 'Lena Schmidt, Member',
        'f1_45[0]': '+49 30 12345678',
      },
    },
    {
      name: 'a two-member LLC of foreign partners in Lagos: 7b "Foreign", 9a Partnership, a province and postal code on 4b',
      overrides: {
        company: { entityType: 'LLC', companyName: 'Lagos Bridge Trading LLC', state: 'DE', llcMemberCount: '2', llcLocationState: 'Outside US' },
        registration: {
          streetAddress: '12 Allen Avenue',
          city: 'Ikeja',
          country: 'NG',
          province: 'Lagos',
          postalCode: '101233',
          county: '',
          state: '',
          zipCode: '',
          llcOrganizationState: 'Delaware',
        },
        contact: {
          contactFirstName: 'Chinedu',
          contactLastName: 'Okafor',
          phoneNumber: '+2348031234567',
          emailAddress: 'chinedu@example.com',
          rpFirstName: 'Chinedu',
          rpLastName: 'Okafor',
          rpTitle: 'Managing Member',
          rpTaxIdType: 'none',
          rpSSN: '',
          rpPhone: '+2348031234568',
          rpEmail: 'chinedu@example.com',
        },
      },
      checks: ['c1_1[0]', 'c1_2[0]', 'c1_3[2]', 'c1_4[1]', 'c1_6[9]', 'c1_7[1]'],
      text: {
        'f1_2[0]': 'Lagos Bridge Trading LLC',
        'Line4ReadOrder[0].f1_5[0]': '12 Allen Avenue',
        'Line4ReadOrder[0].f1_6[0]': 'Ikeja, Lagos 101233, Nigeria',
        'f1_9[0]': 'Ikeja, Lagos, Nigeria',
        'f1_10[0]': 'Chinedu Okafor',
        'f1_11[0]': 'Foreign',
        'f1_12[0]': '2',
        'f1_26[0]': 'Manufacturing',
        'f1_44[0]': 'Chinedu Okafor, Managing Member',
        'f1_45[0]': '+234 803 123 4567',
      },
    },
    {
      name: 'a Delaware corporation whose officer has an ITIN and lives in Mexico: 4 the mailing address in Mexico, 5 and 6 the business in Delaware, 7b the ITIN',
      overrides: {
        company: { entityType: 'Corporation', companyName: 'Sierra Madre Foods Inc', state: 'DE', corporationType: 'Corporation', corporationReason: 'Started a new business' },
        registration: {
          streetAddress: '8 The Green',
          city: 'Dover',
          county: 'Kent',
          state: 'Delaware',
          zipCode: '19901',
          country: 'US',
          sameMailingAddress: false,
          mailingCareOf: '',
          mailingStreetAddress: 'Avenida Chapultepec 480',
          mailingCity: 'Guadalajara',
          mailingCountry: 'MX',
          mailingProvince: 'Jalisco',
          mailingPostalCode: '44100',
          mailingCounty: '',
          mailingState: '',
          mailingZipCode: '',
          incorporationState: 'Delaware',
          llcOrganizationState: '',
        },
        contact: {
          contactFirstName: 'Miguel',
          contactLastName: 'Hernandez',
          phoneNumber: '+523312345678',
          emailAddress: 'miguel@example.com',
          rpFirstName: 'Miguel',
          rpLastName: 'Hernandez',
          rpTitle: 'President',
          rpTaxIdType: 'itin',
          rpSSN: '',
          rpItin: '912781234',
          rpPhone: '+523312345679',
          rpEmail: 'miguel@example.com',
        },
      },
      // 8a No, 9a Corporation (1120), 10 Started new business, 16 Manufacturing, 18 No.
      checks: ['c1_1[1]', 'c1_3[4]', 'c1_4[1]', 'c1_6[9]', 'c1_7[1]'],
      text: {
        'f1_2[0]': 'Sierra Madre Foods Inc',
        'Line4ReadOrder[0].f1_5[0]': 'Avenida Chapultepec 480',
        'Line4ReadOrder[0].f1_6[0]': 'Guadalajara, Jalisco 44100, Mexico',
        'f1_7[0]': '8 The Green',
        'f1_8[0]': 'Dover, DE 19901',
        'f1_9[0]': 'Kent, DE',
        'f1_10[0]': 'Miguel Hernandez',
        'f1_11[0]': '912-78-1234',
        'f1_16[0]': '1120',
        'f1_21[0]': 'Delaware',
        'f1_26[0]': 'Manufacturing',
        'f1_44[0]': 'Miguel Hernandez, President',
        'f1_45[0]': '+52 33 1234 5678',
      },
    },
    {
      name: 'a US business with its mailing address in London: 4b the full country name, 5 and 6 the business in Texas',
      overrides: {
        registration: {
          sameMailingAddress: false,
          mailingStreetAddress: '221B Baker Street',
          mailingCity: 'London',
          mailingCountry: 'GB',
          mailingProvince: '',
          mailingPostalCode: 'NW1 6XE',
          mailingCounty: '',
          mailingState: '',
          mailingZipCode: '',
        },
        contact: { phoneNumber: '+442079460958' },
      },
      checks: ['c1_1[0]', 'c1_2[0]', 'c1_3[15]', 'c1_4[1]', 'c1_6[9]', 'c1_7[1]'],
      text: {
        'f1_2[0]': 'Hill Country Woodworks LLC',
        'Line4ReadOrder[0].f1_5[0]': '221B Baker Street',
        'Line4ReadOrder[0].f1_6[0]': 'London, NW1 6XE, United Kingdom',
        'f1_7[0]': '100 Main Street',
        'f1_8[0]': 'Austin, TX 78701',
        'f1_9[0]': 'Travis, TX',
        'f1_10[0]': 'John Public',
        'f1_11[0]': '123-45-6789',
        'f1_12[0]': '1',
        'f1_19[0]': disregardedEntityText,
        'f1_26[0]': 'Manufacturing',
        'f1_44[0]': 'John Public, Managing Member',
        'f1_45[0]': '+44 20 7946 0958',
      },
    },
    {
      name: 'a sole proprietor with an ITIN: the ITIN on 7b and in 9a\'s "Sole proprietor (SSN)"',
      overrides: {
        company: { entityType: 'Sole Proprietor', companyName: 'Ana Torres' },
        contact: {
          contactFirstName: 'Ana',
          contactLastName: 'Torres',
          rpFirstName: 'Ana',
          rpLastName: 'Torres',
          rpTitle: 'Owner',
          rpTaxIdType: 'itin',
          rpSSN: '',
          rpItin: '900701234',
        },
      },
      checks: ['c1_1[1]', 'c1_3[0]', 'c1_4[1]', 'c1_6[9]', 'c1_7[1]'],
      text: {
        'f1_2[0]': 'Ana Torres',
        'Line4ReadOrder[0].f1_5[0]': '100 Main Street',
        'Line4ReadOrder[0].f1_6[0]': 'Austin, TX 78701',
        'f1_9[0]': 'Travis, TX',
        'f1_10[0]': 'Ana Torres',
        'f1_11[0]': '900-70-1234',
        'f1_13[0]': '900-70-1234',
        'f1_26[0]': 'Manufacturing',
        'f1_44[0]': 'Ana Torres, Owner',
        'f1_45[0]': '(512) 555-0147',
      },
    },
    {
      name: 'an ITIN holder who is a US resident owning a single-member LLC: the ordinary disregarded entity, the ITIN on 7b',
      overrides: { contact: { rpTaxIdType: 'itin', rpSSN: '', rpItin: '950941234', rpUsPerson: 'true' } },
      checks: ['c1_1[0]', 'c1_2[0]', 'c1_3[15]', 'c1_4[1]', 'c1_6[9]', 'c1_7[1]'],
      text: {
        ...common,
        'f1_2[0]': 'Hill Country Woodworks LLC',
        'f1_11[0]': '950-94-1234',
        'f1_12[0]': '1',
        'f1_19[0]': disregardedEntityText,
        'f1_26[0]': 'Manufacturing',
      },
    },
    {
      name: 'an ITIN holder who is not a US person owning a single-member LLC: the foreign-owned disregarded entity',
      overrides: { contact: { rpTaxIdType: 'itin', rpSSN: '', rpItin: '950941234', rpUsPerson: 'false' } },
      checks: ['c1_1[0]', 'c1_2[0]', 'c1_3[15]', 'c1_4[1]', 'c1_6[9]', 'c1_7[1]'],
      text: {
        ...common,
        'f1_2[0]': 'Hill Country Woodworks LLC',
        'f1_11[0]': '950-94-1234',
        'f1_12[0]': '1',
        'f1_19[0]': 'Foreign-owned U.S. disregarded entity-Form 5472',
        'f1_26[0]': 'Manufacturing',
      },
    },
  ];
  it.each(cases)('$name', async ({ overrides, checks, text }) => {
    const filled = await fill(overrides);
    expect(filled.checked.sort()).toEqual([...checks].sort());
    expect(filled.text).toEqual({ ...unchanged, ...text });
  });

  it('writes 9b of a REIT, which step 2 asks no state of incorporation, from step 1: never blank', async () => {
    const filled = await fill({
      company: { entityType: 'Corporation', state: 'WY', corporationType: 'REIT', corporationReason: 'Started a new business' },
      registration: { incorporationState: '', llcOrganizationState: '', reitType: 'equity' },
    });
    expect(boxes(filled, 'c1_3')).toEqual(['c1_3[4]']);
    expect(filled.text).toMatchObject({ 'f1_16[0]': '1120-REIT', 'f1_21[0]': 'Wyoming' });
    expect(filled.text['f1_22[0]']).toBeUndefined();
  });

  it('takes the District of Columbia as a state: a business, its mailing address and its incorporation there', async () => {
    const filled = await fill({
      company: { entityType: 'Corporation', state: 'DC', corporationType: 'Corporation', corporationReason: 'Started a new business' },
      registration: {
        streetAddress: '1100 New York Avenue NW',
        city: 'Washington',
        county: 'District of Columbia',
        state: 'District of Columbia',
        zipCode: '20005',
        incorporationState: 'District of Columbia',
        llcOrganizationState: '',
      },
    });
    expect(filled.text).toMatchObject({
      'Line4ReadOrder[0].f1_5[0]': '1100 New York Avenue NW',
      'Line4ReadOrder[0].f1_6[0]': 'Washington, DC 20005',
      'f1_9[0]': 'District of Columbia, DC',
      'f1_21[0]': 'District of Columbia',
    });
  });
});
