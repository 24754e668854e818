// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { completenessBadgeVariant, Ss4MappingView } from './ss4-mapping-view';
import { maskedFormData } from '../../testing/orders';

afterEach(cleanup);

/** The field rows, by their label. */
function rows() {
  return screen.getAllByRole('listitem');
}

function rowOf(label: string): HTMLElement {
  const row = rows().find((item) => within(item).queryByText(label, { exact: true }));
  if (!row) throw new Error(`no row ${label}`);
  return row;
}

describe('Ss4MappingView', () => {
  it('counts the sample LLC: 27 fields, 18 filled, 9 missing, 67% complete in the outline style', () => {
    render(<Ss4MappingView formData={maskedFormData()} />);
    const badge = screen.getByText('67% Complete');
    expect(badge.className).toContain('border-slate-300');
    const counter = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(counter('Total Fields')).toBe('27');
    expect(counter('Filled')).toBe('18');
    expect(counter('Missing')).toBe('9');
  });

  it('marks each field filled with a green check or missing with an orange warning, each told in words', () => {
    render(<Ss4MappingView formData={maskedFormData()} />);
    expect(rows()).toHaveLength(27);
    expect(screen.getAllByText('Filled:')).toHaveLength(18);
    expect(screen.getAllByText('Missing:')).toHaveLength(9);

    const legalName = rowOf('Legal name of entity');
    expect(legalName.querySelector('svg')?.getAttribute('class')).toContain('text-green-600');
    expect(within(legalName).getByText('Filled:')).toBeTruthy();
    expect(within(legalName).getByText('Line 1')).toBeTruthy();
    expect(within(legalName).getByText('company.companyName')).toBeTruthy();
    expect(within(legalName).getByText('Hill Country Woodworks LLC')).toBeTruthy();
    expect(within(legalName).getByText(/for whom the EIN is requested/)).toBeTruthy();

    const fax = rowOf('Fax number');
    expect(fax.querySelector('svg')?.getAttribute('class')).toContain('text-orange-600');
    expect(within(fax).getByText('Missing:')).toBeTruthy();
    expect(within(fax).getByText('Line 17b')).toBeTruthy();
    expect(within(fax).getByText('Not provided')).toBeTruthy();
  });

  it('shows the masked SSN on line 7b, "Line —" for a field with no line, and the entity type by its label', () => {
    render(<Ss4MappingView formData={maskedFormData()} />);
    const ssn = rowOf('SSN, ITIN, or EIN of responsible party');
    expect(within(ssn).getByText('Line 7b')).toBeTruthy();
    expect(within(ssn).getByText('***-**-6789')).toBeTruthy();
    expect(within(ssn).getByText('Filled:')).toBeTruthy();
    expect(within(rowOf('REIT classification')).getByText('Line —')).toBeTruthy();
    expect(within(rowOf('Type of entity')).getByText('Limited Liability Company (LLC)')).toBeTruthy();
  });

  it('groups the fields under the four headings, leaving out the empty banking group', () => {
    render(<Ss4MappingView formData={maskedFormData()} />);
    const headings = screen.getAllByRole('heading').map((heading) => heading.textContent);
    expect(headings).toEqual(['Entity Information', 'Responsible Party', 'Tax Information', 'Additional Information']);
    const responsible = screen.getByRole('heading', { name: 'Responsible Party' }).parentElement as HTMLElement;
    expect(within(responsible).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows objects as JSON text: the expected employees of an applicant who will hire', () => {
    render(
      <Ss4MappingView
        formData={maskedFormData({
          compliance: {
            willHire: 'true',
            employeeTypes: ['other'],
            counts: { other: '3' },
            totalEmployeesExpected: '3',
            firstWageDate: '2025-01-15',
            expectedHireMonthYear: '01/2025',
            taxLiability: '<=1000',
            reportingFrequency: 'annually',
          },
        })}
      />,
    );
    expect(within(rowOf('Highest number of employees expected in the next 12 months')).getByText('{"other":3,"total":3}')).toBeTruthy();
    expect(screen.getByText('78% Complete')).toBeTruthy();
  });

  it('reads an order whose application lacks sections, counting their fields as missing', () => {
    render(<Ss4MappingView formData={{ company: { companyName: 'Only A Name LLC' } }} />);
    expect(screen.getByText('4% Complete')).toBeTruthy();
    expect(screen.getAllByText('Missing:')).toHaveLength(26);
  });

  it('uses the default badge style only at 100%', () => {
    expect(completenessBadgeVariant(100)).toBe('default');
    expect(completenessBadgeVariant(99)).toBe('outline');
  });
});
