// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { customerStatusFor, orderStatuses, trackingStageFor, type CustomerStatus, type TrackingStage } from '#shared/orders/lifecycle.ts';
import { signingLinkResendMessages, trackingStageTexts } from '#shared/tracking/tracking.ts';
import { signatureActionNeeded } from '#shared/signing/signing.ts';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { errorResponse, jsonResponse, requestsTo, serve } from '#tests/client/network.ts';
import { renderPage } from '#tests/client/render.tsx';
import { TrackingResultCard } from './tracking-result-card';

function renderCard(status: CustomerStatus, stage: TrackingStage, extra: { actionNeeded?: string } = {}) {
  return renderPage(<TrackingResultCard trackingNumber="HFE12W87EQ23" result={{ status, stage, createDate: '2025-03-05T15:00:00.000Z', ...extra }} />);
}

/** Each point of the progress line as "label (state)", the way a screen reader reads it. */
function progress(): string[] {
  const line = screen.getByRole('list', { name: 'Application progress' });
  return within(line)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

function estimate(): string | null | undefined {
  return screen.queryByText('Estimated Completion')?.closest('dt')?.nextElementSibling?.textContent;
}

describe('TrackingResultCard', () => {
  it('shows an order under review: badge, number, progress, the truth (not "with the IRS"), the promise as estimate, date and support', () => {
    renderCard('in_process', 'reviewing');
    expect(screen.getByRole('heading', { name: 'Application Status' })).toBeTruthy();
    expect(screen.getByText('In Process', { selector: 'span.rounded-full' }).className).toContain('bg-brand-600');
    expect(screen.getByText('HFE12W87EQ23')).toBeTruthy();
    expect(progress()).toEqual(['Submitted(done)', 'In Process(current step)', 'Completed(not yet)']);
    const description = screen.getByTestId('tracking-description').textContent ?? '';
    expect(description).toBe(trackingStageTexts.reviewing.description);
    expect(description).toMatch(/checking the answers/);
    expect(description).not.toMatch(/processed with the IRS/);
    expect(estimate()).toBe(`${deliveryPromise.badge} of payment`);
    expect(screen.getByText('March 5, 2025')).toBeTruthy();
    const support = screen.getByRole('link', { name: 'support@einfilingservice.com' });
    expect(support.getAttribute('href')).toBe('mailto:support@einfilingservice.com?subject=Application%20HFE12W87EQ23');
  });

  it('says what is true for every internal status, and mentions the letter only as what the EIN e-mail links to', () => {
    for (const status of orderStatuses) {
      const stage = trackingStageFor(status);
      const { unmount } = renderCard(customerStatusFor(status), stage);
      expect(screen.getByTestId('tracking-description').textContent, status).toBe(trackingStageTexts[stage].description);
      for (const step of trackingStageTexts[stage].nextSteps) expect(screen.getByText(step), status).toBeTruthy();
      const steps = trackingStageTexts[stage].nextSteps;
      const letterFree = [trackingStageTexts[stage].description, ...steps.filter((step) => !step.startsWith('If we had the IRS\u2019s letter'))].join(' ');
      expect(letterFree, status).not.toMatch(/letter|2-3 business days|1-2 business days/);
      expect(document.body.textContent, status).not.toMatch(/2-3 business days|1-2 business days/);
      expect(steps.some((step) => /letter/.test(step)), status).toBe(stage === 'completed');
      unmount();
    }
  });

  it('shows a completed order without an estimate, all points done, and where the EIN is', () => {
    renderCard('completed', 'completed');
    expect(screen.getByText('Completed', { selector: 'span.rounded-full' })).toBeTruthy();
    expect(progress()).toEqual(['Submitted(done)', 'In Process(done)', 'Completed(done)']);
    expect(estimate()).toBeUndefined();
    expect(screen.getByText(/we have e-mailed it to you/)).toBeTruthy();
  });

  it('says an order on hold will be contacted', () => {
    renderCard('in_process', 'on_hold');
    expect(screen.getByTestId('tracking-description').textContent).toMatch(/on hold\. We will contact you/);
  });

  it('shows a cancelled order with the destructive badge, a Cancelled point and the advice to contact support', () => {
    renderCard('cancelled', 'cancelled');
    expect(screen.getByText('Cancelled', { selector: 'span.rounded-full' }).className).toContain('bg-red-700');
    // Nothing between Submitted and Cancelled is marked done: no processing finished.
    expect(progress()).toEqual(['Submitted(done)', 'Cancelled(cancelled)']);
    expect(estimate()).toBe('N/A');
    expect(screen.getByText(/Contact our support team/)).toBeTruthy();
  });

  it('asks for the signature and lets the customer ask for a new link, answered without revealing anything', async () => {
    const nextRequestAt = new Date(Date.now() + 10 * 60_000).toISOString();
    serve({ 'POST /api/track/HFE12W87EQ23/signing-link': () => jsonResponse({ outcome: 'requested', message: signingLinkResendMessages.sent, nextRequestAt }, 202) });
    const { user } = renderCard('in_process', 'awaiting_signature', { actionNeeded: signatureActionNeeded });
    expect(screen.getByTestId('tracking-action-needed').textContent).toBe(signatureActionNeeded);
    await user.click(screen.getByRole('button', { name: 'E-mail me a new signing link' }));
    expect(await screen.findByText(signingLinkResendMessages.sent, { exact: false })).toBeTruthy();
    expect(screen.getByTestId('signing-link-next').textContent).toMatch(/^You can ask for another link after .*\d{1,2}:\d{2} [AP]M \S+\.$/);
    expect(screen.getByTestId('signing-link-next').querySelector('time')?.getAttribute('datetime')).toBe(nextRequestAt);
    expect(requestsTo('POST', '/api/track/HFE12W87EQ23/signing-link')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'E-mail me a new signing link' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a link was asked for within ten minutes and when the next can be, in the browser\'s zone', async () => {
    const nextRequestAt = new Date(Date.now() + 4 * 60_000).toISOString();
    serve({ 'POST /api/track/HFE12W87EQ23/signing-link': () => jsonResponse({ outcome: 'held_back', message: signingLinkResendMessages.heldBack, nextRequestAt }, 202) });
    const { user } = renderCard('in_process', 'awaiting_signature', { actionNeeded: signatureActionNeeded });
    await user.click(screen.getByRole('button', { name: 'E-mail me a new signing link' }));
    expect(await screen.findByText(signingLinkResendMessages.heldBack, { exact: false })).toBeTruthy();
    expect(screen.queryByText(signingLinkResendMessages.sent, { exact: false })).toBeNull();
    expect(screen.getByTestId('signing-link-next').textContent).toMatch(/after .*\d{1,2}:\d{2} [AP]M \S+\.$/);
  });

  it('tells the customer to wait when new links are asked for too often', async () => {
    serve({ 'POST /api/track/HFE12W87EQ23/signing-link': () => errorResponse('rate_limited', signingLinkResendMessages.rateLimited) });
    const { user } = renderCard('in_process', 'awaiting_signature', { actionNeeded: signatureActionNeeded });
    await user.click(screen.getByRole('button', { name: 'E-mail me a new signing link' }));
    expect(await screen.findByText(signingLinkResendMessages.rateLimited)).toBeTruthy();
  });

  it('offers no new link when no signature is needed', () => {
    renderCard('in_process', 'filing');
    expect(screen.queryByRole('button', { name: 'E-mail me a new signing link' })).toBeNull();
    expect(screen.queryByTestId('tracking-action-needed')).toBeNull();
  });

  it('marks the current point for assistive technology', () => {
    renderCard('in_process', 'preparing');
    const current = screen.getAllByRole('listitem').filter((item) => item.getAttribute('aria-current') === 'step');
    expect(current.map((item) => item.textContent)).toEqual(['In Process(current step)']);
  });
});
