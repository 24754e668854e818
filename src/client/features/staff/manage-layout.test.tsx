// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { apiRequest } from '#client/lib/api.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { deniedRedirectDelayMs } from '#shared/staff/session.ts';
import { paths } from '#client/paths.ts';
import { ManageLayout } from './manage-layout';
import { ManageLoginPage } from './login-page';
import { PanelNotFoundPage } from './panel-not-found-page';
import { useStaffUser } from '#client/lib/staff/staff-session-context.tsx';
import { useManageQuery } from '#client/lib/staff/use-staff-api-error.ts';
import { errorResponse, jsonResponse, laterResponse, requestsTo, serve } from '#tests/client/network.ts';
import { currentLocation, renderPage } from '#tests/client/render.tsx';
import { adminUser, fulfillerUser, supportUser } from '#tests/client/staff.ts';

function SignedInPage() {
  return <p>Signed in as {useStaffUser().name}</p>;
}

/** A page whose own API call can find the session gone. */
function OrdersProbe() {
  const orders = useManageQuery({ queryKey: ['probe'], queryFn: () => apiRequest<{ orders: unknown[] }>('GET', '/api/manage/orders') });
  return <p>{orders.data ? 'Orders loaded' : 'Orders loading'}</p>;
}

function renderPanel(url: string) {
  return renderPage(
    <Routes>
      <Route path={paths.manageLogin} element={<ManageLoginPage />} />
      <Route path={paths.manage} element={<ManageLayout />}>
        <Route path={paths.manageOrders} element={<OrdersProbe />} />
        <Route path={`${paths.manageOrders}/:id`} element={<SignedInPage />} />
        <Route path={paths.manageUsers} element={<SignedInPage />} />
        <Route path="*" element={<PanelNotFoundPage />} />
      </Route>
    </Routes>,
    { url },
  );
}

const panelNav = () => screen.getByRole('navigation', { name: 'Management Panel' });

