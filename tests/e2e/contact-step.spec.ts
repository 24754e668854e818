import type { Page } from '@playwright/test';
import type { EntityType } from '#shared/application/company.ts';
import { sampleSection } from '#shared/application/sample-application.ts';
import { expect, expectNoSeriousA11yViolations, readSavedApplication, seedSavedApplication, test } from './fixtures';

const registration = sampleSection('registration');

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const sameAsContact = (page: Page) => page.getByRole('checkbox', { name: /^The responsible party is the same as the primary contact/ });

async function openStep(page: Page, entityType: EntityType) {
  await seedSavedApplication(page, { version: 1, company: sampleSection('company', { entityType }), registration });
  await page.goto('/ein/step-3');
  await expect(page.getByRole('heading', { level: 1, name: 'Responsible Party' })).toBeVisible();
}

async function fillContact(page: Page) {
  await field(page, 'contactFirstName').fill('Jane');
  await field(page, 'contactLastName').fill('Doe-Smith');
  await field(page, 'phoneNumber').pressSequentially('5125550147');
  await field(page, 'emailAddress').fill('jane@example.com');
}

async function fillResponsibleParty(page: Page) {
  await field(page, 'rpFirstName').fill('John');
  await field(page, 'rpLastName').fill('Public');
  await field(page, 'rpTitle').fill('Owner');
  await field(page, 'rpSSN').pressSequentially('123456789');
  await field(page, 'rpPhone').pressSequentially('5125550148');
  await field(page, 'rpEmail').fill('john@example.com');
}

test('an LLC fills step 3, continues to step 4 and finds its answers again with Back', async ({ page }) => {
  await openStep(page, 'LLC');
  await expect(page).toHaveTitle('Responsible Party | EIN Filing Service');
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await expect(page.getByText(/Social Security number or ITIN is encrypted and used only for your IRS EIN application/)).toBeVisible();
  await expect(page.getByText(/person who ultimately owns or controls the entity/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trustee Information' })).toHaveCount(0);

  await fillContact(page);
  await expect(field(page, 'phoneNumber')).toHaveValue('(512) 555-0147');
  await fillResponsibleParty(page);
  await expect(field(page, 'rpSSN')).toHaveValue('123-45-6789');
  await expect(field(page, 'rpPhone')).toHaveValue('(512) 555-0148');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/ein\/step-4$/);
  const saved = await readSavedApplication(page);
  expect(saved?.contact).toEqual({
    entityType: 'LLC',
    contactFirstName: 'Jane',
    contactMiddleName: '',
    contactLastName: 'Doe-Smith',
    phoneNumber: '(512) 555-0147',
    emailAddress: 'jane@example.com',
    sameAsContact: false,
    rpFirstName: 'John',
    rpMiddleName: '',
    rpLastName: 'Public',
    rpTitle: 'Owner',
    rpTaxIdType: 'ssn',
    rpSSN: '123456789',
    rpItin: '',
    rpUsPerson: '',
    rpPhone: '5125550148',
    rpEmail: 'john@example.com',
  });
  expect(saved?.registration).toEqual(registration);

  await page.goBack();
  await expect(page).toHaveURL(/\/ein\/step-3$/);
  await expect(field(page, 'rpSSN')).toHaveValue('123-45-6789');
  await expect(field(page, 'contactLastName')).toHaveValue('Doe-Smith');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/ein\/step-2$/);
  await expect(field(page, 'streetAddress')).toHaveValue(registration.streetAddress);
});

test('the SSN shows as ###-##-#### with at most 11 characters and is stored as 9 digits', async ({ page }) => {
  await openStep(page, 'Corporation');
  await field(page, 'rpSSN').pressSequentially('1234567890');
  await expect(field(page, 'rpSSN')).toHaveValue('123-45-6789');
  // No maxlength: a pasted "123 45 6789" must reach the mask whole; the mask keeps 9 digits.
  await field(page, 'rpSSN').fill('123 45 6789 000');
  await expect(field(page, 'rpSSN')).toHaveValue('123-45-6789');
  await expect(field(page, 'rpSSN')).toHaveAttribute('autocomplete', 'off');
  await fillContact(page);
  await fillResponsibleParty(page);
  await field(page, 'rpSSN').fill('');
  await field(page, 'rpSSN').pressSequentially('987654321');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ein\/step-4$/);
  expect((await readSavedApplication(page))?.contact).toMatchObject({ rpSSN: '987654321' });
});

