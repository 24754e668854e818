import { companyMessages } from '#shared/application/company.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, readSavedApplication, seedSavedApplication, test } from './fixtures';

const stepOne = '/ein-application-start';

const sections = {
  Corporation: 'Corporation Confirmation',
  'Sole Proprietor': 'Sole Proprietor Details',
  Partnership: 'Partnership Confirmation',
  LLC: 'Tell us more about the members of the Limited Liability Company (LLC)',
  Trust: 'Identify the type of Trust',
  Estate: 'Estate Details',
  Others: 'Tell us what kind of entity it is',
} as const;

async function openStepOne(page: Page) {
  await page.goto(stepOne);
  await expect(page.getByRole('button', { name: 'Next Step' })).toBeEnabled();
}

/** Presses Tab until the control has the focus, as a keyboard user would. */
async function tabTo(page: Page, control: Locator, maxPresses = 40) {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await control.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Could not reach ${control.toString()} with the Tab key`);
}

/** Opens an entity type's section, with its follow-up questions showing. */
async function openSection(page: Page, entityType: keyof typeof sections) {
  await page.locator('select[name="entityType"]').selectOption(entityType);
  await expect(page.getByRole('heading', { level: 2, name: sections[entityType] })).toBeVisible();
  switch (entityType) {
    case 'Corporation':
      await page.locator('input[name="corporationType"][value="REIT"]').check();
      await expect(page.locator('select[name="corporationReason"]')).toBeVisible();
      break;
    case 'Sole Proprietor':
      await page.locator('input[name="soleProprietorType"][value="Sole Proprietor"]').check();
      await expect(page.locator('select[name="soleProprietorReason"]')).toBeVisible();
      break;
    case 'Partnership':
      await page.locator('input[name="partnershipType"][value="Partnership"]').check();
      await expect(page.locator('select[name="partnershipReason"]')).toBeVisible();
      break;
    case 'LLC':
      await page.locator('input[name="llcMemberCount"]').fill('2');
      await page.locator('select[name="llcLocationState"]').selectOption('CA');
      await page.locator('input[name="llcIsHusbandWife"][value="true"]').check();
      await expect(page.locator('input[name="llcTaxClassification"]')).toHaveCount(2);
      break;
    case 'Trust':
      await expect(page.locator('input[name="trustType"]')).toHaveCount(3);
      break;
    case 'Estate':
      await page.locator('select[name="estateReason"]').selectOption('Banking purposes');
      await expect(page.locator('input[name="bankingPurpose"]')).toBeVisible();
      break;
    case 'Others':
      await page.locator('input[name="otherEntityType"][value="Nonprofit organization"]').check();
      await expect(page.locator('input[name="otherEntityDescription"]')).toBeVisible();
      await page.locator('select[name="othersReason"]').selectOption('Banking purposes');
      await expect(page.locator('input[name="bankingPurpose"]')).toBeVisible();
      break;
  }
}

test('an LLC owned by spouses in Texas is completed with the keyboard alone', async ({ page }) => {
  await openStepOne(page);

  await tabTo(page, page.getByRole('textbox', { name: 'Legal Company Name' }));
  await page.keyboard.type('Lone Star Goods');

  // Native selects pick an option by typing its first letters.
  await tabTo(page, page.getByRole('combobox', { name: 'State of Formation' }));
  await page.keyboard.type('Texas');
  await expect(page.getByRole('combobox', { name: 'State of Formation' })).toHaveValue('TX');

  await tabTo(page, page.getByRole('combobox', { name: 'Entity Type' }));
  await page.keyboard.type('Limited');
  await expect(page.getByRole('combobox', { name: 'Entity Type' })).toHaveValue('LLC');
  await expect(page.getByRole('heading', { level: 2, name: sections.LLC })).toBeVisible();

  await tabTo(page, page.getByRole('spinbutton', { name: 'Number of Members' }));
  await page.keyboard.type('2');
  await tabTo(page, page.getByRole('combobox', { name: 'State of Physical Location' }));
  await page.keyboard.type('Texas');

  // Two members in a community property state: the husband-and-wife question appears.
  const spousesYes = page.locator('input[name="llcIsHusbandWife"][value="true"]');
  await tabTo(page, spousesYes);
  await page.keyboard.press('Space');
  await expect(spousesYes).toBeChecked();

  // Then the classification; arrow keys move the choice within the radio group.
  const multiMember = page.locator('input[name="llcTaxClassification"][value="Multi-member LLC"]');
  await tabTo(page, multiMember);
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('input[name="llcTaxClassification"][value="Single-member LLC"]')).toBeChecked();

  await tabTo(page, page.getByRole('combobox', { name: 'Reason for Requesting an EIN' }));
  await page.keyboard.type('Started');
  await expect(page.getByRole('combobox', { name: 'Reason for Requesting an EIN' })).toHaveValue('Started a new business');

  await tabTo(page, page.getByRole('button', { name: 'Next Step' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/ein\/step-2$/);
  const saved = await readSavedApplication(page);
  expect(saved?.company).toEqual({
    companyName: 'Lone Star Goods',
    state: 'TX',
    entityType: 'LLC',
    hasTradeName: '',
    llcMemberCount: '2',
    llcLocationState: 'TX',
    llcIsHusbandWife: 'true',
    llcTaxClassification: 'Single-member LLC',
    llcRicReason: 'Started a new business',
  });
});

test('each entity type shows its own section', async ({ page }) => {
  await openStepOne(page);
  const form = page.locator('form');
  for (const [entityType, title] of Object.entries(sections)) {
    await page.locator('select[name="entityType"]').selectOption(entityType);
    await expect(form.getByRole('heading', { level: 2 })).toHaveText(['Basic Company Details', title]);
  }
});

test('an Others entity names its kind and, for a bank account, its banking purpose, which the saved application keeps', async ({ page }) => {
  await openStepOne(page);
  await page.getByRole('textbox', { name: 'Legal Company Name' }).fill('Hillside Community Garden');
  await page.locator('select[name="state"]').selectOption('OR');
  await openSection(page, 'Others');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText(companyMessages.otherEntityDescription)).toBeVisible();
  await expect(page.getByText(companyMessages.bankingPurpose)).toBeVisible();
  // Refused: the step stays (what was typed is kept as a draft, decision 015).
  await expect(page).not.toHaveURL(/\/ein\/step-2$/);

  await page.locator('input[name="otherEntityDescription"]').fill('Community garden association');
  await page.locator('input[name="bankingPurpose"]').fill('Members dues account');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page).toHaveURL(/\/ein\/step-2$/);
  expect((await readSavedApplication(page))?.company).toMatchObject({
    entityType: 'Others',
    otherEntityType: 'Nonprofit organization',
    otherEntityDescription: 'Community garden association',
    othersReason: 'Banking purposes',
    bankingPurpose: 'Members dues account',
  });
});

test('messages appear as the answers change', async ({ page }) => {
  await openStepOne(page);
  const companyName = page.getByRole('textbox', { name: 'Legal Company Name' });
  await companyName.pressSequentially('A');
  await expect(page.getByText(companyMessages.companyName)).toBeVisible();
  await expect(companyName).toHaveAttribute('aria-invalid', 'true');
  await companyName.pressSequentially('cme');
  await expect(page.getByText(companyMessages.companyName)).toBeHidden();

  await page.locator('input[name="hasTradeName"][value="true"]').check();
  const tradeName = page.getByRole('textbox', { name: 'Trade Name (DBA)' });
  await tradeName.pressSequentially('Acme Corp.');
  await expect(page.getByText(companyMessages.tradeNameEnding)).toBeVisible();
  await tradeName.fill('');
  await tradeName.pressSequentially('Acme @ Home');
  await expect(page.getByText(companyMessages.tradeNameCharacters)).toBeVisible();
  await tradeName.fill('');
  await tradeName.pressSequentially('A');
  await expect(page.getByText(companyMessages.tradeName)).toBeVisible();

  await page.locator('select[name="entityType"]').selectOption('LLC');
  await page.getByRole('spinbutton', { name: 'Number of Members' }).pressSequentially('0');
  await expect(page.getByText(companyMessages.llcMemberCount)).toBeVisible();

  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText(companyMessages.state)).toBeVisible();
  // The first question to fix gets the focus.
  await expect(page.locator('select[name="state"]')).toBeFocused();
  await expect(page.getByText(companyMessages.llcLocationState)).toBeVisible();
  await expect(page.getByText(companyMessages.llcRicReason, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${stepOne}$`));
  // What was typed is kept as a draft of the page (issue 16), not taken as an answered step.
  await expect.poll(async () => (await readSavedApplication(page))?.company).toMatchObject({ companyName: 'Acme' });
});