describe('ManageLayout', () => {
  it('says why a new password is asked for at the first sign-in: generated at start-up, or set by an admin', async () => {
    serve({ 'GET /api/manage/session': () => jsonResponse({ user: adminUser, required: 'password_change', passwordChange: 'generated_at_start_up', twoFactorEnabled: false }) });
    const { unmount } = renderPanel('/manage/orders');
    expect(await screen.findByText('Your password was generated at start-up and shown once on the server\u2019s console. Choose one only you know to continue.')).toBeTruthy();
    expect(screen.queryByText(/set by an admin/)).toBeNull();
    unmount();

    serve({ 'GET /api/manage/session': () => jsonResponse({ user: fulfillerUser, required: 'password_change', passwordChange: 'set_by_admin', twoFactorEnabled: false }) });
    renderPanel('/manage/orders');
    expect(await screen.findByText('Your password was set by an admin. Choose one only you know to continue.')).toBeTruthy();
    expect(screen.queryByText(/generated at start-up/)).toBeNull();
  });

  it('shows Loading... while it checks the session', async () => {
    const session = laterResponse();
    serve({ 'GET /api/manage/session': session.response });
    renderPanel('/manage/orders/7');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    session.respond(jsonResponse({ user: adminUser }));
    expect(await screen.findByText('Signed in as Ada Admin')).toBeTruthy();
  });

  it('sends someone without a session to the login page, to come back after signing in', async () => {
    serve({ 'GET /api/manage/session': () => errorResponse('unauthorized', staffMessages.notAuthenticated) });
    renderPanel('/manage/orders/7');
    await waitFor(() => expect(currentLocation().pathname).toBe(paths.manageLogin));
    expect(currentLocation().search.get('next')).toBe('/manage/orders/7');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
  });

  it.each([
    ['a suspended account', 'account_suspended', staffMessages.suspended, staffMessages.suspended],
    ['an account without a staff role', 'access_denied', staffMessages.accessDenied, staffMessages.accessDenied],
  ] as const)('tells %s why, signs it out and sends it to the login page after 2 seconds', async (_case, code, serverMessage, shown) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({
      'GET /api/manage/session': () => errorResponse(code, serverMessage),
      'DELETE /api/manage/session': () => jsonResponse(null, 204),
    });
    renderPanel(paths.manageOrders);
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
    await waitFor(() => expect(requestsTo('DELETE', '/api/manage/session')).not.toHaveLength(0));
    expect(screen.queryByText('Orders loading')).toBeNull();

    act(() => vi.advanceTimersByTime(deniedRedirectDelayMs - 100));
    expect(currentLocation().pathname).toBe(paths.manageOrders);
    act(() => vi.advanceTimersByTime(100));
    expect(currentLocation().pathname).toBe(paths.manageLogin);
  });

  it('says the account status is unknown when the check fails', async () => {
    serve({ 'GET /api/manage/session': () => errorResponse('internal_error', 'Something went wrong') });
    renderPanel(paths.manageOrders);
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(staffMessages.accountStatusUnknown);
    expect(currentLocation().pathname).toBe(paths.manageOrders);
  });

  it('shows an admin the Dashboard, Orders, Fax inbox, Users, Audit Trail, Customer Data, My Account and API Reference links', async () => {
    serve({ 'GET /api/manage/session': () => jsonResponse({ user: adminUser }) });
    renderPanel('/manage/users');
    expect(await screen.findByText('Signed in as Ada Admin')).toBeTruthy();
    expect(screen.getByText('Management Panel')).toBeTruthy();
    const links = within(panelNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', paths.manageDashboard],
      ['Orders', paths.manageOrders],
      ['Fax inbox', paths.manageFaxInbox],
      ['Users', paths.manageUsers],
      ['Audit Trail', paths.manageAudit],
      ['Customer Data', paths.manageCustomerData],
      ['My Account', paths.manageAccount],
      ['API Reference', paths.manageApi],
    ]);
    expect(within(panelNav()).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
  });

  it('says an unknown panel address is not found inside the panel, with a way back to the orders', async () => {
    serve({ 'GET /api/manage/session': () => jsonResponse({ user: fulfillerUser }), 'GET /api/manage/orders': () => jsonResponse({ orders: [] }) });
    const { user } = renderPanel('/manage/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(panelNav()).toBeTruthy();
    expect(screen.getByText('/manage/nope')).toBeTruthy();
    expect(screen.queryByText('Oops! Page not found')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to Orders' }));
    expect(currentLocation().pathname).toBe(paths.manageOrders);
    expect(await screen.findByText('Orders loaded')).toBeTruthy();
  });

  it('hides the Users and Audit Trail links from a fulfiller', async () => {
    serve({ 'GET /api/manage/session': () => jsonResponse({ user: fulfillerUser }), 'GET /api/manage/orders': () => jsonResponse({ orders: [] }) });
    renderPanel(paths.manageOrders);
    expect(await screen.findByText('Orders loaded')).toBeTruthy();
    expect(within(panelNav()).getByRole('link', { name: 'Orders' })).toBeTruthy();
    // A fulfiller has the Fax inbox: they see there the faxes about their own orders.
    expect(within(panelNav()).getByRole('link', { name: 'Fax inbox' }).getAttribute('href')).toBe(paths.manageFaxInbox);
    expect(within(panelNav()).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(within(panelNav()).queryByRole('link', { name: 'Audit Trail' })).toBeNull();
    expect(within(panelNav()).getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe(paths.manageAccount);
  });

  it('shows a support member the Dashboard, Orders, My Account and API Reference links only, and their role', async () => {
    serve({ 'GET /api/manage/session': () => jsonResponse({ user: supportUser }), 'GET /api/manage/orders': () => jsonResponse({ orders: [] }) });
    renderPanel(paths.manageOrders);
    expect(await screen.findByText('Orders loaded')).toBeTruthy();
    expect(within(panelNav()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', paths.manageDashboard],
      ['Orders', paths.manageOrders],
      ['My Account', paths.manageAccount],
      ['API Reference', paths.manageApi],
    ]);
    expect(screen.getByText('Sol Support').nextElementSibling?.textContent).toBe('Support');
  });

  it('logs out: ends the session and goes to the login page', async () => {
    serve({
      'GET /api/manage/session': () => (requestsTo('DELETE', '/api/manage/session').length > 0 ? errorResponse('unauthorized', staffMessages.notAuthenticated) : jsonResponse({ user: adminUser })),
      'GET /api/manage/orders': () => jsonResponse({ orders: [] }),
      'DELETE /api/manage/session': () => jsonResponse(null, 204),
    });
    const { user } = renderPanel(paths.manageOrders);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentLocation().pathname).toBe(paths.manageLogin));
    expect(requestsTo('DELETE', '/api/manage/session')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('brings the user back to the login page when a later call finds the session ended', async () => {
    serve({
      'GET /api/manage/session': () => (requestsTo('GET', '/api/manage/orders').length > 0 ? errorResponse('session_expired', staffMessages.sessionExpired) : jsonResponse({ user: adminUser })),
      'GET /api/manage/orders': () => errorResponse('session_expired', staffMessages.sessionExpired),
    });
    renderPanel('/manage/orders?status=completed');
    await waitFor(() => expect(currentLocation().pathname).toBe(paths.manageLogin));
    expect(currentLocation().search.get('next')).toBe('/manage/orders?status=completed');
    expect((await screen.findByRole('status')).textContent).toBe(staffMessages.sessionExpired);
    expect(requestsTo('GET', '/api/manage/orders')).toHaveLength(1);
  });
});
