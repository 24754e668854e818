import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { contactMessages } from '#shared/application/contact.ts';
import { ss4FieldPrefix } from '#server/ss4/index.ts';
import { registrationMessages } from '#shared/application/registration.ts';
import { sampleSection } from '#shared/application/sample-application.ts';
import {
  expect,
  expectAccessibleAtBothWidths,
  gotoHydrated,
  payWithTestCard,
  readSavedApplication,
  screenshotAtBothWidths,
  seedSavedApplication,
  test,
} from './fixtures';
import { readMailbox, signInContext, type StaffAccount } from './staff-accounts';
import { answerQuestions } from './wizard-answers';

// Founders abroad (decision 046): an LLC run from outside the United States, its address abroad, no
// SSN or an ITIN, and phone numbers with their country code; the order paid, signed after an e-mailed
// code, and its SS-4 filled for a foreign responsible party. The country names and the rules for
// phone numbers abroad load only when an answer is abroad.

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const phoneCountry = (page: Page, group: string) => page.getByRole('group', { name: group }).getByRole('combobox', { name: 'Phone Number: country' });
const taxIdType = (page: Page, value: string) => page.locator(`input[name="rpTaxIdType"][value="${value}"]`);

/** The scripts the page has asked for, by file name. */
function scriptsLoaded(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') names.push(new URL(request.url()).pathname);
  });
  return names;
}
const countryNamesLoaded = (scripts: string[]) => scripts.some((name) => /country-names/.test(name));
const phoneRulesLoaded = (scripts: string[]) => scripts.some((name) => /\/phone-rules-/.test(name));

/** The mailbox's messages to `address`, quoted-printable soft breaks joined. */
function mailTo(address: string): string[] {
  return readMailbox()
    .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((message) => message.includes(`To: ${address}`));
}

/** Staff open the order found by its tracking number, in a browser of their own. */
async function openOrderAsStaff(browser: Browser, baseURL: string, account: StaffAccount, trackingNumber: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await signInContext(context, account, baseURL);
  const staff = await context.newPage();
  await staff.goto(`/manage/orders?search=${trackingNumber}`);
  await staff.getByRole('link', { name: trackingNumber }).first().click();
  await expect(staff.getByRole('heading', { level: 1, name: `Order #${trackingNumber}` })).toBeVisible();
  return staff;
}