test('"same as the primary contact" copies the contact into the responsible party, still editable', async ({ page }) => {
  await openStep(page, 'Partnership');
  await fillContact(page);
  await field(page, 'contactMiddleName').fill('Ann');
  await sameAsContact(page).check();
  await expect(field(page, 'rpFirstName')).toHaveValue('Jane');
  await expect(field(page, 'rpMiddleName')).toHaveValue('Ann');
  await expect(field(page, 'rpLastName')).toHaveValue('Doe-Smith');
  await expect(field(page, 'rpEmail')).toHaveValue('jane@example.com');
  await expect(field(page, 'rpPhone')).toHaveValue('(512) 555-0147');

  await field(page, 'rpEmail').fill('owner@example.com');
  await field(page, 'rpTitle').fill('Owner');
  await field(page, 'rpSSN').pressSequentially('123456789');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ein\/step-4$/);
  expect((await readSavedApplication(page))?.contact).toMatchObject({
    sameAsContact: true,
    rpFirstName: 'Jane',
    rpMiddleName: 'Ann',
    rpLastName: 'Doe-Smith',
    rpPhone: '5125550147',
    rpEmail: 'owner@example.com',
  });
});

test('bad input shows the messages and the page stays, keeping what was typed as a draft', async ({ page }) => {
  await openStep(page, 'LLC');
  await field(page, 'contactFirstName').fill('J0hn');
  await field(page, 'phoneNumber').pressSequentially('512');
  await field(page, 'rpSSN').pressSequentially('1234');
  await field(page, 'rpPhone').pressSequentially('512');
  await field(page, 'rpEmail').fill('john@');
  await field(page, 'rpTitle').fill('X');
  await field(page, 'emailAddress').focus();
  await expect(page.getByText('The IRS accepts only the letters A-Z, spaces, hyphens (-) and ampersands (&)')).toBeVisible();
  await expect(page.getByText('Valid phone number required')).toBeVisible();
  await expect(page.getByText('Enter 9 digits')).toBeVisible();
  await expect(page.getByText('Enter 10 digits')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Title is required')).toBeVisible();

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Valid email address required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toHaveCount(2);
  await expect(page).toHaveURL(/\/ein\/step-3$/);
  await expect.poll(async () => (await readSavedApplication(page))?.contact).toMatchObject({ contactFirstName: 'J0hn' });
});

test('a trust is asked for its trustee, whose names are required', async ({ page }) => {
  await openStep(page, 'Trust');
  const trustee = page.getByRole('group', { name: 'Trustee Information' });
  await expect(trustee.getByRole('heading', { name: 'Trustee Information' })).toBeVisible();
  await fillContact(page);
  await fillResponsibleParty(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(trustee.getByText('First name is required')).toBeVisible();
  await expect(trustee.getByText('Last name is required')).toBeVisible();
  await expect(page).toHaveURL(/\/ein\/step-3$/);

  await trustee.getByRole('checkbox', { name: 'The trust is filing as an estate' }).check();
  await field(page, 'trusteeFirstName').fill('Mary');
  await field(page, 'trusteeLastName').fill('Major');
  await field(page, 'trusteeSuffix').selectOption('Jr');
  await field(page, 'grantorSSN').pressSequentially('222334444');
  await expect(field(page, 'grantorSSN')).toHaveValue('222-33-4444');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ein\/step-4$/);
  expect((await readSavedApplication(page))?.contact).toMatchObject({
    entityType: 'Trust',
    trustFilingAsEstate: true,
    trusteeFirstName: 'Mary',
    trusteeMiddleName: '',
    trusteeLastName: 'Major',
    trusteeSuffix: 'Jr',
    grantorSSN: '222334444',
  });
});

test("an estate is asked for the decedent's SSN, masked and required as the responsible party's", async ({ page }) => {
  await openStep(page, 'Estate');
  const decedent = page.getByRole('group', { name: 'The Decedent' });
  await expect(decedent.getByRole('heading', { name: 'The Decedent' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Trustee Information' })).toHaveCount(0);
  await fillContact(page);
  await fillResponsibleParty(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(decedent.getByText('Enter 9 digits')).toBeVisible();
  await expect(page).toHaveURL(/\/ein\/step-3$/);

  await field(page, 'decedentSSN').pressSequentially('1112233334444');
  await expect(field(page, 'decedentSSN')).toHaveValue('111-22-3333');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ein\/step-4$/);
  const saved = (await readSavedApplication(page))?.contact as Record<string, unknown>;
  expect(saved).toMatchObject({ entityType: 'Estate', decedentSSN: '111223333' });
  expect(saved).not.toHaveProperty('grantorSSN');
});

for (const entityType of ['Trust', 'Estate', 'Corporation'] as const) {
  test(`step 3 for a ${entityType}, errors shown, passes axe at 1280 px and 375 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openStep(page, entityType);
    await sameAsContact(page).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Enter 9 digits').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);
  });
}
