import type { Page } from '@playwright/test';
import { companyMessages } from '#shared/application/company.ts';
import { registrationMessages } from '#shared/application/registration.ts';
import { sampleSection } from '#shared/application/sample-application.ts';
import { signingMessages } from '#shared/signing/signing.ts';
import { expect, expectAccessibleAtBothWidths, readSavedApplication, screenshotAtBothWidths, seedSavedApplication, test } from './fixtures';
import { readMailbox } from './staff-accounts';

// Names as the IRS takes them: the legal name and the "care of" name offer the spelling the IRS
// receives, a sole proprietor's name is asked once, and the signer may type their name with its accents.

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

test('step 1 offers the legal name the IRS receives, and step 2 the "care of" name', async ({ page }) => {
  await page.goto('/ein-application-start');
  await field(page, 'companyName').fill('Café Olé Holdings LLC');
  await expect(page.getByText(companyMessages.companyNameCharacters)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use this: Cafe Ole Holdings LLC' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'names-1-legal-name');
  await page.getByRole('button', { name: 'Use this: Cafe Ole Holdings LLC' }).click();
  await expect(field(page, 'companyName')).toHaveValue('Cafe Ole Holdings LLC');
  await expect(page.getByText(companyMessages.companyNameCharacters)).toHaveCount(0);

  await page.evaluate(() => window.sessionStorage.clear());
  await seedSavedApplication(page, { version: 1, company: sampleSection('company', { entityType: 'Corporation' }) });
  await page.goto('/ein/step-2');
  await page.getByRole('checkbox', { name: /Mailing address is the same/ }).uncheck();
  await field(page, 'mailingCareOf').fill('Müller & Söhne, Inc.');
  await field(page, 'mailingStreetAddress').focus();
  await expect(page.getByText(registrationMessages.mailingCareOfCharacters)).toBeVisible();
  await screenshotAtBothWidths(page, 'names-2-care-of');
  await page.getByRole('button', { name: 'Use this: Muller & Sohne Inc' }).click();
  await expect(field(page, 'mailingCareOf')).toHaveValue('Muller & Sohne Inc');
});

test("a sole proprietor's name is asked once: step 3 shows it as the responsible party's", async ({ page }) => {
  await seedSavedApplication(page, {
    version: 1,
    company: sampleSection('company', { entityType: 'Sole Proprietor', companyName: 'Renee Marie OConnor' }),
    registration: sampleSection('registration'),
  });
  await page.goto('/ein/step-3');
  const responsibleParty = page.getByRole('group', { name: 'Responsible Party' });
  await expect(field(page, 'rpFirstName')).toHaveValue('Renee');
  await expect(field(page, 'rpMiddleName')).toHaveValue('Marie');
  await expect(field(page, 'rpLastName')).toHaveValue('OConnor');
  await expect(field(page, 'rpLastName')).not.toBeEditable();
  await expect(responsibleParty.getByRole('link', { name: 'Change it on step 1' })).toHaveAttribute('href', '/ein-application-start');
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'names-3-sole-proprietor');

  await field(page, 'contactFirstName').fill('Renee');
  await field(page, 'contactLastName').fill('OConnor');
  await field(page, 'phoneNumber').pressSequentially('5125550147');
  await field(page, 'emailAddress').fill('renee@example.com');
  await field(page, 'rpTitle').fill('Owner');
  await field(page, 'rpSSN').pressSequentially('123456789');
  await field(page, 'rpPhone').pressSequentially('5125550148');
  await field(page, 'rpEmail').fill('renee@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ein\/step-4$/);
  expect((await readSavedApplication(page))?.contact).toMatchObject({ rpFirstName: 'Renee', rpMiddleName: 'Marie', rpLastName: 'OConnor' });
});

/** The latest signing link e-mailed to `address`, its soft line breaks joined. */
function signingPathTo(address: string): string | null {
  const messages = readMailbox()
    .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((message) => message.includes(`To: ${address}`));
  const links = messages.flatMap((message) => [...message.matchAll(/https?:\/\/[^\s"<]+(\/sign\/[A-Za-z0-9_-]{43})/g)].map((match) => match[1]!));
  return links.at(-1) ?? null;
}

test('the signer types their name with its accents and signs as the IRS receives it', async ({ page, browser, paidOrder, signedInAs }) => {
  const email = `accents-${Date.now()}@example.com`;
  const fulfiller = await signedInAs('fulfiller');
  const { orderId } = await paidOrder({
    billingEmail: email,
    assignedTo: fulfiller.id,
    application: { contact: { rpFirstName: 'Jose Luis', rpMiddleName: '', rpLastName: 'Munoz-Garcia' } },
  });
  await page.goto(`/manage/orders/${orderId}`);
  await page.getByRole('button', { name: 'Send for signature' }).click();
  await expect(page.getByTestId('signing-state')).toHaveText('Sent');
  await expect.poll(() => signingPathTo(email)).not.toBeNull();

  const customerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const customer = await customerContext.newPage();
  await customer.goto(signingPathTo(email)!);
  await customer.getByLabel('Last four digits of the SSN').fill('6789');
  await customer.keyboard.press('Enter');
  await customer.getByRole('button', { name: 'The form is right: continue to sign' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Sign your SS-4' })).toBeVisible();

  await customer.getByLabel('Your full name').fill('José Luis Muñoz-García');
  await customer.getByLabel('Your title').fill('Managing Member');
  await expect(customer.getByRole('button', { name: 'Use this: Jose Luis Munoz-Garcia' })).toBeVisible();
  await expect(customer.getByLabel('Signature preview')).toContainText('Jose Luis Munoz-Garcia');
  for (const label of ['I agree to sign electronically', 'I make the form\u2019s declaration', 'I authorize the third-party designee']) {
    await customer.getByRole('checkbox', { name: label }).check();
  }
  await expectAccessibleAtBothWidths(customer);
  await screenshotAtBothWidths(customer, 'names-4-signing');
  await customer.getByRole('button', { name: 'Sign the SS-4' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Thank you: your SS-4 is signed' })).toBeVisible();
  await expect(customer.getByText(signingMessages.nameMismatch)).toHaveCount(0);
  await customerContext.close();

  await page.reload();
  await expect(page.getByTestId('signing-state')).toHaveText('Signed');
  await expect(page.getByText('Jose Luis Munoz-Garcia').first()).toBeVisible();
});
