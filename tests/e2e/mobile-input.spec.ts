import type { Page } from '@playwright/test';
import { sampleSection } from '#shared/application/sample-application.ts';
import { expect, expectNoSeriousA11yViolations, gotoHydrated, readSavedApplication, seedSavedApplication, test } from './fixtures';

// What people type, paste and tap on a phone: 375 px wide, with touch.
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/**
 * Taps a field and puts the text in with one input event, as a paste or a keyboard suggestion does
 * (headless Chromium's clipboard paste is unreliable under test). Like a paste, this insertion is cut
 * by an input's maxlength: with one, "+1 (512) 555-0147" came out as "(151) 255-50".
 */
async function paste(page: Page, name: string, text: string) {
  await field(page, name).tap();
  await expect(field(page, name)).toBeFocused();
  await page.keyboard.insertText(text);
}

async function openStep3(page: Page) {
  await seedSavedApplication(page, { version: 1, company: sampleSection('company', { entityType: 'LLC' }), registration: sampleSection('registration') });
  await page.goto('/ein/step-3');
  await expect(page.getByRole('heading', { level: 1, name: 'Responsible Party' })).toBeVisible();
}

test('a help tip opens on a tap and closes on a tap elsewhere', async ({ page }) => {
  await gotoHydrated(page, '/ein-application-start');
  const help = page.getByRole('button', { name: 'Help: State of Formation' });
  await help.tap();
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('The state where the business was formed');
  // The bubble stays on the screen.
  const box = await tip.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('heading', { level: 1 }).tap();
  await expect(tip).toHaveCount(0);
});

test('a pasted "+1 (512) 555-0147" becomes (512) 555-0147, and a pasted SSN with spaces is kept whole', async ({ page }) => {
  await openStep3(page);
  await paste(page, 'phoneNumber', '+1 (512) 555-0147');
  await expect(field(page, 'phoneNumber')).toHaveValue('(512) 555-0147');
  await paste(page, 'rpPhone', '1.512.555.0148');
  await expect(field(page, 'rpPhone')).toHaveValue('(512) 555-0148');
  await paste(page, 'rpSSN', '123 45 6789');
  await expect(field(page, 'rpSSN')).toHaveValue('123-45-6789');
});

test('a name with accents or an apostrophe is offered as the IRS will receive it', async ({ page }) => {
  await openStep3(page);
  await field(page, 'contactLastName').fill("Núñez-García O'Brien");
  await page.getByRole('button', { name: 'Use this: Nunez-Garcia OBrien' }).tap();
  await expect(field(page, 'contactLastName')).toHaveValue('Nunez-Garcia OBrien');
});

test('text typed on a step survives Back, Forward and reload, and focus lands on each new heading', async ({ page }) => {
  await openStep3(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Responsible Party' })).toBeFocused();
  await field(page, 'contactFirstName').fill('Jane');
  await field(page, 'rpTitle').fill('Owner');

  // The page's Back control, then the browser's Back to return.
  await page.getByRole('link', { name: 'Back' }).tap();
  await expect(page).toHaveURL(/\/ein\/step-2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Company Registration Details' })).toBeFocused();
  await page.goBack();
  await expect(page).toHaveURL(/\/ein\/step-3$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Responsible Party' })).toBeFocused();
  await expect(field(page, 'contactFirstName')).toHaveValue('Jane');
  await expect(field(page, 'rpTitle')).toHaveValue('Owner');

  // Forward to step 2 and Back again with the browser, and a reload straight after typing.
  await field(page, 'contactLastName').fill('Doe');
  await page.goForward();
  await expect(page).toHaveURL(/\/ein\/step-2$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/ein\/step-3$/);
  await expect(field(page, 'contactLastName')).toHaveValue('Doe');
  await field(page, 'emailAddress').fill('jane@example.com');
  await page.reload();
  await expect(field(page, 'emailAddress')).toHaveValue('jane@example.com');
  expect((await readSavedApplication(page))?.contact).toMatchObject({ contactFirstName: 'Jane', contactLastName: 'Doe', rpTitle: 'Owner', emailAddress: 'jane@example.com' });
});

test('after a refused Continue, focus lands on the first invalid field', async ({ page }) => {
  await openStep3(page);
  await field(page, 'contactFirstName').fill('Jane');
  await page.getByRole('button', { name: 'Continue' }).tap();
  await expect(field(page, 'contactLastName')).toBeFocused();
  await expect(page.getByText('Last name is required').first()).toBeVisible();
});

test('a tracking number pasted with spaces around it finds the order', async ({ page, paidOrder }) => {
  const { trackingNumber } = await paidOrder();
  await gotoHydrated(page, '/track-application');
  await paste(page, 'number', `  ${trackingNumber.toLowerCase()}  `);
  await expect(field(page, 'number')).toHaveValue(trackingNumber);
  await page.getByRole('button', { name: 'Track Application' }).tap();
  await expect(page.getByRole('heading', { name: 'Application Status' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`number=${trackingNumber}`));
});
