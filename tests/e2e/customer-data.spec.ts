import { readFileSync } from 'node:fs';
import { test, expect, expectAccessibleAtBothWidths, seedSavedApplication } from './fixtures';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { checkoutMessages, checkoutStorageKeys } from '#shared/checkout/checkout-messages.ts';
import { customerDataMessages } from '#shared/customer-data/customer-data.ts';

const shots = process.env.SCREENSHOT_DIR;

test('an admin exports a customer\u2019s data from the order page, then deletes it; an open order blocks deletion', async ({ page, paidOrder, signedInAs }) => {
  const stamp = Date.now();
  const email = `data-request-${stamp}@example.com`;
  const { orderId, trackingNumber } = await paidOrder({ billingEmail: email, status: 'cancelled', application: { contact: { rpLastName: 'Quillfeather' } } });
  const openEmail = `open-order-${stamp}@example.com`;
  const { trackingNumber: openNumber } = await paidOrder({ billingEmail: openEmail });
  await signedInAs('admin');

  // From the order page: the action opens the screen with that customer found (the address stays out of the URL).
  await page.goto(`/manage/orders/${orderId}`);
  await page.getByRole('main').getByRole('link', { name: 'Customer Data' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/customer-data\\?order=${orderId}$`));
  const card = page.getByRole('heading', { name: `Data held about ${email}` });
  await expect(card).toBeVisible();
  await expect(page.getByRole('link', { name: trackingNumber })).toHaveAttribute('href', `/manage/orders/${orderId}`);
  if (shots) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await page.screenshot({ path: `${shots}/customer-data-found-${width}.png`, fullPage: true });
    }
  }
  await expectAccessibleAtBothWidths(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Export: a JSON file with the order and the SSN masked.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customer-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { email: string; data: { orders: { order_number: string; application: { contact: { rpSSN: string; rpLastName: string } } }[] } };
  expect(exported.email).toBe(email);
  expect(exported.data.orders[0]?.order_number).toBe(trackingNumber);
  expect(exported.data.orders[0]?.application.contact.rpSSN).toMatch(/^\*\*\*-\*\*-\d{4}$/);
  expect(exported.data.orders[0]?.application.contact.rpLastName).toBe('Quillfeather');

  // Delete, confirmed in a dialog, with the keyboard.
  await page.getByRole('button', { name: 'Delete Customer Data' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Customer Data' });
  await expect(dialog).toContainText(email);
  if (shots) await page.screenshot({ path: `${shots}/customer-data-confirm-1280.png` });
  await expectAccessibleAtBothWidths(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Delete Data' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: customerDataMessages.deleted })).toBeVisible();

  // Searching the address again finds nothing; the order keeps its bookkeeping and says so.
  await page.getByLabel('Customer e-mail').fill(email);
  await page.getByLabel('Customer e-mail').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: customerDataMessages.nothingHeld })).toBeVisible();
  await page.goto(`/manage/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Personal Data Erased' })).toBeVisible();
  await expect(page.getByText('Quillfeather')).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/order-erased-1280.png`, fullPage: true });

  // A customer with an open order: found by e-mail from the navigation, deletion disabled with the reason.
  await page.getByRole('navigation', { name: 'Management Panel' }).getByRole('link', { name: 'Customer Data' }).click();
  await page.getByLabel('Customer e-mail').fill('not an address');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByLabel('Customer e-mail')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Customer e-mail').fill(openEmail.toUpperCase());
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('link', { name: openNumber })).toBeVisible();
  const deleteButton = page.getByRole('button', { name: 'Delete Customer Data' });
  await expect(deleteButton).toBeDisabled();
  await expect(page.getByText(customerDataMessages.openOrders)).toBeVisible();
  if (shots) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await page.screenshot({ path: `${shots}/customer-data-blocked-${width}.png`, fullPage: true });
    }
  }
  await expectAccessibleAtBothWidths(page);
});

test('a fulfiller has no Customer Data screen', async ({ page, signedInAs }) => {
  await signedInAs('fulfiller');
  await page.goto('/manage/orders');
  await expect(page.getByRole('navigation', { name: 'Management Panel' }).getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Customer Data' })).toHaveCount(0);
  const response = await page.request.post('/api/manage/customer-data/lookup', { data: { email: 'anyone@example.com' }, headers: { origin: new URL(page.url()).origin } });
  expect(response.status()).toBe(403);
});

test('step 6 tells the customer a checkout left unpaid past the window was closed, and starts a new one', async ({ page, request }) => {
  await seedSavedApplication(page, sampleApplication());
  await page.goto('/ein/step-6');
  await expect(page.locator('[name="cardNumber"]')).toBeVisible();
  const draftId = await page.evaluate((key) => window.sessionStorage.getItem(key), checkoutStorageKeys.draftId);
  const expired = await request.post('/api/test-support/checkouts/expire', { data: { draftId } });
  expect((await expired.json()) as { purged: number }).toMatchObject({ purged: 1 });

  await page.reload();
  const notice = page.getByRole('alert').filter({ hasText: checkoutMessages.expired });
  await expect(notice).toBeVisible();
  if (shots) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await page.screenshot({ path: `${shots}/checkout-expired-${width}.png`, fullPage: true });
    }
  }
  await expectAccessibleAtBothWidths(page);
  await notice.getByRole('button', { name: checkoutMessages.startAgain }).click();
  await expect(page.locator('[name="cardNumber"]')).toBeVisible();
  const newDraftId = await page.evaluate((key) => window.sessionStorage.getItem(key), checkoutStorageKeys.draftId);
  expect(newDraftId).not.toBe(draftId);
});
