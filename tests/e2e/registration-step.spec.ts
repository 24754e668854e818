import type { Page } from '@playwright/test';
import type { Company } from '#shared/application/company.ts';
import { sampleSection } from '#shared/application/sample-application.ts';
import { expect, expectNoSeriousA11yViolations, readSavedApplication, seedSavedApplication, test } from './fixtures';

const company = {
  llc: sampleSection('company', { entityType: 'LLC' }),
  corporation: sampleSection('company', { entityType: 'Corporation', corporationType: 'Corporation' }),
  reit: sampleSection('company', { entityType: 'Corporation', corporationType: 'REIT' }),
  ric: sampleSection('company', { entityType: 'Corporation', corporationType: 'RIC' }),
};

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const sameMailingAddress = (page: Page) => page.getByRole('checkbox', { name: 'Mailing address is the same as the business address' });

async function openStep(page: Page, companyAnswers: Company, registration?: Record<string, unknown>) {
  await seedSavedApplication(page, { version: 1, company: companyAnswers, ...(registration ? { registration } : {}) });
  await page.goto('/ein/step-2');
  await expect(page.getByRole('heading', { level: 1, name: 'Company Registration Details' })).toBeVisible();
}

async function fillBusinessAddress(page: Page) {
  await field(page, 'businessStartDate').fill('2024-03-15');
  await field(page, 'streetAddress').fill('100 Main Street');
  await field(page, 'city').fill('Austin');
  await field(page, 'county').fill('Travis');
  await field(page, 'state').selectOption('Texas');
  await field(page, 'zipCode').pressSequentially('78701');
}

