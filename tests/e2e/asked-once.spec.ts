import type { Locator, Page } from '@playwright/test';
import { sampleApplication, sampleSection, sampleSectionsBefore } from '#shared/application/sample-application.ts';
import { expect, expectAccessibleAtBothWidths, screenshotAtBothWidths, seedSavedApplication, test } from './fixtures';

// Each fact asked once: a later question the customer already answered is filled from the earlier
// answer and stays editable (the states of step 1 in step 2, a trustee who is the responsible party,
// the employees' total and the hiring month in step 4).

function question(page: Page, legend: string): Locator {
  return page.locator('legend', { hasText: legend }).locator('xpath=ancestor::fieldset[1]');
}

test("step 2 shows step 1's states, which the customer may change", async ({ page }) => {
  await seedSavedApplication(page, { version: 1, company: sampleSection('company', { entityType: 'LLC', state: 'WY', llcLocationState: 'TX' }) });
  await page.goto('/ein/step-2');
  await expect(page.getByRole('heading', { level: 1, name: 'Company Registration Details' })).toBeVisible();
  const organization = page.getByLabel(/^State of Organization/);
  await expect(organization).toHaveValue('Wyoming');
  await expect(page.getByText("From the state of formation in step 1; change it if the articles were filed elsewhere.")).toBeVisible();
  await expect(page.getByLabel(/^State\*?$/)).toHaveValue('Texas');
  await organization.selectOption('Delaware');
  await expect(organization).toHaveValue('Delaware');
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'asked-once-step-2');
});

test("a trust's responsible party titled Trustee is the trustee, typed once", async ({ page }) => {
  const trust = sampleApplication({ company: { entityType: 'Trust' } });
  await seedSavedApplication(page, { version: 1, company: trust.company, registration: trust.registration });
  await page.goto('/ein/step-3');
  const rp = page.getByRole('group', { name: 'Responsible Party' });
  const trustee = page.getByRole('group', { name: 'Trustee Information' });
  await rp.getByLabel(/^First Name/).fill('Mary');
  await rp.getByLabel(/^Last Name/).fill('Major');
  await expect(trustee.getByLabel(/^First Name/)).toHaveValue('');
  await rp.getByLabel(/^Title/).fill('Trustee');
  await expect(trustee.getByLabel(/^First Name/)).toHaveValue('Mary');
  await expect(trustee.getByLabel(/^Last Name/)).toHaveValue('Major');
  await expect(trustee.getByText(/Filled in from the responsible party above/)).toBeVisible();
  await trustee.getByLabel(/^First Name/).fill('Marianne');
  await rp.getByLabel(/^First Name/).fill('Maria');
  await expect(trustee.getByLabel(/^First Name/)).toHaveValue('Marianne');
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'asked-once-step-3');
});

test("step 4 sums the counts into the total and takes the hiring month from the first wages", async ({ page }) => {
  await seedSavedApplication(page, { version: 1, ...sampleSectionsBefore('compliance') });
  await page.goto('/ein/step-4');
  await question(page, 'hire employees').getByRole('radio', { name: 'Yes' }).check();
  const types = question(page, 'types of employees');
  await types.getByRole('checkbox', { name: /Household/ }).check();
  await types.getByRole('checkbox', { name: /Other/ }).check();
  await page.getByRole('spinbutton', { name: 'Highest Expected Number of Household Employees' }).fill('2');
  await page.getByRole('spinbutton', { name: 'Highest Expected Number of Other Employees' }).fill('12');
  const total = page.getByRole('spinbutton', { name: 'Total Number of Employees Expected' });
  await expect(total).toHaveValue('14');
  await page.getByLabel('First Date Wages Will Be Paid').fill('2027-05-03');
  await expect(page.getByRole('textbox', { name: 'Expected Hiring Date (MM/YYYY)' })).toHaveValue('05/2027');
  // The customer's own total is kept when a count changes.
  await total.fill('13');
  await page.getByRole('spinbutton', { name: 'Highest Expected Number of Other Employees' }).fill('11');
  await expect(total).toHaveValue('13');
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'asked-once-step-4');
});
