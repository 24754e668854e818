import type { Page } from '@playwright/test';
import { registrationMessages } from '#shared/application/registration.ts';
import { sampleSection } from '#shared/application/sample-application.ts';
import { expect, expectAccessibleAtBothWidths, readSavedApplication, screenshotAtBothWidths, seedSavedApplication, test } from './fixtures';

// Addresses as the IRS prints them (decision 052): the parts of an address on the SS-4 take the
// letters A-Z, digits, spaces, hyphens and slashes, and step 2 offers the spelling the IRS receives
// with the same one-tap "Use this" as a name.

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

test('step 2 offers "Torstrasse 12" for "Torstraße 12" at 375 px, and one tap puts it in the field', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await seedSavedApplication(page, {
    version: 1,
    company: sampleSection('company'),
    registration: sampleSection('registration', { country: 'DE', city: 'Berlin', county: '', state: '', zipCode: '', province: '', postalCode: '10119' }),
  });
  await page.goto('/ein/step-2');
  await field(page, 'streetAddress').fill('Torstraße 12');
  await field(page, 'city').focus();
  const offer = page.getByRole('button', { name: 'Use this: Torstrasse 12' });
  await expect(page.getByText('The IRS will receive Torstrasse 12')).toBeVisible();
  await expect(offer).toBeVisible();
  await expect(page.getByText(registrationMessages.addressCharacters)).toBeVisible();

  // Refused as typed: the page stays on step 2.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ein\/step-2$/);

  // The mailing address is held to the same rule.
  await page.getByRole('checkbox', { name: /Mailing address is the same/ }).uncheck();
  await field(page, 'mailingStreetAddress').fill('Calle Ñandú 5');
  await field(page, 'mailingCity').fill('Austin');
  await expect(page.getByRole('button', { name: 'Use this: Calle Nandu 5' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'addresses-1-suggestion');

  await page.setViewportSize({ width: 375, height: 812 });
  await offer.click();
  await expect(field(page, 'streetAddress')).toHaveValue('Torstrasse 12');
  await page.getByRole('button', { name: 'Use this: Calle Nandu 5' }).click();
  await expect(field(page, 'mailingStreetAddress')).toHaveValue('Calle Nandu 5');
  await expect(page.getByText(registrationMessages.addressCharacters)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Use this/ })).toHaveCount(0);

  await field(page, 'mailingCounty').fill('Travis');
  await field(page, 'mailingState').selectOption('Texas');
  await field(page, 'mailingZipCode').pressSequentially('78701');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ein\/step-3$/);
  expect((await readSavedApplication(page))?.registration).toMatchObject({ streetAddress: 'Torstrasse 12', mailingStreetAddress: 'Calle Nandu 5' });
});
