import type { Locator, Page } from '@playwright/test';
import { sampleSection } from '#shared/application/sample-application.ts';
import { expect, expectAccessibleAtBothWidths, gotoHydrated, screenshotAtBothWidths, seedSavedApplication, test } from './fixtures';
import { readMailbox } from './staff-accounts';

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

/** The text the select shows: its chosen option's (read until it holds: the country list loads after the step). */
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
  await expect.poll(() => shownOption(field(page, 'country'))).toBe('Select a country…');
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
  await expect.poll(() => shownOption(country)).toBe('Select a country…');
  await expect(field(page, 'county')).toHaveCount(0);
  await country.selectOption({ label: 'Germany' });
  await expect(field(page, 'postalCode')).toBeVisible();
});

/** The mailbox's last signing link to `address`, quoted-printable soft breaks joined. */
function signingLinkTo(address: string): string | null {
  const links = readMailbox()
    .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((message) => message.includes(`To: ${address}`))
    .flatMap((message) => [...message.matchAll(/https?:\/\/[^\s"<]+(\/sign\/[A-Za-z0-9_-]{43})/g)].map((match) => match[1]!));
  return links.at(-1) ?? null;
}

const itinHolder = { rpTaxIdType: 'itin', rpSSN: '', rpItin: '912701234', rpUsPerson: 'true' };
const foreignFounder = { rpTaxIdType: 'none', rpSSN: '', rpItin: '', rpUsPerson: '' };

test('an ITIN holder is never told of an SSN: tracking asks for the ITIN\'s last four, and the review names the ITIN masked', async ({ page, browser, baseURL, paidOrder, signedInAs }) => {
  test.setTimeout(150_000);
  const email = `itin-${Date.now()}@example.com`;
  const admin = await signedInAs('admin');
  const { orderId, trackingNumber } = await paidOrder({ billingEmail: email, assignedTo: admin.id, application: { contact: itinHolder } });
  await page.goto(`/manage/orders/${orderId}`);
  await page.getByRole('button', { name: 'Send for signature' }).click();
  await expect(page.getByTestId('signing-state')).toHaveText('Sent');
  await expect.poll(() => signingLinkTo(email)).not.toBeNull();

  const customer = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } })).newPage();
  await gotoHydrated(customer, `/track-application?number=${trackingNumber}`);
  const card = customer.getByRole('region', { name: 'Application Status' });
  await expect(card.getByText('Open the link in our e-mail, confirm the last four digits of the ITIN, read the form and sign it.')).toBeVisible();
  await expect(card).not.toContainText('SSN');
  await screenshotAtBothWidths(customer, 'itin-tracking');

  await customer.goto(signingLinkTo(email)!);
  await customer.getByLabel('Last four digits of the ITIN').fill('1234');
  await customer.getByRole('button', { name: 'Continue' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Review your SS-4' })).toBeVisible();
  await expect(customer.getByText('The ITIN is shown masked.')).toBeVisible();
  await expect(customer.getByText('The SSN is shown masked.')).toHaveCount(0);
  await screenshotAtBothWidths(customer, 'itin-review');
  await customer.context().close();
});

test('a founder with neither number reads of an e-mailed code on the tracking page, and of "Foreign" on line 7b', async ({ page, browser, baseURL, paidOrder, signedInAs }) => {
  test.setTimeout(150_000);
  const email = `foreign-${Date.now()}@example.com`;
  const admin = await signedInAs('admin');
  const { orderId, trackingNumber } = await paidOrder({ billingEmail: email, assignedTo: admin.id, application: { contact: foreignFounder } });
  await page.goto(`/manage/orders/${orderId}`);
  await page.getByRole('button', { name: 'Send for signature' }).click();
  await expect(page.getByTestId('signing-state')).toHaveText('Sent');
  await expect.poll(() => signingLinkTo(email)).not.toBeNull();

  const customer = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } })).newPage();
  await gotoHydrated(customer, `/track-application?number=${trackingNumber}`);
  const card = customer.getByRole('region', { name: 'Application Status' });
  await expect(card.getByText('Open the link in our e-mail, enter the code the page e-mails you, read the form and sign it.')).toBeVisible();
  await expect(card).not.toContainText('SSN');

  await customer.goto(signingLinkTo(email)!);
  await customer.getByRole('button', { name: 'Send me a code' }).click();
  await expect.poll(() => readMailbox().some((message) => message.includes(`To: ${email}`) && /Your code: \d{6}/.test(message))).toBe(true);
  const code = readMailbox()
    .filter((message) => message.includes(`To: ${email}`))
    .flatMap((message) => [...message.matchAll(/Your code: (\d{6})/g)].map((match) => match[1]!))
    .at(-1)!;
  await customer.getByLabel('Code from the e-mail').fill(code);
  await customer.getByRole('button', { name: 'Continue' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Review your SS-4' })).toBeVisible();
  await expect(customer.getByText(/Line 7b reads “Foreign”/)).toBeVisible();
  await expect(customer.getByText('The SSN is shown masked.')).toHaveCount(0);
  await screenshotAtBothWidths(customer, 'foreign-review');
  await customer.context().close();
});
