// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { paths } from '#client/paths.ts';
import { ManageLoginPage } from './login-page';
import { errorResponse, jsonResponse, networkFailure, requestsTo, serve } from '#tests/client/network.ts';
import { currentLocation, renderPage } from '#tests/client/render.tsx';
import { adminUser } from '#tests/client/staff.ts';

function renderLogin(url: string = paths.manageLogin) {
  return renderPage(
    <Routes>
      <Route path={paths.manageLogin} element={<ManageLoginPage />} />
      <Route path="/manage/*" element={<p>Inside the panel</p>} />
    </Routes>,
    { url },
  );
}

const notSignedIn = () => errorResponse('unauthorized', staffMessages.notAuthenticated);
const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const passwordField = () => screen.getByLabelText(/^Password/);

async function signIn(user: ReturnType<typeof renderLogin>['user'], email = 'ada@example.com', password = 'secret-password') {
  await user.type(emailField(), email);
  await user.type(passwordField(), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('ManageLoginPage', () => {
  it('says it is for staff only, and checks both fields before asking the server', async () => {
    serve({ 'GET /api/manage/session': notSignedIn });
    const { user } = renderLogin();
    expect(document.title).toBe('Admin Login | EIN Filing Service');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeTruthy();
    expect(screen.getByText(/staff only/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(staffMessages.emailRequired)).toBeTruthy();
    expect(screen.getByText(staffMessages.passwordRequired)).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');

    await user.type(emailField(), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(staffMessages.emailInvalid)).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/session')).toHaveLength(0);
  });

  it.each([
    ['a wrong password', () => errorResponse('invalid_credentials', staffMessages.invalidCredentials), staffMessages.invalidCredentials],
    ['a suspended account', () => errorResponse('account_suspended', staffMessages.suspended), staffMessages.suspended],
    ['an account without a staff role', () => errorResponse('access_denied', staffMessages.accessDenied), staffMessages.accessDenied],
    ['too many attempts', () => errorResponse('rate_limited', staffMessages.tooManySignInAttempts), staffMessages.tooManySignInAttempts],
    ['a server failure', () => errorResponse('internal_error', 'Something went wrong'), staffMessages.accountStatusUnknown],
    ['no connection', () => networkFailure(), staffMessages.accountStatusUnknown],
  ])('tells %s in an alert and stays on the page', async (_case, answer, message) => {
    serve({ 'GET /api/manage/session': notSignedIn, 'POST /api/manage/session': answer });
    const { user } = renderLogin();
    await signIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(requestsTo('POST', '/api/manage/session')[0]?.body).toEqual({ email: 'ada@example.com', password: 'secret-password' });
    expect(currentLocation().pathname).toBe(paths.manageLogin);
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server’s field messages under the fields', async () => {
    serve({
      'GET /api/manage/session': notSignedIn,
      'POST /api/manage/session': () => errorResponse('validation_failed', 'Please check the form', { email: ['Please enter a valid email address'] }),
    });
    const { user } = renderLogin();
    await signIn(user);
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes to the panel\'s first page after signing in, which opens the member\'s own', async () => {
    serve({ 'GET /api/manage/session': notSignedIn, 'POST /api/manage/session': () => jsonResponse({ user: adminUser }) });
    const { user } = renderLogin();
    await signIn(user);
    await waitFor(() => expect(currentLocation().pathname).toBe(paths.manage));
    expect(screen.getByText('Inside the panel')).toBeTruthy();
  });

  it('goes back to the page the guard sent the user from', async () => {
    serve({ 'GET /api/manage/session': notSignedIn, 'POST /api/manage/session': () => jsonResponse({ user: adminUser }) });
    const { user } = renderLogin(`${paths.manageLogin}?next=${encodeURIComponent('/manage/orders?status=completed&page=2')}`);
    await signIn(user);
    await waitFor(() => expect(currentLocation().pathname).toBe(paths.manageOrders));
    expect(currentLocation().search.get('status')).toBe('completed');
    expect(currentLocation().search.get('page')).toBe('2');
  });

  it('ignores a next address outside the panel', async () => {
    serve({ 'GET /api/manage/session': notSignedIn, 'POST /api/manage/session': () => jsonResponse({ user: adminUser }) });
    const { user } = renderLogin(`${paths.manageLogin}?next=${encodeURIComponent('//evil.example/manage')}`);
    await signIn(user);
    await waitFor(() => expect(currentLocation().pathname).toBe(paths.manage));
  });

  it('goes straight on when already signed in', async () => {
    serve({ 'GET /api/manage/session': () => jsonResponse({ user: adminUser }) });
    renderLogin(`${paths.manageLogin}?next=${encodeURIComponent('/manage/users')}`);
    await waitFor(() => expect(currentLocation().pathname).toBe(paths.manageUsers));
    expect(requestsTo('POST', '/api/manage/session')).toHaveLength(0);
  });
});
