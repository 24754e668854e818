import { describe, expect, it } from 'vitest';
import type { Application } from '../application/application';
import { sampleApplication, type SampleOverrides } from '../application/sample-application';
import { formatSsn, maskSsn, ss4Completeness, ss4Lines, type Ss4Line } from './ss4-mapping';

const linesOf = (overrides: SampleOverrides = {}) => ss4Lines(sampleApplication(overrides) as Application);
const lineOf = (lines: Ss4Line[], line: string) => {
  const found = lines.find((entry) => entry.line === line);
  if (!found) throw new Error(`no line ${line}`);
  return found;
};

describe('ss4Lines', () => {
  it("follows the form's order: 1 to 18, the designee, then the signature block", () => {
    expect(linesOf().map((line) => line.line)).toEqual([
      '1', '2', '3', '4a', '4b', '5a', '5b', '6', '7a', '7b', '8a', '8b', '8c', '9a', '9b', '10', '11', '12', '13', '14', '15', '16', '17', '18',
      'Designee', 'Designee', 'Designee', 'Designee', 'Signature', 'Signature', 'Signature',
    ]);
  });

  it('reads a complete application as 100% over the lines that apply, the rest N/A', () => {
    const lines = linesOf();
    expect(lines.filter((line) => line.state === 'missing')).toEqual([]);
    expect(ss4Completeness(lines)).toMatchObject({ missing: 0, percent: 100 });
    for (const line of ['2', '3', '5a', '5b', '9b', '14', '15', 'Designee']) expect(lineOf(lines, line).value, line).toBe('N/A');
  });

  it('writes readable values: dates MM/DD/YYYY, the month by name, counts per category, the SSN 3-2-4', () => {
    const lines = linesOf({
      compliance: {
        willHire: 'true',
        employeeTypes: ['agricultural', 'other'],
        counts: { agricultural: '2', other: '12' },
        totalEmployeesExpected: '14',
        firstWageDate: '2025-01-15',
        expectedHireMonthYear: '01/2025',
        taxLiability: '>1000',
      },
    });
    expect(lineOf(lines, '11').value).toBe('03/15/2024');
    expect(lineOf(lines, '12').value).toBe('December');
    expect(lineOf(lines, '13').value).toBe('Agricultural 2, Household -0-, Other 12');
    expect(lineOf(lines, '14').value).toBe('No: file Forms 941 quarterly');
    expect(lineOf(lines, '15').value).toBe('01/15/2025');
    expect(lineOf(lines, '7b').value).toBe('123-45-6789');
  });

  it("takes the signer from the responsible party and their title, not the primary contact", () => {
    expect(lineOf(linesOf(), 'Signature').value).toBe('John Public, Managing Member');
  });

  it('keeps line 2 empty when the trade name is line 1 again, and a P.O. box off line 5a', () => {
    const same = linesOf({ company: { companyName: 'Hill Country Tables', hasTradeName: 'true', tradeName: 'hill country tables' } });
    expect(lineOf(same, '2').state).toBe('not_applicable');
    const poBox = linesOf({
      registration: { streetAddress: 'P.O. Box 9', sameMailingAddress: false, mailingStreetAddress: '1 Elm St', mailingCity: 'Austin', mailingCounty: 'Travis', mailingState: 'Texas', mailingZipCode: '78702' },
    });
    expect(lineOf(poBox, '5a')).toMatchObject({ state: 'missing', text: {} });
  });

  it('counts a line that applies without an answer as missing: line 18 unanswered', () => {
    const lines = linesOf({ registration: { appliedForEinBefore: '' } });
    expect(lineOf(lines, '18').state).toBe('missing');
    expect(ss4Completeness(lines).percent).toBeLessThan(100);
  });

  it('reads every entity type, with its own questions answered, as 100% complete', () => {
    for (const entityType of ['Sole Proprietor', 'Partnership', 'Corporation', 'LLC', 'Estate', 'Trust', 'Others'] as const) {
      const lines = linesOf({
        company: { entityType },
        registration: entityType === 'Corporation' ? { incorporationState: 'Texas' } : {},
        contact: entityType === 'Trust' ? { trusteeFirstName: 'Mary', trusteeLastName: 'Trustee' } : {},
      });
      expect(lines.filter((line) => line.state === 'missing').map((line) => line.line), entityType).toEqual([]);
    }
    expect(linesOf({ company: { entityType: 'Corporation', corporationType: 'Settlement Fund', corporationReason: '' }, registration: { incorporationState: 'Texas' } }).filter((line) => line.state === 'missing')).toEqual([]);
  });

  it("counts 9a and 10 missing while their new answers are (an order from before they were asked)", () => {
    const estate = linesOf({ company: { entityType: 'Estate', estateReason: undefined }, contact: { decedentSSN: undefined } });
    expect(lineOf(estate, '9a')).toMatchObject({ state: 'missing', checks: [] });
    expect(lineOf(estate, '10')).toMatchObject({ state: 'missing', checks: [] });
    const trust = linesOf({ company: { entityType: 'Trust' }, contact: { grantorSSN: undefined } });
    expect(lineOf(trust, '9a').state).toBe('missing');
    const others = linesOf({ company: { entityType: 'Others', otherEntityType: undefined, otherEntityDescription: undefined, othersReason: undefined } });
    expect(lineOf(others, '9a').state).toBe('missing');
    expect(lineOf(others, '10').state).toBe('missing');
    const nonprofitWithoutWords = linesOf({ company: { entityType: 'Others', otherEntityDescription: '' } });
    expect(lineOf(nonprofitWithoutWords, '9a').state).toBe('missing');
    const bankingWithoutPurpose = linesOf({ company: { llcRicReason: 'Banking purposes' } });
    expect(lineOf(bankingWithoutPurpose, '10')).toMatchObject({ state: 'missing', checks: [] });
  });

  it('shows staff the new answers: the decedent SSN, the grantor TIN, the nonprofit, the banking purpose', () => {
    expect(lineOf(linesOf({ company: { entityType: 'Estate' } }), '9a').value).toBe('Estate (SSN of decedent 111-22-3333)');
    expect(lineOf(linesOf({ company: { entityType: 'Trust' } }), '9a').value).toBe('Trust (TIN of grantor 222-33-4444)');
    expect(lineOf(linesOf({ company: { entityType: 'Others' } }), '9a').value).toBe('Other nonprofit organization: Woodworkers guild');
    expect(lineOf(linesOf({ company: { llcRicReason: 'Banking purposes', bankingPurpose: 'Dues account' } }), '10').value).toBe('Banking purpose: Dues account');
  });

  it('reads an application with whole sections missing without throwing', () => {
    const lines = ss4Lines({ company: { companyName: 'Only A Name LLC' }, registration: {}, contact: {}, compliance: {}, activity: {} } as unknown as Application);
    expect(lineOf(lines, '1').state).toBe('filled');
    expect(lineOf(lines, '7a').state).toBe('missing');
  });
});