test('a founder in Germany completes the wizard at 375 px (an LLC outside the US, a Berlin address, no SSN, a +49 phone), pays, signs with an e-mailed code, and staff download an SS-4 reading "Foreign" on 7b', async ({
  page,
  browser,
  baseURL,
  staffAccount,
}) => {
  test.setTimeout(120_000);
  const email = `lena-${Date.now()}@example.com`;
  await page.setViewportSize({ width: 375, height: 812 });
  const scripts = scriptsLoaded(page);
  await gotoHydrated(page, '/ein-application-start');
  await expect(page.getByText(/Outside the United States\? No SSN or ITIN is needed: we file your form by fax/)).toBeVisible();
  await field(page, 'companyName').fill('Spree Digital LLC');
  await field(page, 'state').selectOption('WY');
  await field(page, 'entityType').selectOption('LLC');
  await page.locator('input[name="hasTradeName"][value="false"]').check();
  await field(page, 'llcMemberCount').fill('1');
  await field(page, 'llcLocationState').selectOption({ label: 'Outside the United States' });
  await field(page, 'llcRicReason').selectOption('Started a new business');
  await page.getByRole('button', { name: 'Next Step' }).click();

  // Step 2: the address starts abroad, its country to choose; no state comes from step 1.
  await expect(page.getByRole('heading', { level: 1, name: 'Company Registration Details' })).toBeVisible();
  await expect(field(page, 'country')).toHaveValue('');
  await expect(field(page, 'state')).toHaveCount(0);
  await expect(field(page, 'llcOrganizationState')).toHaveValue('Wyoming');
  await field(page, 'country').selectOption({ label: 'Germany' });
  expect(countryNamesLoaded(scripts)).toBe(true);
  await field(page, 'businessStartDate').fill('2026-01-15');
  await field(page, 'streetAddress').fill('Friedrichstrasse 123');
  await field(page, 'city').fill('Berlin');
  await field(page, 'postalCode').fill('10117');
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'step-2-germany');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: neither SSN nor ITIN, and phone numbers abroad.
  await expect(page.getByRole('heading', { level: 1, name: 'Responsible Party' })).toBeVisible();
  expect(phoneRulesLoaded(scripts)).toBe(false);
  await field(page, 'contactFirstName').fill('Lena');
  await field(page, 'contactLastName').fill('Schmidt');
  await phoneCountry(page, 'Primary Contact').selectOption({ label: 'Other' });
  await field(page, 'phoneNumber').fill('0049 30 1234567');
  await field(page, 'emailAddress').fill(email);
  await expect(field(page, 'phoneNumber')).toHaveValue('+49 30 1234567');
  expect(phoneRulesLoaded(scripts)).toBe(true);
  await page.getByRole('checkbox', { name: /^The responsible party is the same as the primary contact/ }).check();
  await expect(phoneCountry(page, 'Responsible Party')).toHaveValue('abroad');
  await expect(field(page, 'rpPhone')).toHaveValue('+49 30 1234567');
  await field(page, 'rpTitle').fill('Managing Member');
  await taxIdType(page, 'none').check();
  await expect(field(page, 'rpSSN')).toHaveCount(0);
  await expect(field(page, 'rpItin')).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'step-3-germany');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/ein\/step-4$/);
  const saved = await readSavedApplication(page);
  expect(saved?.company).toMatchObject({ entityType: 'LLC', llcMemberCount: '1', llcLocationState: 'Outside US' });
  expect(saved?.registration).toMatchObject({
    country: 'DE',
    streetAddress: 'Friedrichstrasse 123',
    city: 'Berlin',
    province: '',
    postalCode: '10117',
    county: '',
    state: '',
    zipCode: '',
  });
  expect(saved?.contact).toMatchObject({
    phoneNumber: '+49301234567',
    rpPhone: '+49301234567',
    rpTaxIdType: 'none',
    rpSSN: '',
    rpItin: '',
    rpUsPerson: '',
  });

  // Steps 4 and 5, then payment on step 6.
  await answerQuestions(page, { heavyVehicle: 'false', gambling: 'false', atf: 'false', exciseTax: 'false', willHire: 'false' });
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page).toHaveURL(/\/ein\/step-5$/);
  await answerQuestions(page, {
    principalActivity: 'other',
    otherCategory: 'service',
    principalProductOrService: 'Software development for online shops, sold to businesses in Europe.',
  });
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page).toHaveURL(/\/ein\/step-6$/);
  const trackingNumber = await payWithTestCard(page);

  // Staff send the SS-4 for signature; the order is filed by fax, to the international line.
  const admin = await staffAccount({ role: 'admin' });
  const staff = await openOrderAsStaff(browser, baseURL!, admin, trackingNumber);
  await staff.getByRole('button', { name: 'Send for signature' }).click();
  await expect(staff.getByTestId('signing-state')).toHaveText('Sent');
  await expect(staff.getByText(/Fax \(international\)/).first()).toBeVisible();

  // The founder opens the e-mailed link on the phone, asks for a code, and answers it.
  await expect.poll(() => mailTo(email).some((message) => /\/sign\/[A-Za-z0-9_-]{43}/.test(message))).toBe(true);
  const signingLink = mailTo(email)
    .flatMap((message) => [...message.matchAll(/https?:\/\/[^\s"<]+(\/sign\/[A-Za-z0-9_-]{43})/g)].map((match) => match[1]!))
    .at(-1)!;
  await page.goto(signingLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
  await expect(page.getByLabel(/Last four digits/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect.poll(() => mailTo(email).some((message) => /Your code: \d{6}/.test(message))).toBe(true);
  const code = mailTo(email)
    .flatMap((message) => [...message.matchAll(/Your code: (\d{6})/g)].map((match) => match[1]!))
    .at(-1)!;
  await page.getByLabel('Code from the e-mail').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review your SS-4' })).toBeVisible();
  await page.getByRole('button', { name: 'The form is right: continue to sign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign your SS-4' })).toBeVisible();
  await page.getByLabel('Your full name').fill('Lena Schmidt');
  await page.getByLabel('Your title').fill('Managing Member');
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await expectAccessibleAtBothWidths(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Sign the SS-4' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you: your SS-4 is signed' })).toBeVisible();

  // Staff download the SS-4: "Foreign" on 7b, the foreign-owned disregarded entity on 9a, the address in full.
  await staff.reload();
  await expect(staff.getByTestId('signing-state')).toHaveText('Signed');
  const downloading = staff.waitForEvent('download');
  await staff.getByRole('link', { name: 'Download SS-4' }).click();
  const form = (await PDFDocument.load(readFileSync(await (await downloading).path()))).getForm();
  const text = (name: string) => form.getTextField(ss4FieldPrefix + name).getText();
  expect(text('f1_2[0]')).toBe('Spree Digital LLC');
  expect(text('f1_10[0]')).toBe('Lena Schmidt');
  expect(text('f1_11[0]')).toBe('Foreign');
  expect(text('Line4ReadOrder[0].f1_6[0]')).toBe('Berlin, 10117, Germany');
  expect(text('f1_9[0]')).toBe('Berlin, Germany');
  expect(text('f1_19[0]')).toBe('Foreign-owned U.S. disregarded entity-Form 5472');
  await screenshotAtBothWidths(page, 'signed-germany');
  await staff.context().close();
});

test('a visitor with US answers loads neither the country names nor the phone rules on steps 2 and 3', async ({ page }) => {
  const scripts = scriptsLoaded(page);
  await seedSavedApplication(page, { version: 1, company: sampleSection('company'), registration: sampleSection('registration') });
  await gotoHydrated(page, '/ein/step-2');
  await expect(field(page, 'country')).toHaveValue('US');
  await expect(field(page, 'county')).toBeVisible();
  await gotoHydrated(page, '/ein/step-3');
  await expect(phoneCountry(page, 'Primary Contact')).toHaveValue('us');
  await field(page, 'phoneNumber').pressSequentially('5125550147');
  await expect(field(page, 'phoneNumber')).toHaveValue('(512) 555-0147');
  expect(countryNamesLoaded(scripts)).toBe(false);
  expect(phoneRulesLoaded(scripts)).toBe(false);
});

test('step 2 abroad with its errors: a province required in Mexico, a mailing address in the United Kingdom; axe at both widths', async ({ page }) => {
  await seedSavedApplication(page, { version: 1, company: sampleSection('company', { entityType: 'Corporation', corporationType: 'Corporation', state: 'DE' }) });
  await gotoHydrated(page, '/ein/step-2');
  await field(page, 'country').selectOption({ label: 'Another country…' });
  await field(page, 'country').selectOption({ label: 'Mexico' });
  await sameMailingAddressCheckbox(page).uncheck();
  await field(page, 'mailingCountry').selectOption({ label: 'Another country…' });
  await field(page, 'mailingCountry').selectOption({ label: 'United Kingdom' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(registrationMessages.province, { exact: true })).toBeVisible();
  await expect(page.getByText(registrationMessages.mailingPostalCode)).toBeVisible();
  await expect(page).toHaveURL(/\/ein\/step-2$/);
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'step-2-abroad-errors');
});

function sameMailingAddressCheckbox(page: Page) {
  return page.getByRole('checkbox', { name: 'Mailing address is the same as the business address' });
}

test('step 3: an ITIN holder of a single-member LLC is asked whether they are a US person, and a number abroad is checked', async ({ page }) => {
  await seedSavedApplication(page, { version: 1, company: sampleSection('company'), registration: sampleSection('registration') });
  await gotoHydrated(page, '/ein/step-3');
  await taxIdType(page, 'itin').check();
  await field(page, 'rpItin').pressSequentially('912701234');
  await expect(field(page, 'rpItin')).toHaveValue('912-70-1234');
  await phoneCountry(page, 'Responsible Party').selectOption({ label: 'Other' });
  await field(page, 'rpPhone').fill('+52 55 1234');
  await page.getByRole('button', { name: 'Continue' }).click();
  const usPerson = page.getByRole('radiogroup', { name: /Is the responsible party a US citizen or a US resident/ });
  await expect(usPerson.getByText(contactMessages.rpUsPerson)).toBeVisible();
  await expect(page.getByText(contactMessages.internationalPhone)).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'step-3-itin-errors');
});

test('step 3: a sole proprietor who has neither number is told, before Continue, that the IRS needs one', async ({ page }) => {
  await seedSavedApplication(page, {
    version: 1,
    company: sampleSection('company', { entityType: 'Sole Proprietor' }),
    registration: sampleSection('registration'),
  });
  await gotoHydrated(page, '/ein/step-3');
  await taxIdType(page, 'none').check();
  await expect(page.getByRole('note')).toHaveText(contactMessages.rpTaxIdSoleProprietor);
  await expectAccessibleAtBothWidths(page);
});
