import { complianceMessages } from '#shared/application/compliance.ts';
import type { Locator, Page } from '@playwright/test';
import { sampleSectionsBefore } from '#shared/application/sample-application.ts';
import { expect, expectNoSeriousA11yViolations, readSavedApplication, seedSavedApplication, test } from './fixtures';

// The answers of steps 1 to 3 as those pages save them; step 4 only needs them to be present.
const earlierSections = sampleSectionsBefore('compliance');

/** The radio or checkbox group whose legend contains the text. */
function question(page: Page, legend: string): Locator {
  return page.locator('legend', { hasText: legend }).locator('xpath=ancestor::fieldset[1]');
}

async function openStep4(page: Page) {
  await seedSavedApplication(page, { version: 1, ...earlierSections });
  await page.goto('/ein/step-4');
  await expect(page.getByRole('heading', { level: 1, name: 'Regulatory Compliance' })).toBeVisible();
}

async function answerRegulatoryQuestions(page: Page) {
  await question(page, '55,000 pounds').getByRole('radio', { name: 'No' }).check();
  await question(page, 'gambling or wagering').getByRole('radio', { name: 'No' }).check();
  await question(page, 'alcohol, tobacco or firearms').getByRole('radio', { name: 'Yes' }).check();
  await question(page, 'Form 720').getByRole('radio', { name: 'No' }).check();
}

/** Opens every conditional part of the page: hiring, all three employee types, liability of $1,000 or less. */
async function openAllDetails(page: Page) {
  await question(page, 'hire employees').getByRole('radio', { name: 'Yes' }).check();
  const types = question(page, 'types of employees');
  for (const type of ['Agricultural', 'Household', 'Other']) await types.getByRole('checkbox', { name: new RegExp(type) }).check();
  await question(page, 'employment tax liability').getByRole('radio', { name: 'No, $1,000 or less' }).check();
}

test('saves the regulatory and employment answers and continues to step 5', async ({ page }) => {
  await openStep4(page);
  await expect(page).toHaveTitle('Regulatory Compliance | EIN Filing Service');
  await answerRegulatoryQuestions(page);
  await openAllDetails(page);
  await page.getByRole('spinbutton', { name: 'Highest Expected Number of Agricultural Employees' }).fill('3');
  await page.getByRole('spinbutton', { name: 'Highest Expected Number of Household Employees' }).fill('1');
  await page.getByRole('spinbutton', { name: 'Highest Expected Number of Other Employees' }).fill('6');
  await page.getByRole('spinbutton', { name: 'Total Number of Employees Expected' }).fill('10');
  await page.getByLabel('First Date Wages Will Be Paid').fill('2027-03-15');
  // Filled from the first wage date: the fact is typed once.
  await expect(page.getByRole('textbox', { name: 'Expected Hiring Date (MM/YYYY)' })).toHaveValue('03/2027');
  await question(page, 'file employment tax returns').getByRole('radio', { name: /Annually/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/ein\/step-5$/);
  // The address changes as soon as the next page starts loading; wait for the page itself.
  await expect(page.getByRole('heading', { level: 1, name: 'Business Activity' })).toBeVisible();
  const saved = await readSavedApplication(page);
  expect(saved).toEqual({
    version: 1,
    ...earlierSections,
    compliance: {
      heavyVehicle: 'false',
      gambling: 'false',
      atf: 'true',
      exciseTax: 'false',
      willHire: 'true',
      employeeTypes: ['agricultural', 'household', 'other'],
      counts: { agricultural: '3', household: '1', other: '6' },
      totalEmployeesExpected: '10',
      firstWageDate: '2027-03-15',
      expectedHireMonthYear: '03/2027',
      taxLiability: '<=1000',
      reportingFrequency: 'annually',
    },
  });

  // Back from step 5 shows the answers again.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/ein\/step-4$/);
  await expect(question(page, 'alcohol, tobacco or firearms').getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: 'Highest Expected Number of Other Employees' })).toHaveValue('6');
  await expect(page.getByLabel('First Date Wages Will Be Paid')).toHaveValue('2027-03-15');
  await expect(page.getByRole('textbox', { name: 'Expected Hiring Date (MM/YYYY)' })).toHaveValue('03/2027');
  await expect(question(page, 'file employment tax returns').getByRole('radio', { name: /Annually/ })).toBeChecked();
});

