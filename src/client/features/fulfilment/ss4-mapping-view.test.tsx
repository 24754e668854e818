// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { completenessBadgeVariant, DownloadSs4Link, ss4DownloadPath, Ss4MappingView } from './ss4-mapping-view';
import { maskedFormData } from '#tests/client/orders.ts';

afterEach(cleanup);

function rowOf(label: string): HTMLElement {
  const row = screen.getAllByRole('listitem').find((item) => within(item).queryByText(label, { exact: true }));
  if (!row) throw new Error(`no row ${label}`);
  return row;
}

const counter = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Ss4MappingView', () => {
  it('reads the complete sample LLC as 100%, counting only the lines that apply', () => {
    render(<Ss4MappingView formData={maskedFormData()} />);
    const badge = screen.getByText('100% Complete');
    expect(completenessBadgeVariant(100)).toBe('default');
    expect(badge).toBeTruthy();
    expect(counter('Missing')).toBe('0');
    expect(counter('Lines That Apply')).toBe(counter('Filled'));
    expect(screen.queryAllByText('Missing:')).toHaveLength(0);
  });

  it('shows the lines in the form order with real line numbers and readable values', () => {
    render(<Ss4MappingView formData={maskedFormData()} />);
    const labels = screen.getAllByRole('listitem').map((item) => item.querySelector('.font-mono')?.textContent);
    expect(labels.slice(0, 6)).toEqual(['Line 1', 'Line 2', 'Line 3', 'Line 4a', 'Line 4b', 'Line 5a']);
    expect(within(rowOf('Is this application for a limited liability company (LLC)?')).getByText('Line 8a')).toBeTruthy();
    expect(within(rowOf('Type of entity')).getByText('Line 9a')).toBeTruthy();
    expect(within(rowOf('Type of entity')).getByText('Other: Disregarded Entity—Sole Proprietorship')).toBeTruthy();
    expect(within(rowOf('Reason for applying')).getByText('Line 10')).toBeTruthy();
    expect(within(rowOf('Closing month of accounting year')).getByText('December')).toBeTruthy();
    expect(within(rowOf('Date business started or acquired')).getByText('03/15/2024')).toBeTruthy();
    expect(within(rowOf('SSN, ITIN, or EIN of responsible party')).getByText('***-**-6789')).toBeTruthy();
    expect(within(rowOf('If a corporation, state where incorporated')).getByText('N/A')).toBeTruthy();
    expect(within(rowOf('If a corporation, state where incorporated')).getByText('Not applicable:')).toBeTruthy();
  });

  it('marks a line that applies without an answer as missing', () => {
    render(<Ss4MappingView formData={maskedFormData({ registration: { appliedForEinBefore: '' } })} />);
    const line18 = rowOf('Has the applicant entity shown on line 1 ever applied for and received an EIN?');
    expect(within(line18).getByText('Missing:')).toBeTruthy();
    expect(within(line18).getByText('Not provided')).toBeTruthy();
    expect(counter('Missing')).toBe('1');
  });

  it("names the service's designee when one is configured", () => {
    render(<Ss4MappingView formData={maskedFormData()} designee={{ name: 'EIN Filing Service LLC', address: '1 Main St, Austin, TX 78701', phone: '(512) 555-0100', fax: null }} />);
    expect(within(rowOf("Third party designee's name")).getByText('EIN Filing Service LLC')).toBeTruthy();
  });

  it('offers the filled form as a download from the order route', () => {
    render(<DownloadSs4Link orderId={7} />);
    const link = screen.getByRole('link', { name: 'Download SS-4' });
    expect(link.getAttribute('href')).toBe(ss4DownloadPath(7));
    expect(link.getAttribute('href')).toBe('/api/manage/orders/7/ss4.pdf');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('shows staff the form of a founder abroad as it is filed: "Foreign" on 7b, the Form 5472 words on 9a, the address and phone abroad', async () => {
    render(
      <Ss4MappingView
        formData={maskedFormData({
          registration: { streetAddress: 'Friedrichstrasse 123', city: 'Berlin', country: 'DE', province: '', postalCode: '10117', county: '', state: '', zipCode: '' },
          contact: { rpTaxIdType: 'none', rpSSN: '', phoneNumber: '+493012345678' },
        })}
      />,
    );
    expect(within(rowOf('SSN, ITIN, or EIN of responsible party')).getByText('Foreign')).toBeTruthy();
    expect(within(rowOf('Type of entity')).getByText('Other: Foreign-owned U.S. disregarded entity-Form 5472')).toBeTruthy();
    expect(within(rowOf('Mailing city, state, and ZIP code')).getByText('Berlin, 10117, Germany')).toBeTruthy();
    expect(within(rowOf('County and state where principal business is located')).getByText('Berlin, Germany')).toBeTruthy();
    expect(await within(rowOf("Applicant's telephone number")).findByText('+49 30 12345678')).toBeTruthy();
    expect(screen.getByText('100% Complete')).toBeTruthy();
  });
});
