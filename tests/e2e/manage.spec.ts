import type { Page } from '@playwright/test';
import { test, expect, expectAccessibleAtBothWidths, screenshotAtBothWidths } from './fixtures';
import { giveSignInCode, readMailbox, signInContext } from './staff-accounts';
import { staffMessages } from '#shared/staff/staff-messages.ts';

/** Signs in through the form: only the tests of the form itself do; the rest use the `signedInAs` fixture. */
async function signInThroughForm(page: Page, account: { email: string; password: string; totpSecret?: string | null }): Promise<void> {
  await page.goto('/manage/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (account.totpSecret) await giveSignInCode(page, account.totpSecret);
}

async function openOrders(page: Page): Promise<void> {
  await page.goto('/manage/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders Management' })).toBeVisible();
}

/** Collects Content-Security-Policy violations reported on the console. */
function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

test('an admin finds an order, assigns it and completes it with the EIN, which reaches the customer', async ({ page, paidOrder, staffAccount, signedInAs }) => {
  const { trackingNumber } = await paidOrder();
  const assignee = await staffAccount({ name: `Assignee ${trackingNumber}` });

  await signedInAs('admin');
  await openOrders(page);
  // Filters live in the address: status, then a search by part of the tracking number.
  await page.getByLabel('Status').selectOption({ label: 'Reviewing Form Data' });
  await expect(page).toHaveURL(/status=reviewing_form_data/);
  await page.getByLabel('Search').fill(trackingNumber.slice(2, 10).toLowerCase());
  await expect(page).toHaveURL(new RegExp(`search=${trackingNumber.slice(2, 10).toLowerCase()}`));
  await expect(page.getByRole('link', { name: `View order ${trackingNumber}` })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('reviewing_form_data');
  await page.getByLabel('Priority').selectOption({ label: 'Rush' });
  await expect(page.getByText(staffMessages.noOrders)).toBeVisible();
  await page.getByLabel('Priority').selectOption({ label: 'All' });

  await page.getByRole('link', { name: `View order ${trackingNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${trackingNumber}` })).toBeVisible();
  await expect(page.getByText('***-**-6789').first()).toBeVisible();

  const form = page.getByRole('form', { name: 'Order Management' });
  await form.getByLabel('Assign To').selectOption({ label: assignee.name });
  await form.getByLabel('Status').selectOption({ label: 'Completed' });
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText(staffMessages.einRequired)).toBeVisible();
  await form.getByLabel('EIN').fill('123456789');
  await expect(form.getByLabel('EIN')).toHaveValue('12-3456789');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(staffMessages.orderUpdated)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Status History' })).toBeVisible();
  // Back to the list as it was filtered.
  await page.getByRole('link', { name: 'Back to Orders' }).click();
  await expect(page).toHaveURL(/\/manage\/orders\?.*status=reviewing_form_data.*search=/);

  // The customer's e-mail holds the EIN; the assignee was told of the assignment.
  await expect.poll(() => readMailbox().some((mail) => mail.includes('12-3456789') && mail.includes(trackingNumber))).toBe(true);
  await expect.poll(() => readMailbox().some((mail) => mail.includes(`To: ${assignee.email}`) && mail.includes(trackingNumber))).toBe(true);

  await page.goto(`/track-application?number=${trackingNumber}`);
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
});