for (const width of [1280, 375]) {
  for (const entityType of Object.keys(sections) as (keyof typeof sections)[]) {
    test(`no serious accessibility violations with the ${entityType} section open at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openStepOne(page);
      await openSection(page, entityType);
      // With messages showing as well.
      await page.getByRole('button', { name: 'Next Step' }).click();
      await expect(page.getByText(companyMessages.companyName)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}

test('opened_form is pushed once, with the page path and no personal data', async ({ page }) => {
  await openStepOne(page);
  await page.getByRole('textbox', { name: 'Legal Company Name' }).fill('Secret Holdings');
  await page.locator('select[name="state"]').selectOption('NY');
  await page.locator('select[name="entityType"]').selectOption('Estate');
  await page.locator('select[name="estateReason"]').selectOption('Administering the estate');
  const events = await page.evaluate(() => (window.dataLayer ?? []) as Record<string, unknown>[]);
  const opened = events.filter((event) => event.event === 'opened_form');
  expect(opened).toEqual([{ event: 'opened_form', page_path: stepOne }]);
  expect(JSON.stringify(events)).not.toContain('Secret Holdings');

  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page).toHaveURL(/\/ein\/step-2$/);
  // Coming back with the company answers saved is not a first open.
  await page.goBack();
  await expect(page.getByRole('textbox', { name: 'Legal Company Name' })).toHaveValue('Secret Holdings');
  const later = await page.evaluate(() => ((window.dataLayer ?? []) as Record<string, unknown>[]).filter((event) => event.event === 'opened_form'));
  expect(later).toHaveLength(1);
});

test('the answers survive a reload and a return from step 2', async ({ page }) => {
  await seedSavedApplication(page, {
    version: 1,
    company: {
      companyName: 'Bayou Partners',
      state: 'LA',
      entityType: 'Partnership',
      hasTradeName: 'true',
      tradeName: 'Bayou Bakery',
      partnershipType: 'Joint Venture',
      partnershipReason: 'Hired employee(s)',
    },
  });
  await openStepOne(page);
  await expect(page.getByRole('textbox', { name: 'Legal Company Name' })).toHaveValue('Bayou Partners');
  await expect(page.locator('select[name="state"]')).toHaveValue('LA');
  await expect(page.locator('select[name="entityType"]')).toHaveValue('Partnership');
  await expect(page.getByRole('textbox', { name: 'Trade Name (DBA)' })).toHaveValue('Bayou Bakery');
  await expect(page.locator('input[name="partnershipType"][value="Joint Venture"]')).toBeChecked();
  await expect(page.locator('select[name="partnershipReason"]')).toHaveValue('Hired employee(s)');
  const events = await page.evaluate(() => ((window.dataLayer ?? []) as Record<string, unknown>[]).filter((event) => event.event === 'opened_form'));
  expect(events).toEqual([]);

  await page.getByRole('textbox', { name: 'Legal Company Name' }).fill('Bayou Partners Two');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page).toHaveURL(/\/ein\/step-2$/);
  await page.goto(stepOne);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Legal Company Name' })).toHaveValue('Bayou Partners Two');
  await expect(page.locator('select[name="partnershipReason"]')).toHaveValue('Hired employee(s)');
  expect((await readSavedApplication(page))?.company).toMatchObject({ companyName: 'Bayou Partners Two', tradeName: 'Bayou Bakery' });
});

test('step 1 counts no step as completed before anything is filled in, and step 2 counts step 1', async ({ page }) => {
  await openStepOne(page);
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await expect(page.getByText('0 of 6 completed')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('1 of 6 completed')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await seedSavedApplication(page, sampleApplication());
  await page.goto('/ein/step-2');
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  await expect(page.getByText('1 of 6 completed')).toBeVisible();
});
