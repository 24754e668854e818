// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { customerReviewGroups } from '#shared/application/answer-review.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { renderPage } from '#tests/client/render.tsx';
import { AnswersReview } from './answers-review';

describe('AnswersReview', () => {
  it('shows every answer of the application by step, each step with its edit link, the SSN masked', () => {
    const application = sampleApplication();
    renderPage(<AnswersReview groups={customerReviewGroups(application as unknown as Record<string, unknown>)} />);
    const review = screen.getByRole('region', { name: 'Review Your Answers' });
    const steps = within(review).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(steps).toEqual(['Step 1: Company Information', 'Step 2: Company Registration Details', 'Step 3: Responsible Party', 'Step 4: Regulatory Compliance', 'Step 5: Business Activity']);
    const edits = within(review).getAllByRole('link');
    expect(edits.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Edit step 1: Company Information', '/ein-application-start'],
      ['Edit step 2: Company Registration Details', '/ein/step-2'],
      ['Edit step 3: Responsible Party', '/ein/step-3'],
      ['Edit step 4: Regulatory Compliance', '/ein/step-4'],
      ['Edit step 5: Business Activity', '/ein/step-5'],
    ]);
    const text = review.textContent ?? '';
    expect(text).toContain(application.company.companyName);
    expect(text).toContain(application.registration.city);
    expect(text).toContain(application.contact.rpLastName);
    expect(text).toContain('***-**-6789');
    expect(text).not.toContain('123-45-6789');
    expect(text).not.toContain('123456789');
    // Option values read as their labels.
    const step1 = within(screen.getByTestId('review-company'));
    expect(step1.getByText('Limited Liability Company (LLC)')).toBeTruthy();
  });

  it('says the answers are loading until the server has checked them', () => {
    renderPage(<AnswersReview groups={undefined} />);
    expect(screen.getByRole('status').textContent).toBe('Loading your answers...');
  });
});