test('a fulfiller sees only the orders assigned to them, no Users link, and is refused the users screen', async ({ page, paidOrder, signedInAs }) => {
  const fulfiller = await signedInAs('fulfiller');
  const { orderId: theirId, trackingNumber: theirs } = await paidOrder({ assignedTo: fulfiller.id });
  const { orderId: otherId, trackingNumber: notTheirs } = await paidOrder();

  await openOrders(page);
  await expect(page.getByRole('link', { name: `View order ${theirs}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `View order ${notTheirs}` })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Management Panel' }).getByRole('link', { name: 'Users' })).toHaveCount(0);

  await page.goto('/manage/users');
  await expect(page.getByText(staffMessages.accessDenied)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);

  await page.goto(`/manage/orders/${otherId}`);
  await expect(page.getByText(staffMessages.orderNotFound)).toBeVisible();
  await expect(page.getByText(notTheirs)).toHaveCount(0);

  await page.goto(`/manage/orders/${theirId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${theirs}` })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Order Management' }).getByLabel('Assign To')).toBeDisabled();
});

test('a suspended account is refused with the spec message', async ({ page, staffAccount }) => {
  const suspended = await staffAccount({ suspended: true });
  await signInThroughForm(page, { email: suspended.email, password: suspended.password });
  await expect(page.getByRole('alert')).toContainText(staffMessages.suspended);
  await expect(page).toHaveURL(/\/manage\/login/);

  await signInThroughForm(page, { email: suspended.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toContainText(staffMessages.invalidCredentials);
});

test('the sign-in form waits for its code: nothing can be typed or sent before, and the password is never in an address', async ({ page, staffAccount }) => {
  const admin = await staffAccount({ role: 'admin' });
  // The form arrives in the server's HTML; the sign-in page's code is held back, so the page is not
  // hydrated yet.
  let releaseChunk = () => {};
  const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
  await page.route(/\/assets\/login-page-[^/]+\.js$/, async (route) => {
    await chunkHeld;
    await route.continue();
  });
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  await page.goto('/manage/login', { waitUntil: 'domcontentloaded' });
  // Shown at once, but closed: a native post would reach no route, and typing could be lost.
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Email/ })).toBeDisabled();
  await expect(page.getByLabel('Password')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  releaseChunk();
  await page.getByRole('textbox', { name: /^Email/ }).fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await giveSignInCode(page, admin.totpSecret!);
  // An admin's first page is the dashboard.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(addresses.filter((address) => address.includes(encodeURIComponent(admin.password)) || address.includes(admin.password))).toEqual([]);
});

test('without a session /manage sends to the login page, and Logout ends the session', async ({ page, staffAccount }) => {
  const admin = await staffAccount({ role: 'admin' });
  await page.goto('/manage/orders?status=completed');
  await expect(page).toHaveURL(/\/manage\/login\?next=/);
  await page.getByRole('textbox', { name: /^Email/ }).fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await giveSignInCode(page, admin.totpSecret!);
  await expect(page).toHaveURL(/\/manage\/orders\?status=completed/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/manage\/login$/);
  await page.goto('/manage/orders');
  await expect(page).toHaveURL(/\/manage\/login/);
});

test('a comment added in one browser appears in another without a reload', async ({ page, browser, baseURL, paidOrder, staffAccount, signedInAs }) => {
  const { orderId } = await paidOrder();

  await signedInAs('admin');
  await page.goto(`/manage/orders/${orderId}`);
  await expect(page.getByText('No comments yet')).toBeVisible();

  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.251.0.7' } });
  const colleague = await staffAccount({ role: 'admin', name: 'Colleague Admin' });
  await signInContext(other, colleague, baseURL!);
  const second = await other.newPage();
  await second.goto(`/manage/orders/${orderId}`);
  await expect(second.getByText('No comments yet')).toBeVisible();

  await second.getByPlaceholder('Add a comment about this order...').fill('  Called the IRS.\nWaiting on the letter.  ');
  await second.getByRole('button', { name: 'Add Comment' }).click();
  await expect(second.getByText(staffMessages.commentAdded)).toBeVisible();

  const comment = page.getByRole('list', { name: 'Comments' }).getByRole('listitem');
  await expect(comment).toHaveCount(1);
  await expect(comment).toContainText('Colleague Admin');
  await expect(comment).toContainText(colleague.email);
  expect(await comment.getByText(/Called the IRS\./).innerText()).toBe('Called the IRS.\nWaiting on the letter.');
  await other.close();
});

test('an admin creates, edits and deletes a user through the dialogs', async ({ page, signedInAs }) => {
  const cspViolations = watchCspViolations(page);
  const unique = Date.now().toString(36);
  const email = `new-${unique}@example.com`;
  await signedInAs('admin');
  await openOrders(page);
  await page.getByRole('navigation', { name: 'Management Panel' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await add.getByRole('button', { name: 'Create User' }).click();
  await expect(add.getByText(staffMessages.fullNameRequired)).toBeVisible();
  await add.getByLabel('Full Name').fill(`Dana ${unique}`);
  await add.getByRole('textbox', { name: /^Email/ }).fill(email);
  await add.getByLabel('Password').fill('12345');
  await add.getByRole('button', { name: 'Create User' }).click();
  await expect(add.getByText(staffMessages.passwordTooShort)).toBeVisible();
  await add.getByLabel('Password').fill('maple-orbit-candle-82-river');
  await add.getByRole('switch', { name: 'Priority Fulfiller (auto-assign orders)' }).click();
  await add.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText(staffMessages.userCreated)).toBeVisible();
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(`Dana ${unique}`) });
  await expect(row).toContainText('Fulfiller');
  await expect(row).toContainText('Priority');
  await expect(row).toContainText('Active');

  await page.getByRole('button', { name: `Edit Dana ${unique}` }).first().click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByRole('textbox', { name: /^Email/ })).toHaveValue(email);
  await edit.getByLabel('Full Name').fill(`Dana Renamed ${unique}`);
  await edit.getByLabel('Role').selectOption({ label: 'Admin (Full Access)' });
  await edit.getByRole('switch', { name: 'Suspended' }).click();
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expect(page.getByText(staffMessages.userUpdated)).toBeVisible();
  const renamed = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(`Dana Renamed ${unique}`) });
  await expect(renamed).toContainText('Admin');
  await expect(renamed).toContainText('Suspended');

  await page.getByRole('button', { name: `Delete Dana Renamed ${unique}` }).first().click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
  await expect(confirm).toContainText(
    `Are you sure you want to delete Dana Renamed ${unique}? This will remove their access, delete their profile, and their authentication account. This action cannot be undone.`,
  );
  await confirm.getByRole('button', { name: 'Delete User' }).click();
  await expect(page.getByText(staffMessages.userDeleted)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByText(`Dana Renamed ${unique}`)).toHaveCount(0);
  expect(cspViolations).toEqual([]);
});

test('the staff screens pass the accessibility scan at 1280 and 375 px', async ({ page, paidOrder, signedInAs }) => {
  // Four screens, each scanned at two widths; the order page alone holds a dozen cards.
  test.slow();
  await page.goto('/manage/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  const { trackingNumber } = await paidOrder();
  await signedInAs('admin');
  await openOrders(page);
  await expectAccessibleAtBothWidths(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Search').fill(trackingNumber);
  await page.getByRole('link', { name: `View order ${trackingNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${trackingNumber}` })).toBeVisible();
  await page.getByRole('button', { name: 'SS-4 Form Field Mapping' }).click();
  await expect(page.getByText('Lines That Apply')).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/manage/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
});

test('an address under /manage that names no page says so inside the panel, with a way back to the orders', async ({ page, signedInAs }) => {
  await signedInAs('fulfiller');
  await page.goto('/manage/nope');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Management Panel' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
  await expect(page).toHaveTitle('Page not found | Management Panel');
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'panel-not-found');
  await page.getByRole('link', { name: 'Back to Orders' }).click();
  await expect(page).toHaveURL(/\/manage\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders Management' })).toBeVisible();
});
