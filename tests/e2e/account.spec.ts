import { expectAccessibleAtBothWidths, expect, test } from './fixtures';
import { giveSignInCode, signInContext } from './staff-accounts';
import { staffMessages } from '#shared/staff/staff-messages.ts';

// My Account (issue 13 item 2) and the admin's unlock (issue 12): driven through the screens.

test('a password change signs out the member’s other session and keeps this one', async ({ page, browser, baseURL, staffAccount, signedInAs }) => {
  const member = await staffAccount({ role: 'fulfiller', name: 'Pat Password' });
  await signedInAs(member);
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.252.0.9' } });
  await signInContext(other, member, baseURL!);
  const elsewhere = await other.newPage();
  await elsewhere.goto('/manage/account');
  await expect(elsewhere.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  await page.goto('/manage/orders');
  await page.getByRole('navigation', { name: 'Management Panel' }).getByRole('link', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { name: 'Active Sessions (2)' })).toBeVisible();
  await expect(page.locator('#manage-main').getByText('Pat Password')).toBeVisible();
  const form = page.getByRole('form', { name: 'Change Password' });
  await form.getByLabel(/Current Password/).fill(member.password);
  await form.getByLabel(/New Password/).fill('quiet-harbor-lantern-57-meadow');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(staffMessages.passwordChanged)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Sessions (1)' })).toBeVisible();

  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/manage\/login/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  // The new password signs in through the form; the old one no longer does.
  await elsewhere.getByLabel('Email').fill(member.email);
  await elsewhere.getByLabel('Password').fill(member.password);
  await elsewhere.getByRole('button', { name: 'Sign In' }).click();
  await expect(elsewhere.getByText(staffMessages.invalidCredentials)).toBeVisible();
  await elsewhere.getByLabel('Password').fill('quiet-harbor-lantern-57-meadow');
  await elsewhere.getByRole('button', { name: 'Sign In' }).click();
  // The password is the first step; the authenticator's code is still asked for.
  await giveSignInCode(elsewhere, member.totpSecret!);
  await expect(elsewhere.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await other.close();
});

test('revoking a session signs that browser out', async ({ page, browser, baseURL, staffAccount, signedInAs }) => {
  const member = await staffAccount({ role: 'admin' });
  await signedInAs(member);
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.252.0.10' } });
  await signInContext(other, member, baseURL!);
  const elsewhere = await other.newPage();
  await elsewhere.goto('/manage/orders');
  await expect(elsewhere.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  await page.goto('/manage/account');
  const sessions = page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: 'This browser' })).toHaveCount(1);
  await sessions.filter({ hasNotText: 'This browser' }).getByRole('button', { name: /^Sign out/ }).click();
  await expect(page.getByText(staffMessages.sessionRevoked)).toBeVisible();
  await expect(sessions).toHaveCount(1);

  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/manage\/login/);
  await other.close();
});

test('an admin unlocks a member whose sign-in strangers’ guesses hold back', async ({ page, request, baseURL, staffAccount, signedInAs }) => {
  const member = await staffAccount({ role: 'fulfiller', name: 'Lee Locked' });
  for (let attempt = 0; attempt < 7; attempt += 1) {
    await request.post('/api/manage/session', { data: { email: member.email, password: 'a-stranger-guess' }, headers: { origin: baseURL!, 'x-forwarded-for': `10.253.1.${attempt + 1}` } });
  }
  await signedInAs('admin');
  await page.goto('/manage/users');
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: 'Lee Locked' });
  await expect(row.getByText('Sign-in locked')).toBeVisible();
  await row.getByRole('button', { name: 'Unlock sign-in for Lee Locked' }).click();
  await expect(page.getByText(staffMessages.signInUnlocked)).toBeVisible();
  await expect(row.getByText('Sign-in locked')).toHaveCount(0);
});

test('My Account passes the accessibility scan at 1280 and 375 px', async ({ page, signedInAs }) => {
  await signedInAs('fulfiller');
  await page.goto('/manage/account');
  await expect(page.getByRole('heading', { name: /Active Sessions/ })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
});
