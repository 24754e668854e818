import type { Page } from '@playwright/test';
import { test, expect, expectAccessibleAtBothWidths } from './fixtures';
import { giveSignInCode, signInContext } from './staff-accounts';
import { totpCodeOf } from '../support/totp';
import { twoFactorMessages } from '#shared/staff/two-factor.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { passwordRuleMessages } from '#shared/staff/password-rule.ts';

// Two-factor sign-in through the screens themselves: enrolment at the first sign-in with a code
// computed here from the secret the screen shows, the code step, recovery codes, the forced
// password change and an admin's reset.

// Several screens, each checked by axe at two widths: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

async function passwordStep(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/manage/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/manage\/login$/);
}

test('a new member enrols at the first sign-in, then a recovery code signs in once and is refused the second time', async ({ page, staffAccount }) => {
  const member = await staffAccount({ role: 'fulfiller', enrolled: false });
  await passwordStep(page, member);

  await expect(page.getByRole('heading', { level: 1, name: 'Set Up Two-Factor Sign-In' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByRole('form', { name: 'Begin two-factor set-up' }).getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessibleAtBothWidths(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const confirmForm = page.getByRole('form', { name: 'Confirm two-factor sign-in' });
  await confirmForm.getByLabel('Authentication Code').fill(await totpCodeOf(secret));
  await confirmForm.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Save Your Recovery Codes' })).toBeVisible();
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await expectAccessibleAtBothWidths(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'I have saved my codes: continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders Management' })).toBeVisible();
  await logOut(page);

  // A recovery code instead of the app's code: once.
  for (const attempt of ['first', 'second'] as const) {
    await passwordStep(page, member);
    const codeForm = page.getByRole('form', { name: 'Two-factor sign-in' });
    await codeForm.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await codeForm.getByLabel('Recovery Code').fill(codes[0]!);
    await codeForm.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') {
      await expect(page.getByRole('heading', { level: 1, name: 'Orders Management' })).toBeVisible();
      await logOut(page);
    } else {
      await expect(codeForm.getByText(twoFactorMessages.recoveryCodeWrong)).toBeVisible();
      await expect(page).toHaveURL(/\/manage\/login/);
    }
  }
});

test('an enrolled member signs in with the code after the password; a wrong code is refused', async ({ page, staffAccount }) => {
  const member = await staffAccount({ role: 'admin' });
  await passwordStep(page, member);
  const codeForm = page.getByRole('form', { name: 'Two-factor sign-in' });
  await expect(codeForm).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const right = await totpCodeOf(member.totpSecret!);
  await codeForm.getByLabel('Authentication Code').fill(right === '000000' ? '111111' : '000000');
  await codeForm.getByRole('button', { name: 'Verify' }).click();
  await expect(codeForm.getByText(twoFactorMessages.codeWrong)).toBeVisible();
  await giveSignInCode(page, member.totpSecret!);
  // An admin's first page is the dashboard.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('a member whose password an admin set chooses a new one, then enrols, before the panel opens', async ({ page, staffAccount }) => {
  const member = await staffAccount({ role: 'fulfiller', enrolled: false, mustChangePassword: true });
  await passwordStep(page, member);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Password' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const form = page.getByRole('form', { name: 'Choose Your Password' });
  await form.getByLabel('Current Password').fill(member.password);
  // A short or common password is refused on this screen too, with its reason.
  for (const [weak, reason] of [
    ['abc', staffMessages.passwordTooShort],
    ['password1234', passwordRuleMessages.tooGuessable],
  ] as const) {
    await form.getByLabel('New Password').fill(weak);
    await form.getByRole('button', { name: 'Save Password' }).click();
    await expect(form.getByText(reason)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Password' })).toBeVisible();
  }
  await form.getByLabel('New Password').fill('my-own-password-1');
  await form.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set Up Two-Factor Sign-In' })).toBeVisible();
});

test('an admin resets a member’s two-factor sign-in: the member is signed out and enrols again', async ({ page, browser, baseURL, staffAccount, signedInAs }) => {
  const member = await staffAccount({ role: 'fulfiller', name: `Phone Lost ${Date.now()}` });
  const memberContext = await browser.newContext({ baseURL });
  await signInContext(memberContext, member, baseURL!);
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/manage/orders');
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Orders Management' })).toBeVisible();

  await signedInAs('admin');
  await page.goto('/manage/users');
  await page.getByRole('button', { name: `Reset two-factor for ${member.name}` }).first().click();
  const dialog = page.getByRole('alertdialog', { name: 'Reset Two-Factor Sign-In' });
  await expectAccessibleAtBothWidths(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Reset Two-Factor' }).click();
  await expect(page.getByText(twoFactorMessages.twoFactorReset)).toBeVisible();
  await expect(page.getByRole('button', { name: `Reset two-factor for ${member.name}` })).toHaveCount(0);

  await memberPage.reload();
  await expect(memberPage).toHaveURL(/\/manage\/login/);
  await passwordStep(memberPage, member);
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Set Up Two-Factor Sign-In' })).toBeVisible();
  await memberContext.close();
});

test('a code given over 15 minutes ago is asked for again in a dialog before an SSN, and then covers the SS-4', async ({ page, context, baseURL, staffAccount, paidOrder }) => {
  const admin = await staffAccount({ role: 'admin' });
  const { orderId, trackingNumber } = await paidOrder();
  await signInContext(context, admin, baseURL!, { codeGivenMinutesAgo: 16 });
  await page.goto(`/manage/orders/${orderId}`);

  await page.getByRole('button', { name: /^Reveal/ }).first().click();
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('123-45-6789')).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);

  // A wrong code keeps the dialog open with its message; the right one reveals the SSN.
  const code = dialog.getByLabel('Authentication Code');
  const right = await totpCodeOf(admin.totpSecret!);
  await code.fill(right === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(twoFactorMessages.codeWrong)).toBeVisible();
  await code.fill(await totpCodeOf(admin.totpSecret!));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('123-45-6789')).toBeVisible();

  // Within the next 15 minutes the SS-4 downloads without another code.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download SS-4' }).click();
  expect((await downloading).suggestedFilename()).toBe(`SS-4-${trackingNumber}.pdf`);
  await expect(dialog).toBeHidden();
});
