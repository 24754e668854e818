// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { StaffUserRow } from '#shared/staff/users.ts';
import { errorResponse, jsonResponse, networkFailure, requestsTo, serve } from '#tests/client/network.ts';
import { renderPage } from '#tests/client/render.tsx';
import { paths } from '#client/paths.ts';
import { UsersPage } from './users-page';
import { loadPasswordScorer, passwordRuleMessages } from '#shared/staff/password-rule.ts';

beforeEach(() => {
  // Radix's switch measures itself; jsdom has no ResizeObserver (every browser does).
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const ada: StaffUserRow = {
  id: 'u-ada',
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'admin',
  suspended: false,
  notificationEnabled: true,
  priorityFulfiller: false,
  activeOrders: 0,
  signInLocked: false,
  twoFactorEnabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const fran: StaffUserRow = {
  id: 'u-fran',
  name: 'Fran Fulfiller',
  email: 'fran@example.com',
  role: 'fulfiller',
  suspended: true,
  notificationEnabled: false,
  priorityFulfiller: true,
  activeOrders: 3,
  signInLocked: false,
  twoFactorEnabled: true,
  createdAt: '2026-01-02T00:00:00.000Z',
};

function renderUsers(routes: Parameters<typeof serve>[0] = {}) {
  serve({ 'GET /api/manage/users': () => jsonResponse({ users: [ada, fran] }), ...routes });
  return renderPage(
    <Routes>
      <Route path={paths.manageUsers} element={<UsersPage />} />
    </Routes>,
    { url: paths.manageUsers },
  );
}

const usersTable = () => screen.findByRole('table', { name: 'Users' });
const dialog = () => screen.getByRole('dialog');
const field = (name: RegExp) => within(dialog()).getByLabelText(name) as HTMLInputElement;

describe('UsersPage', () => {
  it('lists the users with their role, status, active orders and priority', async () => {
    renderUsers();
    expect(document.title).toBe('Users | EIN Filing Service');
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(screen.getByText('Manage users and their permissions')).toBeTruthy();
    expect(screen.getByText('Loading users...')).toBeTruthy();

    const rows = within(await usersTable()).getAllByRole('row');
    expect(screen.getByRole('heading', { name: 'All Users (2)' })).toBeTruthy();
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Email', 'Role', 'Status', 'Active Orders', 'Priority', 'Actions']);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').slice(0, 6).map((cell) => cell.textContent);
    expect(cells(rows[1]!)).toEqual(['Ada Admin', 'ada@example.com', 'Admin', 'Active', '0', 'Regular']);
    expect(cells(rows[2]!)).toEqual(['Fran Fulfiller', 'fran@example.com', 'Fulfiller', 'Suspended', '3', 'Priority']);
    expect(within(rows[2]!).getByRole('button', { name: 'Edit Fran Fulfiller' })).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: 'Delete Fran Fulfiller' })).toBeTruthy();
  });

  it('lists a support member as Support, marked like a fulfiller, and offers every role in the dialog', async () => {
    const sol: StaffUserRow = { ...fran, id: 'u-sol', name: 'Sol Support', email: 'sol@example.com', role: 'support', suspended: false, priorityFulfiller: false, activeOrders: 0 };
    const { user } = renderUsers({ 'GET /api/manage/users': () => jsonResponse({ users: [ada, fran, sol] }) });
    const rows = within(await usersTable()).getAllByRole('row');
    expect(screen.getByRole('heading', { name: 'All Users (3)' })).toBeTruthy();
    const roleBadge = (row: HTMLElement) => within(row).getAllByRole('cell')[2]?.firstElementChild as HTMLElement;
    expect(roleBadge(rows[3]!).textContent).toBe('Support');
    // Only those who manage users stand out.
    expect(roleBadge(rows[3]!).className).toBe(roleBadge(rows[2]!).className);
    expect(roleBadge(rows[3]!).className).not.toBe(roleBadge(rows[1]!).className);

    await user.click(within(rows[3]!).getByRole('button', { name: 'Edit Sol Support' }));
    const role = within(dialog()).getByRole('combobox', { name: /^Role/ }) as HTMLSelectElement;
    expect(role.value).toBe('support');
    expect([...role.options].filter((option) => option.value !== '').map((option) => option.textContent)).toEqual([
      'Support (Read and Comment)',
      'Fulfiller (Limited Access)',
      'Admin (Full Access)',
    ]);
  });

  it('says when there are no users yet', async () => {
    renderUsers({ 'GET /api/manage/users': () => jsonResponse({ users: [] }) });
    expect(await screen.findByText('No users yet. Add one to get started.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'All Users (0)' })).toBeTruthy();
  });

  it('shows a fulfiller the refusal and no data', async () => {
    renderUsers({ 'GET /api/manage/users': () => errorResponse('permission_denied', staffMessages.adminsOnly) });
    expect((await screen.findByRole('alert')).textContent).toBe(staffMessages.accessDenied);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
  });

  it('requires a password to create a user, then creates one with the dialog’s values', async () => {
    const { user } = renderUsers({ 'POST /api/manage/users': (call) => jsonResponse({ user: { ...ada, id: 'u-new', ...(call.body as object) } }, 201) });
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(within(dialog()).getByRole('heading', { name: 'Add User' })).toBeTruthy();

    // The spec's defaults: a fulfiller, notifications on, active, not priority.
    expect((within(dialog()).getByRole('combobox', { name: /^Role/ }) as HTMLSelectElement).value).toBe('fulfiller');
    expect(within(dialog()).getAllByRole('option').map((option) => option.textContent)).toContain('Fulfiller (Limited Access)');
    expect(within(dialog()).getAllByRole('option').map((option) => option.textContent)).toContain('Admin (Full Access)');
    const notifications = within(dialog()).getByRole('switch', { name: 'Enable email notifications' });
    expect(notifications.getAttribute('aria-checked')).toBe('true');
    expect(within(dialog()).getByRole('switch', { name: 'Priority Fulfiller (auto-assign orders)' }).getAttribute('aria-checked')).toBe('false');
    expect(within(dialog()).getByRole('switch', { name: 'Suspended' }).getAttribute('aria-checked')).toBe('false');
    expect(within(dialog()).getByText(/At least 12 characters/).textContent).toMatch(/change it after their first login/);

    await user.click(within(dialog()).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog()).findByText(staffMessages.fullNameRequired)).toBeTruthy();
    expect(within(dialog()).getByText(staffMessages.emailRequired)).toBeTruthy();
    expect(within(dialog()).getByText(staffMessages.passwordRequiredOnCreate)).toBeTruthy();

    await user.type(field(/^Full Name/), 'Nia New');
    await user.type(field(/^Email/), 'Nia@Example.com');
    await user.type(field(/^Password/), 'abc');
    await user.click(within(dialog()).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog()).findByText(staffMessages.passwordTooShort)).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/users')).toHaveLength(0);

    // The estimator the dialog loads: a common password, or one holding the e-mail, is refused with its reason.
    await loadPasswordScorer();
    await user.clear(field(/^Password/));
    await user.type(field(/^Password/), 'password1234');
    await user.click(within(dialog()).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog()).findByText(passwordRuleMessages.tooGuessable)).toBeTruthy();
    expect(within(dialog()).getByTestId('password-strength').textContent).toMatch(/Strength: (Very weak|Weak)/);
    await user.clear(field(/^Password/));
    await user.type(field(/^Password/), 'nia@example.com rules');
    await user.click(within(dialog()).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog()).findByText(passwordRuleMessages.containsEmail)).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/users')).toHaveLength(0);

    await user.clear(field(/^Password/));
    await user.type(field(/^Password/), 'maple kettle orbit 42');
    expect(within(dialog()).getByTestId('password-strength').textContent).toMatch(/Strength: (Strong|Very strong)/);
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: /^Role/ }), 'Admin (Full Access)');
    await user.click(notifications);
    await user.click(within(dialog()).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(staffMessages.userCreated)).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/users')[0]?.body).toEqual({
      name: 'Nia New',
      email: 'nia@example.com',
      role: 'admin',
      password: 'maple kettle orbit 42',
      notificationEnabled: false,
      priorityFulfiller: false,
      suspended: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is asked again.
    expect(requestsTo('GET', '/api/manage/users').length).toBeGreaterThan(1);
  }, 60_000);

  it('edits a user: their values filled in, a blank password keeps the current one', async () => {
    const { user } = renderUsers({ 'PATCH /api/manage/users/u-fran': (call) => jsonResponse({ user: { ...fran, ...(call.body as object) } }) });
    await user.click(within(await usersTable()).getByRole('button', { name: 'Edit Fran Fulfiller' }));
    expect(within(dialog()).getByRole('heading', { name: 'Edit User' })).toBeTruthy();
    expect(field(/^Full Name/).value).toBe('Fran Fulfiller');
    expect(field(/^Email/).value).toBe('fran@example.com');
    expect(field(/^Password/).value).toBe('');
    expect(within(dialog()).getByText(/Leave blank to keep the current password/)).toBeTruthy();
    expect(within(dialog()).getByRole('switch', { name: 'Suspended' }).getAttribute('aria-checked')).toBe('true');

    await user.click(within(dialog()).getByRole('switch', { name: 'Suspended' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Update User' }));
    expect(await screen.findByText(staffMessages.userUpdated)).toBeTruthy();
    expect(requestsTo('PATCH', '/api/manage/users/u-fran')[0]?.body).toEqual({
      name: 'Fran Fulfiller',
      email: 'fran@example.com',
      role: 'fulfiller',
      password: '',
      notificationEnabled: false,
      priorityFulfiller: true,
      suspended: false,
    });
  });

  it('still checks a new password typed on edit', async () => {
    const { user } = renderUsers();
    await user.click(within(await usersTable()).getByRole('button', { name: 'Edit Ada Admin' }));
    await user.type(field(/^Password/), '12345');
    await user.click(within(dialog()).getByRole('button', { name: 'Update User' }));
    expect(await within(dialog()).findByText(staffMessages.passwordTooShort)).toBeTruthy();
    expect(requestsTo('PATCH', '/api/manage/users/u-ada')).toHaveLength(0);
  });

  it('shows the server’s field message by its field, and other refusals in a toast', async () => {
    let answer = () => errorResponse('conflict', staffMessages.emailTaken, { email: [staffMessages.emailTaken] });
    const { user } = renderUsers({ 'PATCH /api/manage/users/u-ada': () => answer() });
    await user.click(within(await usersTable()).getByRole('button', { name: 'Edit Ada Admin' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Update User' }));
    expect(await within(dialog()).findByText(staffMessages.emailTaken)).toBeTruthy();
    expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true');

    answer = () => errorResponse('bad_request', staffMessages.cannotSuspendSelf);
    await user.click(within(dialog()).getByRole('button', { name: 'Update User' }));
    expect(await screen.findByText(staffMessages.cannotSuspendSelf)).toBeTruthy();

    answer = () => errorResponse('internal_error', 'Something went wrong');
    await user.click(within(dialog()).getByRole('button', { name: 'Update User' }));
    expect(await screen.findByText(staffMessages.saveUserFailed)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('marks a user whose sign-in is locked, and unlocks it', async () => {
    let users = [ada, { ...fran, suspended: false, signInLocked: true }];
    const { user } = renderUsers({
      'GET /api/manage/users': () => jsonResponse({ users }),
      'POST /api/manage/users/u-fran/unlock': () => {
        users = [ada, { ...fran, suspended: false, signInLocked: false }];
        return jsonResponse({ user: users[1] });
      },
    });
    const table = await usersTable();
    expect(within(table).getByText('Sign-in locked')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Unlock sign-in for Ada Admin' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Unlock sign-in for Fran Fulfiller' }));
    expect(await screen.findByText(staffMessages.signInUnlocked)).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/users/u-fran/unlock')).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByText('Sign-in locked')).toBeNull());
  });

  it('asks before deleting, with the spec’s words, and deletes on Delete User', async () => {
    let users = [ada, fran];
    const { user } = renderUsers({
      'GET /api/manage/users': () => jsonResponse({ users }),
      'DELETE /api/manage/users/u-fran': () => {
        users = [ada];
        return jsonResponse(null, 204);
      },
    });
    await user.click(within(await usersTable()).getByRole('button', { name: 'Delete Fran Fulfiller' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete User' });
    expect(within(confirm).getByText(
      'Are you sure you want to delete Fran Fulfiller? This will remove their access, delete their profile, and their authentication account. This action cannot be undone.',
    )).toBeTruthy();

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requestsTo('DELETE', '/api/manage/users/u-fran')).toHaveLength(0);

    await user.click(within(await usersTable()).getByRole('button', { name: 'Delete Fran Fulfiller' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText(staffMessages.userDeleted)).toBeTruthy();
    expect(requestsTo('DELETE', '/api/manage/users/u-fran')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'All Users (1)' })).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add User' }));
  });

  it('tells a refused delete with the server’s message, else the spec’s fallback', async () => {
    let answer = () => errorResponse('bad_request', staffMessages.cannotDeleteSelf);
    const { user } = renderUsers({ 'DELETE /api/manage/users/u-ada': () => answer() });
    await user.click(within(await usersTable()).getByRole('button', { name: 'Delete Ada Admin' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText(staffMessages.cannotDeleteSelf)).toBeTruthy();

    answer = () => networkFailure();
    await user.click(within(await usersTable()).getByRole('button', { name: 'Delete Ada Admin' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText(staffMessages.deleteUserFailed)).toBeTruthy();
  });
});
