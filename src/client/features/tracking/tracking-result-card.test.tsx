// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { customerStatusDetails, type CustomerStatus } from '../../../shared/orders/statuses';
import { TrackingResultCard, nextStepsByStatus } from './tracking-result-card';

afterEach(cleanup);

function renderCard(status: CustomerStatus, createDate = '2025-03-05T15:00:00.000Z') {
  render(<TrackingResultCard trackingNumber="HFE12W87EQ23" result={{ status, createDate }} />);
}

/** Each point of the progress line as "label (state)", the way a screen reader reads it. */
function progress(): string[] {
  const line = screen.getByRole('list', { name: 'Application progress' });
  return within(line)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('TrackingResultCard', () => {
  it('shows an order in process: badge, number, progress, text, estimate, date and next steps', () => {
    renderCard('in_process');
    expect(screen.getByRole('heading', { name: 'Application Status' })).toBeTruthy();
    expect(screen.getByText('In Process', { selector: 'span.rounded-full' }).className).toContain('bg-brand-600');
    expect(screen.getByText('HFE12W87EQ23')).toBeTruthy();
    expect(progress()).toEqual(['Submitted(done)', 'In Process(current step)', 'Completed(not yet)']);
    expect(screen.getByText(customerStatusDetails.in_process.description)).toBeTruthy();
    expect(screen.getByText('Estimated Completion').closest('dt')?.nextElementSibling?.textContent).toBe('2-3 business days');
    expect(screen.getByText('March 5, 2025')).toBeTruthy();
    expect(screen.getByText(/We file your application with the IRS/)).toBeTruthy();
    expect(screen.getByText(/we e-mail it to you/)).toBeTruthy();
    const support = screen.getByRole('link', { name: 'support@einfilingservice.com' });
    expect(support.getAttribute('href')).toBe('mailto:support@einfilingservice.com?subject=Application%20HFE12W87EQ23');
  });

  it('shows a completed order without an estimate, all points done, and where the EIN is', () => {
    renderCard('completed');
    expect(screen.getByText('Completed', { selector: 'span.rounded-full' })).toBeTruthy();
    expect(progress()).toEqual(['Submitted(done)', 'In Process(done)', 'Completed(done)']);
    expect(screen.queryByText('Estimated Completion')).toBeNull();
    expect(screen.getByText(customerStatusDetails.completed.description)).toBeTruthy();
    expect(screen.getByText(nextStepsByStatus.completed[0]!)).toBeTruthy();
  });

  it('shows a cancelled order with the destructive badge, a Cancelled point and the advice to contact support', () => {
    renderCard('cancelled');
    expect(screen.getByText('Cancelled', { selector: 'span.rounded-full' }).className).toContain('bg-red-700');
    expect(progress()).toEqual(['Submitted(done)', 'In Process(done)', 'Cancelled(cancelled)']);
    expect(screen.getByText('Estimated Completion').closest('dt')?.nextElementSibling?.textContent).toBe('N/A');
    expect(screen.getByText(/Contact our support team/)).toBeTruthy();
  });

  it('shows the submitted status with the secondary badge and only the first point reached', () => {
    renderCard('submitted');
    expect(screen.getByText('Submitted', { selector: 'span.rounded-full' }).className).toContain('bg-slate-100');
    expect(progress()).toEqual(['Submitted(current step)', 'In Process(not yet)', 'Completed(not yet)']);
    expect(screen.getByText('Estimated Completion').closest('dt')?.nextElementSibling?.textContent).toBe('3-5 business days');
  });

  it('marks the current point for assistive technology', () => {
    renderCard('in_process');
    const current = screen.getAllByRole('listitem').filter((item) => item.getAttribute('aria-current') === 'step');
    expect(current.map((item) => item.textContent)).toEqual(['In Process(current step)']);
  });
});