test('a corporation fills step 2, continues to step 3 and finds its answers again with Back', async ({ page }) => {
  await openStep(page, company.corporation);
  await expect(page).toHaveTitle('Business Details | EIN Filing Service');
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  await expect(page.getByText(/address details are sent over a 256-bit SSL encrypted connection/)).toBeVisible();
  await expect(page.getByLabel(/^Corporation Start Date/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Articles of Incorporation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Articles of Organization' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'REIT Classification' })).toHaveCount(0);
  await expect(field(page, 'accountingYearClosingMonth')).toHaveValue('12');

  await field(page, 'companyRegistrationNumber').fill('C1234567');
  await fillBusinessAddress(page);
  await field(page, 'previousOwnerEIN').pressSequentially('123456789');
  await expect(field(page, 'previousOwnerEIN')).toHaveValue('12-3456789');
  await field(page, 'accountingYearClosingMonth').selectOption({ label: 'June' });
  await field(page, 'incorporationState').selectOption('Delaware');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/ein\/step-3$/);
  const saved = await readSavedApplication(page);
  expect(saved?.registration).toEqual({
    companyRegistrationNumber: 'C1234567',
    businessStartDate: '2024-03-15',
    previousOwnerEIN: '12-3456789',
    accountingYearClosingMonth: '06',
    streetAddress: '100 Main Street',
    city: 'Austin',
    county: 'Travis',
    state: 'Texas',
    zipCode: '78701',
    country: 'US',
    province: '',
    postalCode: '',
    sameMailingAddress: true,
    incorporationState: 'Delaware',
    appliedForEinBefore: '',
  });
  expect(saved?.company).toEqual(company.corporation);

  await expect(page.getByRole('heading', { level: 1, name: 'Responsible Party' })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/ein\/step-2$/);
  await expect(field(page, 'streetAddress')).toHaveValue('100 Main Street');
  await expect(field(page, 'zipCode')).toHaveValue('78701');
  await expect(field(page, 'previousOwnerEIN')).toHaveValue('12-3456789');
  await expect(field(page, 'accountingYearClosingMonth')).toHaveValue('06');
  await expect(field(page, 'incorporationState')).toHaveValue('Delaware');
});

test('the ZIP code gets a hyphen after the fifth digit and keeps at most nine digits', async ({ page }) => {
  await openStep(page, company.llc);
  await field(page, 'zipCode').pressSequentially('123456789');
  await expect(field(page, 'zipCode')).toHaveValue('12345-6789');
  await field(page, 'zipCode').pressSequentially('0');
  await expect(field(page, 'zipCode')).toHaveValue('12345-6789');
});

test('bad input shows the spec messages on touch and on submit, and the page stays', async ({ page }) => {
  await openStep(page, company.llc);
  await field(page, 'streetAddress').focus();
  await field(page, 'city').focus();
  await expect(page.getByText('Street address is required', { exact: true })).toBeVisible();
  await field(page, 'zipCode').pressSequentially('1234');
  await field(page, 'previousOwnerEIN').pressSequentially('12');
  await field(page, 'county').focus();
  await expect(page.getByText('Valid ZIP code required')).toBeVisible();
  await expect(page.getByText('Enter format: XX-XXXXXXX')).toBeVisible();

  await page.getByRole('button', { name: 'Continue' }).click();
  for (const message of ['Business start date is required', 'City is required', 'County is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // The state was filled from step 1 (decision 045): nothing to say about it.
  await expect(field(page, 'state')).not.toHaveValue('');
  await expect(page.getByText('State is required', { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\/ein\/step-2$/);
});

test('the mailing address appears when unchecked, is required, and is cleared when re-checked', async ({ page }) => {
  await openStep(page, company.corporation);
  await expect(sameMailingAddress(page)).toBeChecked();
  await expect(field(page, 'mailingStreetAddress')).toHaveCount(0);

  await sameMailingAddress(page).uncheck();
  await expect(field(page, 'mailingCareOf')).toBeVisible();
  await field(page, 'mailingCareOf').fill('Jane Doe');
  await field(page, 'mailingStreetAddress').fill('PO Box 12');
  await field(page, 'mailingZipCode').pressSequentially('752011234');
  await expect(field(page, 'mailingZipCode')).toHaveValue('75201-1234');

  await sameMailingAddress(page).check();
  await expect(field(page, 'mailingStreetAddress')).toHaveCount(0);
  await sameMailingAddress(page).uncheck();
  await expect(field(page, 'mailingCareOf')).toHaveValue('');
  await expect(field(page, 'mailingStreetAddress')).toHaveValue('');
  await expect(field(page, 'mailingZipCode')).toHaveValue('');

  await fillBusinessAddress(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const message of [
    'Mailing street address is required',
    'Mailing city is required',
    'Mailing county is required',
    'Mailing state is required',
    'Valid mailing ZIP code required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }

  await field(page, 'mailingStreetAddress').fill('PO Box 12');
  await field(page, 'mailingCity').fill('Dallas');
  await field(page, 'mailingCounty').fill('Dallas');
  await field(page, 'mailingState').selectOption('Texas');
  await field(page, 'mailingZipCode').pressSequentially('75201');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ein\/step-3$/);
  expect((await readSavedApplication(page))?.registration).toMatchObject({
    sameMailingAddress: false,
    mailingCareOf: '',
    mailingStreetAddress: 'PO Box 12',
    mailingCity: 'Dallas',
    mailingCounty: 'Dallas',
    mailingState: 'Texas',
    mailingZipCode: '75201',
  });
});

test('an LLC is asked for its organization state and no care-of name', async ({ page }) => {
  await openStep(page, company.llc);
  await expect(page.getByLabel(/^Business Start Date/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Articles of Organization' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Articles of Incorporation' })).toHaveCount(0);
  await sameMailingAddress(page).uncheck();
  await expect(field(page, 'mailingStreetAddress')).toBeVisible();
  await expect(field(page, 'mailingCareOf')).toHaveCount(0);
});

test('a REIT chooses its REIT type and is not asked for articles of incorporation', async ({ page }) => {
  await openStep(page, company.reit);
  await expect(page.getByRole('heading', { name: 'REIT Classification' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Articles of Incorporation' })).toHaveCount(0);
  await fillBusinessAddress(page);
  await page.getByRole('radio', { name: /Mortgage REIT/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ein\/step-3$/);
  expect((await readSavedApplication(page))?.registration).toMatchObject({ reitType: 'mortgage' });
});

test('a RIC sees neither the REIT nor the articles sections', async ({ page }) => {
  await openStep(page, company.ric);
  await expect(page.getByRole('heading', { name: 'Business Address Information' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'REIT Classification' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Articles of Incorporation' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Articles of Organization' })).toHaveCount(0);
});

test('Back goes to step 1 without checking the page, keeping what was typed for the way back', async ({ page }) => {
  await openStep(page, company.llc);
  await field(page, 'streetAddress').fill('100 Main Street');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/ein-application-start$/);
  // Written when step 2 goes away, which may be a moment after the address changes while step 1 loads.
  await expect.poll(async () => (await readSavedApplication(page))?.registration).toMatchObject({ streetAddress: '100 Main Street' });
  await page.goBack();
  await expect(field(page, 'streetAddress')).toHaveValue('100 Main Street');
});

for (const [name, answers] of [
  ['corporation', company.corporation],
  ['REIT', company.reit],
  ['LLC', company.llc],
] as const) {
  test(`step 2 for a ${name}, mailing address open and errors shown, passes axe at 1280 px and 375 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openStep(page, answers);
    await sameMailingAddress(page).uncheck();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Mailing street address is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);
  });
}