describe('ss4Lines for founders abroad', () => {
  const berlin = {
    company: { companyName: 'Spree Digital LLC', state: 'WY', llcLocationState: 'Outside US' },
    registration: { streetAddress: 'Friedrichstrasse 123', city: 'Berlin', country: 'DE', province: '', postalCode: '10117', county: '', state: '', zipCode: '' },
    contact: { rpTaxIdType: 'none', rpSSN: '', phoneNumber: '+493012345678', rpPhone: '+493012345679' },
  } as const satisfies SampleOverrides;

  it('shows staff what the form holds: "Foreign" on 7b, the Form 5472 words on 9a, the place abroad on 4b and 6, the phone in the international format', () => {
    const lines = linesOf(berlin);
    expect(lineOf(lines, '7b')).toMatchObject({ state: 'filled', value: 'Foreign' });
    expect(lineOf(lines, '9a').value).toBe('Other: Foreign-owned U.S. disregarded entity-Form 5472');
    expect(lineOf(lines, '4b').value).toBe('Berlin, 10117, Germany');
    expect(lineOf(lines, '6').value).toBe('Berlin, Germany');
    expect(lines.filter((line) => line.label === "Applicant's telephone number")[0]?.value).toBe('+49 30 12345678');
    expect(ss4Completeness(lines)).toMatchObject({ missing: 0, percent: 100 });
  });

  it('never writes the state of formation on line 6 of a business abroad, and never leaves it blank', () => {
    const lines = linesOf({ ...berlin, registration: { ...berlin.registration, city: '' } });
    expect(lineOf(lines, '6').value).toBe('Germany');
    expect(lineOf(lines, '6').value).not.toMatch(/Wyoming|WY/);
  });

  it('shows an ITIN as the order holds it for staff: masked, like an SSN', () => {
    const lines = linesOf({ company: { entityType: 'Sole Proprietor' }, contact: { rpTaxIdType: 'itin', rpSSN: '', rpItin: '***-**-1234' } });
    expect(lineOf(lines, '7b').value).toBe('***-**-1234');
    expect(lineOf(lines, '9a').value).toBe('Sole proprietor (ITIN ***-**-1234)');
  });

  it('reads an order saved before the taxpayer number question (no rpTaxIdType) exactly as before: the SSN', () => {
    const { rpTaxIdType: _absent, ...contact } = sampleApplication().contact as Record<string, unknown>;
    const lines = ss4Lines({ ...sampleApplication(), contact } as unknown as Application);
    expect(lineOf(lines, '7b').value).toBe('123-45-6789');
    expect(lineOf(lines, '9a').value).toBe('Other: Disregarded Entity—Sole Proprietorship');
    expect(lineOf(lines, '4b').value).toBe('Austin, TX 78701');
  });

  it("gives a REIT, RIC or settlement fund line 9b from step 1's state", () => {
    for (const corporationType of ['REIT', 'RIC', 'Settlement Fund'] as const) {
      const lines = linesOf({ company: { entityType: 'Corporation', state: 'NM', corporationType }, registration: { incorporationState: '' } });
      expect(lineOf(lines, '9b'), corporationType).toMatchObject({ state: 'filled', value: 'New Mexico' });
    }
    const asked = linesOf({ company: { entityType: 'Corporation', state: 'NM' }, registration: { incorporationState: '' } });
    expect(lineOf(asked, '9b').state).toBe('missing');
  });
});

describe('maskSsn and formatSsn', () => {
  it('masks to the last four digits and writes nine digits as 3-2-4', () => {
    expect(maskSsn('123456789')).toBe('***-**-6789');
    expect(maskSsn('')).toBe('');
    expect(formatSsn('123456789')).toBe('123-45-6789');
    expect(formatSsn('***-**-6789')).toBe('***-**-6789');
  });
});
