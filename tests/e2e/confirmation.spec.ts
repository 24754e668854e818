import { sampleApplication } from '#shared/application/sample-application.ts';
import { confirmationMessages } from '#shared/checkout/checkout-messages.ts';
import { buyWithTestCard, expect, expectAccessibleAtBothWidths, readSavedApplication, seedSavedApplication, test } from './fixtures';
import { deliveryPromise } from '#shared/delivery-promise.ts';

test('without a payment reference the page says payment information is missing, and offers a retry', async ({ page }) => {
  await seedSavedApplication(page, sampleApplication());
  await page.goto('/ein/confirmation');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(confirmationMessages.missingReference);
  await expect(page.getByText(confirmationMessages.failureText)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track Application' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);

  // The answers are kept for the retry.
  expect(await readSavedApplication(page)).not.toBeNull();
  await page.getByRole('link', { name: 'Retry Payment' }).click();
  await expect(page).toHaveURL(/\/ein\/step-6$/);
  await expect(page.getByRole('button', { name: 'Complete Order' })).toBeVisible();
});

test('an unknown payment reference is not confirmed', async ({ page }) => {
  await page.goto('/ein/confirmation?payment_intent=pi_does_not_exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expect(page.getByText(confirmationMessages.failureText)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retry Payment' })).toHaveAttribute('href', '/ein/step-6');
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
});

test('a paid order is confirmed with its tracking number, total and reference; reloading is safe', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await buyWithTestCard(page);
  // Arriving from the bottom of step 6, the page starts at its top.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await expect(page).toHaveTitle('EIN Application Confirmation | EIN Filing Service');
  // (The page shell carries a site-wide description too; this is the page's own.)
  await expect(page.locator('meta[name="description"]').last()).toHaveAttribute('content', /\$149\.00/);
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/ein/confirmation`);

  const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent');
  expect(paymentIntentId).toBeTruthy();
  const trackingNumber = (await page.getByText(/^[A-Z0-9]{12}$/).textContent()) ?? '';
  expect(trackingNumber).toMatch(/^[A-Z0-9]{12}$/);
  await expect(page.getByRole('definition').filter({ hasText: '$149.00' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^Paid$/ })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Credit/Debit Card' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: paymentIntentId! })).toBeVisible();
  await expect(page.getByText(deliveryPromise.sentence)).toBeVisible();
  // The one-hour cancellation link travels in the confirmation e-mail and on this page.
  await expect(page.getByRole('link', { name: 'Cancel my order' })).toBeVisible();

  // The application is done: the saved answers and the draft are gone, the result is kept.
  expect(await readSavedApplication(page)).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('ein-checkout-draft-id'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('ein-tracking-number'))).toBe(trackingNumber);

  // Copy: the number lands on the clipboard, and the button says so for 2 seconds.
  await page.getByRole('button', { name: 'Copy tracking number' }).click();
  await expect(page.getByRole('button', { name: 'Tracking number copied' })).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trackingNumber);
  await expect(page.getByRole('button', { name: 'Copy tracking number' })).toHaveText('Copy', { timeout: 4000 });

  await expectAccessibleAtBothWidths(page);

  // A reload verifies again and shows the same order.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
  await expect(page.getByText(trackingNumber, { exact: true })).toBeVisible();

  // So does the page without the address's reference: it reads the one saved in the session.
  await page.goto('/ein/confirmation');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
  await expect(page.getByText(trackingNumber, { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Track Application' }).click();
  await expect(page).toHaveURL(new RegExp(`/track-application\\?number=${trackingNumber}$`));
  await expect(page.getByRole('heading', { name: 'Application Status' })).toBeVisible();
  await expect(page.getByText('In Process', { exact: true }).first()).toBeVisible();
});
