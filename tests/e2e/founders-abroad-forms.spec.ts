import type { Locator, Page } from '@playwright/test';
import { sampleSection } from '../../src/shared/application/sample-application';
import { expect, expectAccessibleAtBothWidths, gotoHydrated, screenshotAtBothWidths, seedSavedApplication, test } from './fixtures';

// The forms as a founder abroad meets them on a phone: the phone's country choice readable at 375 px,
// "Same as primary contact" copying a number abroad as one, and step 2 starting in the country step 1
// implied (decision 052).

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const phoneCountry = (page: Page, group: string) => page.getByRole('group', { name: group }).getByRole('combobox', { name: 'Phone Number: country' });

/**
 * How much narrower a select is than the browser would draw it to show its options whole (its
 * arrow included): a copy of it left at its natural width says what that takes. 0 or less when none
 * is cut.
 */
function clippedBy(select: Locator): Promise<number> {
  return select.evaluate((element: HTMLSelectElement) => {
    const copy = element.cloneNode(true) as HTMLSelectElement;
    copy.style.width = 'auto';
    copy.style.position = 'absolute';
    copy.style.visibility = 'hidden';
    document.body.append(copy);
    const natural = copy.getBoundingClientRect().width;
    copy.remove();
    return natural - element.getBoundingClientRect().width;
  });
}

test('at 375 px each phone\'s country choice shows "US +1" and "Other" whole, and the number beside it keeps its room', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await seedSavedApplication(page, { version: 1, company: sampleSection('company'), registration: sampleSection('registration') });
  await gotoHydrated(page, '/ein/step-3');
  for (const group of ['Primary Contact', 'Responsible Party']) {
    const select = phoneCountry(page, group);
    await expect(select).toHaveValue('us');
    expect(await clippedBy(select), `${group}: "US +1"`).toBeLessThanOrEqual(0);
    await select.selectOption({ label: 'Other' });
    expect(await clippedBy(select), `${group}: "Other"`).toBeLessThanOrEqual(0);
  }
  const number = await field(page, 'rpPhone').boundingBox();
  expect(number?.width ?? 0).toBeGreaterThanOrEqual(180);
  await page.getByRole('checkbox', { name: /^The responsible party is the same as the primary contact/ }).scrollIntoViewIfNeeded();
  await screenshotAtBothWidths(page, 'abroad-phone-country');
});

test('"Same as primary contact" copies a number abroad under "Other", every digit kept, even before it carries its country code', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await seedSavedApplication(page, { version: 1, company: sampleSection('company'), registration: sampleSection('registration') });
  await gotoHydrated(page, '/ein/step-3');
  await phoneCountry(page, 'Primary Contact').selectOption({ label: 'Other' });
  await field(page, 'phoneNumber').fill('030 1234 5678');
  await page.getByRole('checkbox', { name: /^The responsible party is the same as the primary contact/ }).check();
  await expect(phoneCountry(page, 'Responsible Party')).toHaveValue('abroad');
  await expect(field(page, 'rpPhone')).toHaveValue('030 1234 5678');

  // Given its country code, the number is copied again as it is kept (E.164) and shown as people write it.
  await field(page, 'phoneNumber').fill('+49 30 12345678');
  await field(page, 'emailAddress').click();
  await expect(field(page, 'phoneNumber')).toHaveValue('+49 30 12345678');
  await expect(phoneCountry(page, 'Responsible Party')).toHaveValue('abroad');
  await expect(field(page, 'rpPhone')).toHaveValue('+49 30 12345678');
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'abroad-phone-copied');

  // A US number still lands under "US +1" with its mask.
  await phoneCountry(page, 'Primary Contact').selectOption({ label: 'US +1' });
  await field(page, 'phoneNumber').pressSequentially('5125550147');
  await expect(phoneCountry(page, 'Responsible Party')).toHaveValue('us');
  await expect(field(page, 'rpPhone')).toHaveValue('(512) 555-0147');
});

/** The text the select shows: its chosen option's. */
const shownOption = (select: Locator) => select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? '');

test('step 2 opens in the country step 1 implied, even after step 1 changed from a state to "Outside the United States"', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // Step 2 was saved while step 1 said Texas; step 1 now says the LLC is outside the United States.
  await seedSavedApplication(page, {
    version: 1,
    company: sampleSection('company', { llcLocationState: 'Outside US' }),
    registration: sampleSection('registration'),
  });
  await gotoHydrated(page, '/ein/step-2');
  await expect(field(page, 'country')).toHaveValue('');
  expect(await shownOption(field(page, 'country'))).toBe('Select a country…');
  await expect(field(page, 'county')).toHaveCount(0);
  await expect(field(page, 'state')).toHaveCount(0);
  await expect(field(page, 'zipCode')).toHaveCount(0);
  await expect(field(page, 'postalCode')).toBeVisible();
  await screenshotAtBothWidths(page, 'abroad-step-2-from-step-1');

});

test('"Another country…" goes on to the list of countries, never leaving "United States" chosen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // What the page asks the browser: to open the list again once the countries are there.
  await page.addInitScript(() => {
    const open = HTMLSelectElement.prototype.showPicker;
    HTMLSelectElement.prototype.showPicker = function showPicker(this: HTMLSelectElement) {
      (window as unknown as { reopened?: string }).reopened = this.name;
      return open.call(this);
    };
  });
  await seedSavedApplication(page, { version: 1, company: sampleSection('company', { entityType: 'Corporation', corporationType: 'Corporation', state: 'DE' }) });
  await gotoHydrated(page, '/ein/step-2');
  const country = field(page, 'country');
  await expect(country).toHaveValue('US');
  await country.selectOption({ label: 'Another country…' });
  await expect(country.locator('option', { hasText: 'Germany' })).toHaveCount(1);
  await expect(country).toBeFocused();
  await expect.poll(() => page.evaluate(() => (window as unknown as { reopened?: string }).reopened)).toBe('country');
  await expect(country).toHaveValue('');
  expect(await shownOption(country)).toBe('Select a country…');
  await expect(field(page, 'county')).toHaveCount(0);
  await country.selectOption({ label: 'Germany' });
  await expect(field(page, 'postalCode')).toBeVisible();
});
