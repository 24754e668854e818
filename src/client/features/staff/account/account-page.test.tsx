// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { AccountResponse } from '#shared/staff/account.ts';
import { errorResponse, jsonResponse, requestsTo, serve } from '#tests/client/network.ts';
import { renderPage } from '#tests/client/render.tsx';
import { paths } from '#client/paths.ts';
import { AccountPage } from './account-page';
import { loadPasswordScorer, passwordRuleMessages } from '#shared/staff/password-rule.ts';

const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const account: AccountResponse = {
  user: { id: 'u-fran', name: 'Fran Fulfiller', email: 'fran@example.com', role: 'fulfiller', notificationEnabled: true, priorityFulfiller: false },
  sessions: [
    { id: 's-here', current: true, userAgent: firefox, ipAddress: '203.0.113.5', lastActiveAt: '2026-03-01T10:00:00.000Z', signedInAt: '2026-03-01T09:00:00.000Z' },
    { id: 's-phone', current: false, userAgent: iphone, ipAddress: '198.51.100.7', lastActiveAt: '2026-02-28T18:00:00.000Z', signedInAt: '2026-02-28T17:00:00.000Z' },
  ],
  twoFactor: { enabled: true, recoveryCodesLeft: 8 },
  alertEmails: null,
};

function renderAccount(routes: Parameters<typeof serve>[0] = {}, answer: AccountResponse = account) {
  serve({ 'GET /api/manage/account': () => jsonResponse(answer), ...routes });
  return renderPage(
    <Routes>
      <Route path={paths.manageAccount} element={<AccountPage />} />
    </Routes>,
    { url: paths.manageAccount },
  );
}

describe('AccountPage', () => {
  it('shows the member’s details and sessions, with a sign-out for every other one', async () => {
    renderAccount();
    expect(document.title).toBe('My Account | EIN Filing Service');
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    expect(screen.getByText('Fran Fulfiller')).toBeTruthy();
    expect(screen.getByText('fran@example.com')).toBeTruthy();
    expect(screen.getByText('Fulfiller')).toBeTruthy();
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Firefox on Windows');
    expect(items[0]!.textContent).toContain('This browser');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]!.textContent).toContain('Safari on iOS');
    expect(items[1]!.textContent).toContain('198.51.100.7');
  });

  it('offers no alert switch to a member who gets no alerts', async () => {
    renderAccount();
    await screen.findByRole('list', { name: 'Active sessions' });
    expect(screen.queryByRole('switch', { name: 'Email me alerts' })).toBeNull();
  });

  it('turns an admin\'s alert e-mails off', async () => {
    const admin: AccountResponse = { ...account, user: { ...account.user, id: 'u-ada', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' }, alertEmails: true };
    const { user } = renderAccount({ 'PATCH /api/manage/account/alert-emails': () => jsonResponse({ alertEmails: false }) }, admin);
    const toggle = await screen.findByRole('switch', { name: 'Email me alerts' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    expect(await screen.findByText('Alert e-mails are off.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Email me alerts' }).getAttribute('aria-checked')).toBe('false'));
    const calls = requestsTo('PATCH', '/api/manage/account/alert-emails');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ receive: false });
  });

  it('signs out another session', async () => {
    const { user } = renderAccount({ 'DELETE /api/manage/account/sessions/s-phone': () => jsonResponse(null, 204) });
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    await user.click(within(list).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await screen.findByText(staffMessages.sessionRevoked)).toBeTruthy();
    expect(requestsTo('DELETE', '/api/manage/account/sessions/s-phone')).toHaveLength(1);
  });

  it('checks the new password in the browser, shows the server’s field message, and confirms a change', async () => {
    let answer = () => errorResponse('validation_failed', staffMessages.currentPasswordWrong, { currentPassword: [staffMessages.currentPasswordWrong] });
    const { user } = renderAccount({ 'POST /api/manage/account/password': () => answer() });
    const form = await screen.findByRole('form', { name: 'Change Password' });
    await user.type(within(form).getByLabelText(/Current Password/), 'old-password');
    await user.type(within(form).getByLabelText(/New Password/), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText(staffMessages.passwordTooShort)).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/account/password')).toHaveLength(0);

    // With the estimator loaded (the form loads it), a common password is refused with its reason.
    await loadPasswordScorer();
    await user.clear(within(form).getByLabelText(/New Password/));
    await user.type(within(form).getByLabelText(/New Password/), 'password1234');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText(passwordRuleMessages.tooGuessable)).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/account/password')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/New Password/));
    await user.type(within(form).getByLabelText(/New Password/), 'maple kettle orbit 42');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText(staffMessages.currentPasswordWrong)).toBeTruthy();

    answer = () => jsonResponse(null, 204);
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(staffMessages.passwordChanged)).toBeTruthy();
    await waitFor(() => expect((within(form).getByLabelText(/New Password/) as HTMLInputElement).value).toBe(''));
  }, 60_000);
});
