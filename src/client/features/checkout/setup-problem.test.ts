import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api.ts';
import { describeSetupProblem } from './setup-problem';
import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';

describe('describeSetupProblem', () => {
  it('tells the customer an expired checkout must be started again, by its code', () => {
    expect(describeSetupProblem(new ApiError(410, 'checkout_expired', checkoutMessages.expired))).toEqual({ kind: 'expired', message: checkoutMessages.expired });
  });

  it('sends the customer to the wizard pages whose answers the server refused, in page order, with its messages', () => {
    const problem = describeSetupProblem(
      new ApiError(400, 'validation_failed', 'Some answers need attention.', {
        'application.contact.rpSSN': ['Enter 9 digits'],
        'application.company.companyName': ['Company name is required'],
        'application.contact.emailAddress': ['Enter a valid email address'],
        'application.activity.principalActivity': ['Select an activity'],
        'application.registration.zipCode': ['Enter a valid ZIP code'],
        'application.compliance.willHire': ['Select yes or no'],
      }),
    );
    expect(problem).toEqual({
      kind: 'answers',
      message: 'Some answers need attention.',
      otherMessages: [],
      steps: [
        { number: 1, name: 'Company Information', path: '/ein-application-start', messages: ['Company name is required'] },
        { number: 2, name: 'Company Registration Details', path: '/ein/step-2', messages: ['Enter a valid ZIP code'] },
        { number: 3, name: 'Responsible Party', path: '/ein/step-3', messages: ['Enter 9 digits', 'Enter a valid email address'] },
        { number: 4, name: 'Regulatory Compliance', path: '/ein/step-4', messages: ['Select yes or no'] },
        { number: 5, name: 'Business Activity', path: '/ein/step-5', messages: ['Select an activity'] },
      ],
    });
  });

  it('keeps messages that belong to no page, and says each message once', () => {
    const problem = describeSetupProblem(
      new ApiError(400, 'validation_failed', '', {
        email: ['Enter a valid email address'],
        'application.version': ['Invalid input'],
        'application.contact.rpEmail': ['Enter a valid email address'],
        'application.contact.emailAddress': ['Enter a valid email address'],
      }),
    );
    expect(problem).toEqual({
      kind: 'answers',
      message: 'Payment validation failed on the server',
      otherMessages: ['Enter a valid email address', 'Invalid input'],
      steps: [{ number: 3, name: 'Responsible Party', path: '/ein/step-3', messages: ['Enter a valid email address'] }],
    });
  });

  it("shows the server's message when the application cannot be paid again", () => {
    expect(describeSetupProblem(new ApiError(409, 'conflict', 'This application has already been paid for. Check your email for the tracking number.'))).toEqual({
      kind: 'conflict',
      message: 'This application has already been paid for. Check your email for the tracking number.',
    });
  });

  it('says the setup failed for anything else', () => {
    const failed = { kind: 'failed', message: 'Failed to initialize payment. Please refresh the page.' };
    expect(describeSetupProblem(new ApiError(0, 'network_error', 'Failed to fetch'))).toEqual(failed);
    expect(describeSetupProblem(new ApiError(500, 'internal_error', 'The server answered 500'))).toEqual(failed);
    expect(describeSetupProblem(new ApiError(429, 'rate_limited', 'Too many requests'))).toEqual(failed);
    expect(describeSetupProblem(new Error('boom'))).toEqual(failed);
  });
});
