// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { FakeEventSource } from '#tests/client/event-source.ts';
import { errorResponse, jsonResponse, requestsTo, serve } from '#tests/client/network.ts';
import { maskedFormData } from '#tests/client/orders.ts';
import { resetPage } from '#tests/client/render.tsx';
import { notAskedNote, OrderSubmissionData } from './order-submission-data';
import { companyLabels } from '#shared/application/company.ts';
import { renderOrderScreen } from '#tests/client/render-order-screen.tsx';

beforeEach(() => FakeEventSource.install());

function renderData(formData: Record<string, unknown> = maskedFormData(), mayReveal = true) {
  return renderOrderScreen({ element: <OrderSubmissionData orderId={42} formData={formData} mayReveal={mayReveal} /> });
}

/** The answer shown beside a label, within a group. */
function answer(label: string, group?: string): string | null | undefined {
  const scope = group ? (screen.getByRole('heading', { name: group }).parentElement as HTMLElement) : document.body;
  const terms = within(scope).getAllByText(label, { selector: 'dt' });
  if (terms.length !== 1) throw new Error(`${terms.length} answers labelled ${label}`);
  return terms[0]?.nextElementSibling?.textContent;
}

describe('OrderSubmissionData', () => {
  it('marks a stored answer that the show/hide rules would not ask, and no other', () => {
    serve({});
    const consistent = maskedFormData();
    renderData(consistent);
    expect(screen.queryByText(notAskedNote)).toBeNull();
    resetPage();

    const company = consistent.company as Record<string, unknown>;
    renderData({ ...consistent, company: { ...company, hasTradeName: 'false', tradeName: 'Left Over Name' } });
    expect(answer(companyLabels.tradeName, 'Company Information')).toBe(`Left Over Name${notAskedNote}`);
    expect(screen.getAllByText(notAskedNote)).toHaveLength(1);
  });

  it('groups the answers under the wizard pages, in their order', () => {
    serve({});
    renderData();
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      'Company Information',
      'Company Registration Details',
      'Responsible Party',
      'Regulatory Compliance',
      'Business Activity',
    ]);
  });

  it('shows answers with readable labels and values: options, dates, Yes/No and phone numbers', () => {
    serve({});
    renderData();
    expect(answer('Legal Company Name')).toBe('Hill Country Woodworks LLC');
    expect(answer('Entity Type')).toBe('Limited Liability Company (LLC)');
    expect(answer('State of Formation')).toBe('Texas');
    expect(answer('Uses a Trade Name (DBA)')).toBe('No');
    expect(answer('Reason for Requesting an EIN')).toBe('Started a new business');
    expect(answer('Business Start Date')).toBe('March 15, 2024');
    expect(answer('Accounting Year Closing Month')).toBe('December');
    expect(answer('Mailing Address Same as Business Address')).toBe('Yes');
    expect(answer('Responsible Party Phone')).toBe('(512) 555-0148');
    expect(answer('Responsible Party Is the Primary Contact')).toBe('No');
    expect(answer('Will Hire Employees in the Next 12 Months')).toBe('No');
    expect(answer('Principal Activity')).toBe('Manufacturing');
    expect(answer('What goods does the business make, and from what primary material?')).toBe('Wood furniture from Texas hardwoods');
  });

  it('leaves out unanswered fields and the copy of the entity type kept for the wizard', () => {
    serve({});
    renderData();
    expect(screen.queryByText("Previous Owner's EIN")).toBeNull();
    expect(screen.queryByText('Contact Middle Name')).toBeNull();
    expect(screen.getAllByText('Entity Type', { selector: 'dt' })).toHaveLength(1);
  });

  it('shows answers it has no label for under a label made from their name, and nested counts by type', () => {
    serve({});
    const formData = maskedFormData({
      compliance: { willHire: 'true', employeeTypes: ['agricultural', 'other'], counts: { agricultural: '2', other: '5' }, totalEmployeesExpected: '7' },
    });
    renderData({ ...formData, activity: { ...(formData.activity as object), legacyQuestionAnswer: 'kept' } });
    expect(answer('Employee Types')).toBe('Agricultural, Other');
    expect(answer('Agricultural Employees Expected')).toBe('2');
    expect(answer('Other Employees Expected')).toBe('5');
    expect(answer('Legacy question answer', 'Business Activity')).toBe('kept');
  });

  it('shows the SSN masked, reveals it in full through the server, and hides it again', async () => {
    serve({ 'POST /api/manage/orders/42/ssn': () => jsonResponse({ ssn: '123-45-6789' }) });
    const { user } = renderData();
    expect(answer('Responsible Party SSN')).toContain('***-**-6789');
    expect(document.body.textContent).not.toContain('123-45-6789');

    await user.click(screen.getByRole('button', { name: 'Reveal Responsible Party SSN' }));
    expect(await screen.findByText('123-45-6789')).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/orders/42/ssn')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Hide Responsible Party SSN' }));
    expect(screen.queryByText('123-45-6789')).toBeNull();
    expect(screen.getByText('***-**-6789')).toBeTruthy();
  });

  it('shows every taxpayer number masked, with no Reveal, to a member who may not reveal one', async () => {
    renderData(maskedFormData({ company: { entityType: 'Estate' } }), false);
    expect(answer('Responsible Party SSN')).toBe('***-**-6789');
    expect(answer('Decedent SSN')).toBe('***-**-3333');
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
    expect(requestsTo('POST', '/api/manage/orders/42/ssn')).toHaveLength(0);
  });

  it("shows an estate's decedent SSN masked with its own Reveal, which asks the server for that SSN only", async () => {
    serve({ 'POST /api/manage/orders/42/ssn': () => jsonResponse({ ssn: '111-22-3333' }) });
    const { user } = renderData(maskedFormData({ company: { entityType: 'Estate' } }));
    expect(answer('Decedent SSN', 'Responsible Party')).toContain('***-**-3333');
    expect(answer('Decedent SSN')).not.toContain(notAskedNote);
    expect(answer('Reason for Requesting an EIN')).toBe('Administering the estate');

    await user.click(screen.getByRole('button', { name: 'Reveal Decedent SSN' }));
    expect(await screen.findByText('111-22-3333')).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/orders/42/ssn').map((request) => request.body)).toEqual([{ field: 'decedentSSN' }]);
    // The responsible party's SSN stays masked.
    expect(answer('Responsible Party SSN')).toContain('***-**-6789');
  });

  it("shows a trust's grantor SSN, an Others entity's kind and description, and the banking purpose", async () => {
    serve({ 'POST /api/manage/orders/42/ssn': () => jsonResponse({ ssn: '222-33-4444' }) });
    const { user } = renderData(maskedFormData({ company: { entityType: 'Trust' }, contact: { trusteeFirstName: 'Mary', trusteeLastName: 'Major' } }));
    expect(answer('Grantor SSN')).toContain('***-**-4444');
    await user.click(screen.getByRole('button', { name: 'Reveal Grantor SSN' }));
    expect(await screen.findByText('222-33-4444')).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/orders/42/ssn').map((request) => request.body)).toEqual([{ field: 'grantorSSN' }]);
    resetPage();

    serve({});
    renderData(maskedFormData({ company: { entityType: 'Others', otherEntityType: 'Other', otherEntityDescription: 'Bankruptcy estate', othersReason: 'Banking purposes', bankingPurpose: 'Trustee account' } }));
    expect(answer('Kind of Entity')).toBe('Something else');
    expect(answer('Description of the Entity')).toBe('Bankruptcy estate');
    expect(answer('Reason for Requesting an EIN')).toBe('Banking purposes');
    expect(answer('Banking Purpose')).toBe('Trustee account');
  });

  it('marks a decedent SSN or banking purpose the rules would not ask as not asked', () => {
    serve({});
    const formData = maskedFormData({ company: { bankingPurpose: 'Left over' }, contact: { decedentSSN: '111223333' } });
    renderData({ ...formData, contact: { ...(formData.contact as object), decedentSSN: '***-**-3333' } });
    expect(answer('Banking Purpose')).toBe(`Left over${notAskedNote}`);
    expect(answer('Decedent SSN')).toContain(notAskedNote);
  });

  it('says so when the SSN cannot be revealed, and keeps it masked', async () => {
    serve({ 'POST /api/manage/orders/42/ssn': () => errorResponse('not_found', 'Order not found') });
    const { user } = renderData();
    await user.click(screen.getByRole('button', { name: 'Reveal Responsible Party SSN' }));
    expect(await screen.findByText('The number could not be revealed. Please try again.')).toBeTruthy();
    expect(screen.getByText('***-**-6789')).toBeTruthy();
  });

  it("shows an ITIN holder's number as ITIN, masked with its own Reveal, and a responsible party with neither as None (foreign)", async () => {
    serve({ 'POST /api/manage/orders/42/ssn': () => jsonResponse({ ssn: '912-70-1234', kind: 'itin' }) });
    const { user } = renderData(maskedFormData({ contact: { rpTaxIdType: 'itin', rpSSN: '', rpItin: '912701234', rpUsPerson: 'false' } }));
    expect(answer('Responsible Party Taxpayer Number')).toBe('ITIN');
    expect(answer('Responsible Party ITIN')).toContain('***-**-1234');
    expect(screen.queryByText('Responsible Party SSN')).toBeNull();
    expect(document.body.textContent).not.toContain('912-70-1234');
    await user.click(screen.getByRole('button', { name: 'Reveal Responsible Party ITIN' }));
    expect(await screen.findByText('912-70-1234')).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/orders/42/ssn').map((request) => request.body)).toEqual([{ field: 'rpItin' }]);
    resetPage();

    serve({});
    renderData(maskedFormData({ contact: { rpTaxIdType: 'none', rpSSN: '', rpItin: '' } }));
    expect(answer('Responsible Party Taxpayer Number')).toBe('None (foreign)');
    expect(screen.queryByRole('button', { name: /^Reveal Responsible Party/ })).toBeNull();
    resetPage();

    // An order from before the question reads as it did: no kind row, the SSN with its Reveal.
    serve({});
    const old = maskedFormData();
    const contact = { ...(old.contact as Record<string, unknown>) };
    for (const field of ['rpTaxIdType', 'rpItin', 'rpUsPerson']) delete contact[field];
    renderData({ ...old, contact });
    expect(screen.queryByText('Responsible Party Taxpayer Number')).toBeNull();
    expect(answer('Responsible Party SSN')).toContain('***-**-6789');
  });

  it('says None (foreign) when a Reveal finds the responsible party has no number', async () => {
    serve({ 'POST /api/manage/orders/42/ssn': () => jsonResponse({ ssn: null, kind: 'none' }) });
    const { user } = renderData();
    await user.click(screen.getByRole('button', { name: 'Reveal Responsible Party SSN' }));
    expect(await screen.findByText('None (foreign)')).toBeTruthy();
  });
});