test('saves only the five answers when no one will be hired', async ({ page }) => {
  await openStep4(page);
  await answerRegulatoryQuestions(page);
  await question(page, 'hire employees').getByRole('radio', { name: 'No' }).check();
  await expect(question(page, 'types of employees')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/ein\/step-5$/);
  expect((await readSavedApplication(page))?.compliance).toEqual({
    heavyVehicle: 'false',
    gambling: 'false',
    atf: 'true',
    exciseTax: 'false',
    willHire: 'false',
  });
});

test('formats the hiring month as MM/YYYY while typing', async ({ page }) => {
  await openStep4(page);
  await question(page, 'hire employees').getByRole('radio', { name: 'Yes' }).check();
  const monthYear = page.getByRole('textbox', { name: 'Expected Hiring Date (MM/YYYY)' });
  await monthYear.pressSequentially('032027');
  await expect(monthYear).toHaveValue('03/2027');
  await monthYear.pressSequentially('9');
  await expect(monthYear).toHaveValue('03/2027');

  await monthYear.fill('');
  await monthYear.pressSequentially('132027');
  await monthYear.blur();
  await expect(page.getByText(complianceMessages.expectedHireMonthYear)).toBeVisible();
});

test('shows the messages on bad input and stays on the page', async ({ page }) => {
  await openStep4(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(complianceMessages.regulatoryQuestion)).toHaveCount(4);
  await expect(page.getByText(complianceMessages.willHire)).toBeVisible();

  await openAllDetails(page);
  await page.getByRole('spinbutton', { name: 'Highest Expected Number of Household Employees' }).fill('0');
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const message of [
    'Enter number of agricultural employees',
    'Enter number of household employees',
    'Enter number of other employees',
    complianceMessages.totalEmployeesExpected,
    complianceMessages.firstWageDate,
    complianceMessages.expectedHireMonthYear,
    complianceMessages.reportingFrequency,
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  const types = question(page, 'types of employees');
  for (const type of ['Agricultural', 'Household', 'Other']) await types.getByRole('checkbox', { name: new RegExp(type) }).uncheck();
  await expect(page.getByText(complianceMessages.employeeTypes)).toBeVisible();
  await question(page, 'employment tax liability').getByRole('radio', { name: 'Yes, more than $1,000' }).check();
  await expect(question(page, 'file employment tax returns')).toHaveCount(0);

  await expect(page).toHaveURL(/\/ein\/step-4$/);
  // What was typed is kept as the page's draft (decision 015); the page itself is not left.
});

test('answering No clears the employment details', async ({ page }) => {
  await openStep4(page);
  await openAllDetails(page);
  await page.getByRole('textbox', { name: 'Expected Hiring Date (MM/YYYY)' }).pressSequentially('012027');
  await question(page, 'file employment tax returns').getByRole('radio', { name: /Quarterly/ }).check();

  await question(page, 'hire employees').getByRole('radio', { name: 'No' }).check();
  await expect(page.getByRole('textbox', { name: 'Expected Hiring Date (MM/YYYY)' })).toHaveCount(0);
  await question(page, 'hire employees').getByRole('radio', { name: 'Yes' }).check();

  for (const checkbox of await question(page, 'types of employees').getByRole('checkbox').all()) await expect(checkbox).not.toBeChecked();
  await expect(page.getByRole('spinbutton', { name: /Highest Expected Number/ })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Expected Hiring Date (MM/YYYY)' })).toHaveValue('');
  for (const radio of await question(page, 'employment tax liability').getByRole('radio').all()) await expect(radio).not.toBeChecked();
  await expect(question(page, 'file employment tax returns')).toHaveCount(0);
});

test('Back goes to step 3 and keeps what was typed as a draft', async ({ page }) => {
  await openStep4(page);
  await answerRegulatoryQuestions(page);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/ein\/step-3$/);
  await expect.poll(async () => (await readSavedApplication(page))?.compliance).toBeDefined();
});

for (const width of [1280, 375]) {
  test(`has no serious accessibility violations with every section open at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openStep4(page);
    await openAllDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(complianceMessages.reportingFrequency)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
