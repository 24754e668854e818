// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { SigningReviewResponse } from '#shared/signing/signing.ts';
import { emailCodeMessages, itinLastFourMessages } from '#shared/ssn-last-four.ts';
import { errorResponse, jsonResponse, requestsTo, serve } from '#tests/client/network.ts';
import { renderPage } from '#tests/client/render.tsx';
import { paths } from '#client/paths.ts';
import { SigningPage } from './signing-page';

// The steps after the question are a chunk of their own, loaded once the answer is in: loaded here
// first, so no test waits on its first transform.
beforeAll(() => import('./signing-steps'));

// The signing page's question follows the responsible party's taxpayer number: the ITIN's last four
// digits, or for a responsible party with neither a code the page asks the server to e-mail.

const token = 'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9d';
const api = `/api/sign/${token}`;
const review: SigningReviewResponse = {
  lines: [{ line: '7b', label: 'SSN, ITIN or EIN of the responsible party', value: 'Foreign' }],
  signerName: 'Lena Schmidt',
  signerTitle: 'Managing Member',
  designeeName: null,
  expiresAt: '2026-12-08T12:00:00.000Z',
  question: 'email_code',
};

function renderSigning() {
  return renderPage(
    <Routes>
      <Route path={paths.sign} element={<SigningPage />} />
    </Routes>,
    { url: `/sign/${token}` },
  ).user;
}

describe('the signing page\u2019s question', () => {
  it('asks an ITIN holder for the last four digits of the ITIN, with the ITIN\u2019s own message', async () => {
    serve({
      [`GET ${api}`]: () => jsonResponse({ state: 'verify', expiresAt: review.expiresAt, question: 'itin' }),
      [`POST ${api}/verify`]: () => jsonResponse(review),
    });
    const user = renderSigning();
    const field = (await screen.findByRole('textbox', { name: 'Last four digits of the ITIN' })) as HTMLInputElement;
    expect(screen.getByText(/the last four digits of the responsible party’s ITIN/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send me a code' })).toBeNull();
    await user.type(field, '12{Enter}');
    expect(await screen.findByText(itinLastFourMessages.format)).toBeTruthy();
    expect(requestsTo('POST', `${api}/verify`)).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '1234{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Review your SS-4' })).toBeTruthy();
    expect(requestsTo('POST', `${api}/verify`).map((request) => request.body)).toEqual([{ ssnLast4: '1234' }]);
  });

  it('sends a responsible party with neither a code by e-mail, shows where it went, and opens the form with it', async () => {
    serve({
      [`GET ${api}`]: () => jsonResponse({ state: 'verify', expiresAt: review.expiresAt, question: 'email_code' }),
      [`POST ${api}/code`]: () => jsonResponse({ sentTo: 'l•••@example.de', expiresAt: '2026-12-01T12:10:00.000Z', resendAfter: '2026-12-01T12:01:00.000Z' }),
      [`POST ${api}/verify`]: ({ body }) => {
        if ((body as { code: string }).code === '042917') return jsonResponse(review);
        const message = emailCodeMessages.wrong(4);
        return errorResponse('validation_failed', message, { code: [message] });
      },
    });
    const user = renderSigning();
    await user.click(await screen.findByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(/We sent a code to l•••@example\.de\. It works once, for 10 minutes\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Code from the e-mail' }) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');

    await user.type(field, '12345{Enter}');
    expect(await screen.findByText(emailCodeMessages.format)).toBeTruthy();
    await user.clear(field);
    await user.type(field, '111111{Enter}');
    expect(await screen.findByText(emailCodeMessages.wrong(4))).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.clear(field);
    await user.type(field, '042917{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Review your SS-4' })).toBeTruthy();
    expect(requestsTo('POST', `${api}/verify`).map((request) => request.body)).toEqual([{ code: '111111' }, { code: '042917' }]);
    expect(requestsTo('POST', `${api}/code`)).toHaveLength(1);
  });

  it('says why a code cannot be sent yet, and keeps the code field for one already received', async () => {
    serve({
      [`GET ${api}`]: () => jsonResponse({ state: 'verify', expiresAt: review.expiresAt, question: 'email_code' }),
      [`POST ${api}/code`]: () => errorResponse('rate_limited', emailCodeMessages.tooSoon(42)),
    });
    const user = renderSigning();
    await user.click(await screen.findByRole('button', { name: 'Send me a code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(emailCodeMessages.tooSoon(42));
    expect(screen.getByRole('textbox', { name: 'Code from the e-mail' })).toBeTruthy();
  });
});
