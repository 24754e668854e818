import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, expectAccessibleAtBothWidths, faxableSsn, readSavedApplication, screenshotAtBothWidths } from './fixtures';
import { readMailbox } from './staff-accounts';
import { answerQuestions, type Answers } from './wizard-answers';
import { publicRoutes } from './public-routes';
import { localeTags, pathInLocale } from '#shared/i18n/locales.ts';

// The whole journey in Spanish (decision 061), as a phone at 375 px sees it: the landing page under
// /es/, the wizard, a declined card then a good one, the confirmation, signing from the Spanish
// e-mail, tracking, and the EIN letter after the simulated IRS answers by fax. And a switch of
// language in the middle of step 3 that loses no answer. Every text is looked for as the Spanish
// catalogs write it: a page that showed English would fail.

/** The Spanish message `key` of `area`'s catalog, as the pages show it. */
function es(area: string, key: string): string {
  const message = (JSON.parse(readFileSync(`src/messages/${area}/es.json`, 'utf8')) as Record<string, unknown>)[key];
  if (typeof message !== 'string') throw new Error(`No Spanish message ${key} in ${area}`);
  return message;
}

// Signing, the fax, the IRS's answer and reading it: well over the default minute.
test.describe.configure({ timeout: 300_000 });

/** The latest link of `kind` (`sign`, `ein-letter`) e-mailed to `address`, as a path, and the e-mail it came in. */
function linkTo(address: string, kind: string): { path: string; message: string } | null {
  const messages = readMailbox()
    .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((message) => message.includes(`To: ${address}`));
  for (const message of messages.reverse()) {
    const link = message.match(new RegExp(`https?://[^\\s"<]+/${kind}/[A-Za-z0-9_-]{43}`))?.[0];
    if (link) return { path: new URL(link).pathname, message };
  }
  return null;
}

const company: Answers = {
  companyName: 'Panaderia Okafor y Lee',
  state: 'NY',
  entityType: 'Partnership',
  hasTradeName: 'false',
  partnershipType: 'Joint Venture',
  partnershipReason: 'Started a new business',
};
const registration: Answers = {
  businessStartDate: '2026-01-15',
  accountingYearClosingMonth: '12',
  streetAddress: '100 Congress Avenue',
  city: 'Austin',
  county: 'Travis',
  state: 'Texas',
  zipCode: '78701',
};
const compliance: Answers = { heavyVehicle: 'false', gambling: 'false', atf: 'false', exciseTax: 'false', willHire: 'false' };
const activity: Answers = {
  principalActivity: 'wholesale-agent',
  wholesaleAgentOwnsTitle: 'false',
  wholesaleAgentCommission: 'true',
  wholesaleAgentGoods: 'Flour and sugar',
  principalProductOrService: 'Bread and pastries for local customers.',
};

/** The four wizard steps after the first, from step 2 to step 6, in Spanish. */
async function answerSteps2To5(page: Page, contact: Answers) {
  for (const [answers, next] of [
    [registration, '/es/ein/step-3'],
    [contact, '/es/ein/step-4'],
    [compliance, '/es/ein/step-5'],
    [activity, '/es/ein/step-6'],
  ] as const) {
    await answerQuestions(page, answers);
    await page.getByRole('button', { name: es('wizard', 'wizard_continue') }).click();
    await expect(page).toHaveURL(new RegExp(`${next}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  }
}

async function pay(page: Page, card: string) {
  await page.locator('[name="cardNumber"]').fill(card);
  await page.locator('[name="cardExpiry"]').fill('12 / 34');
  await page.locator('[name="cardCvc"]').fill('123');
  await page.getByRole('button', { name: es('checkout', 'checkout_complete_order') }).click();
}

test('a Spanish-speaking owner applies, pays, signs, tracks and receives the EIN letter, all in Spanish, at 375 px', async ({ browser, page, signedInAs }) => {
  const email = `espanol-${Date.now()}@example.com`;
  const ssn = faxableSsn();
  const customerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const customer = await customerContext.newPage();

  // The landing page in Spanish, then the wizard from its header.
  await customer.goto('/es/');
  await expect(customer.locator('html')).toHaveAttribute('lang', 'es');
  await expectAccessibleAtBothWidths(customer);
  await screenshotAtBothWidths(customer, 'es-landing');
  await customer.setViewportSize({ width: 375, height: 812 });
  await customer.getByRole('link', { name: es('layout', 'layout_start_application') }).first().click();
  await expect(customer).toHaveURL(/\/es\/ein-application-start$/);
  await answerQuestions(customer, company);
  await customer.getByRole('button', { name: es('wizard', 'wizard_company_next_step') }).click();
  await expect(customer).toHaveURL(/\/es\/ein\/step-2$/);
  await answerSteps2To5(customer, {
    contactFirstName: 'Grace',
    contactLastName: 'Lee',
    phoneNumber: '2125550100',
    emailAddress: email,
    sameAsContact: true,
    rpTitle: 'General Partner',
    rpSSN: ssn,
  });

  // Step 6: a declined card, told in Spanish, then the good card.
  await expect(customer.getByRole('heading', { level: 1, name: es('checkout', 'checkout_step_title') })).toBeVisible();
  await expectAccessibleAtBothWidths(customer);
  await screenshotAtBothWidths(customer, 'es-step-6');
  await customer.setViewportSize({ width: 375, height: 812 });
  await pay(customer, '4000 0000 0000 0002');
  const failed = customer.getByRole('dialog', { name: es('checkout', 'checkout_result_failed_title') });
  await expect(failed).toContainText(es('checkout', 'checkout_card_declined'));
  await failed.getByRole('button').first().click();
  await expect(failed).toHaveCount(0);
  await pay(customer, '4242 4242 4242 4242');
  await customer.getByRole('dialog', { name: es('checkout', 'checkout_result_success_title') }).getByRole('button', { name: es('checkout', 'checkout_result_continue') }).click();
  await expect(customer).toHaveURL(/\/es\/ein\/confirmation/);
  await expect(customer.getByRole('heading', { level: 1, name: es('checkout', 'checkout_confirmation_confirmed') })).toBeVisible();
  const trackingNumber = (await customer.getByText(/^[A-Z0-9]{12}$/).first().textContent()) ?? '';
  expect(trackingNumber).toMatch(/^[A-Z0-9]{12}$/);
  expect(await readSavedApplication(customer)).toBeNull();
  await expectAccessibleAtBothWidths(customer);
  await screenshotAtBothWidths(customer, 'es-confirmation');

  // Staff (in English) send the form to sign; the order says it is in Spanish.
  await signedInAs('admin');
  const list = (await (await page.request.get(`/api/manage/orders?search=${trackingNumber}`)).json()) as { orders: { id: number }[] };
  const orderId = list.orders[0]!.id;
  await page.goto(`/manage/orders/${orderId}`);
  await expect(page.getByText('Language: Español')).toBeVisible();
  await page.getByRole('button', { name: 'Send for signature' }).click();
  await expect(page.getByTestId('signing-state')).toHaveText('Sent');

  // The customer signs through the Spanish e-mail's link, which opens the Spanish page.
  await expect.poll(() => linkTo(email, 'sign')?.path ?? null).toMatch(/^\/es\/sign\//);
  await customer.goto(linkTo(email, 'sign')!.path);
  await expect(customer.locator('html')).toHaveAttribute('lang', 'es');
  await customer.locator('input[autocomplete="off"]').first().fill('6789');
  await customer.keyboard.press('Enter');
  await expect(customer.getByRole('heading', { level: 1, name: es('signing', 'signing_title_review') })).toBeVisible();
  await expectAccessibleAtBothWidths(customer);
  await screenshotAtBothWidths(customer, 'es-signing-review');
  await customer.setViewportSize({ width: 375, height: 812 });
  await customer.getByRole('button', { name: es('signing', 'signing_review_continue') }).click();
  await customer.locator('[name="name"]').fill('Grace Lee');
  await customer.locator('[name="title"]').fill('General Partner');
  for (const box of await customer.getByRole('checkbox').all()) await box.check();
  await expectAccessibleAtBothWidths(customer);
  await screenshotAtBothWidths(customer, 'es-signing-sign');
  await customer.setViewportSize({ width: 375, height: 812 });
  await customer.getByRole('button', { name: es('signing', 'signing_sign') }).click();
  await expect(customer.getByRole('heading', { level: 1, name: es('signing', 'signing_title_done') })).toBeVisible({ timeout: 30_000 });
  await screenshotAtBothWidths(customer, 'es-signed');

  // Staff file by fax; the simulated IRS answers; staff confirm the EIN.
  await page.reload();
  const card = page.locator('div.rounded-xl', { has: page.getByRole('heading', { level: 2, name: 'Filing with the IRS' }) });
  await card.getByRole('button', { name: 'File by fax' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Fax it' }).click();
  const answer = card.getByRole('heading', { level: 3, name: /^The IRS answered: EIN \d{2}-\d{7}$/ });
  await expect(async () => {
    await page.reload();
    await expect(answer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000, 3_000, 5_000] });
  const ein = ((await answer.textContent()) ?? '').replace('The IRS answered: EIN ', '');
  await card.getByRole('button', { name: 'Confirm EIN' }).click();
  await expect(card.getByTestId('filing-status')).toHaveText('EIN received');

  // Tracking, in Spanish, says it is done.
  await customer.goto(`/es/track-application?number=${trackingNumber}`);
  await expect(customer.locator('html')).toHaveAttribute('lang', 'es');
  await expect(customer.getByRole('heading', { level: 1, name: es('tracking', 'tracking_heading') })).toBeVisible();
  await expectAccessibleAtBothWidths(customer);
  await screenshotAtBothWidths(customer, 'es-tracking');

  // The EIN e-mail, in Spanish, links to the Spanish EIN-letter page.
  await expect.poll(() => linkTo(email, 'ein-letter')?.path ?? null).toMatch(/^\/es\/ein-letter\//);
  await customer.setViewportSize({ width: 375, height: 812 });
  await customer.goto(linkTo(email, 'ein-letter')!.path);
  await customer.locator('input[autocomplete="off"]').first().fill('6789');
  await customer.keyboard.press('Enter');
  await expect(customer.getByRole('heading', { level: 1, name: es('documents', 'documents_ein_letter_title') })).toBeVisible();
  await expect(customer.getByText(ein, { exact: true })).toBeVisible();
  await expectAccessibleAtBothWidths(customer);
  await screenshotAtBothWidths(customer, 'es-ein-letter');
  await customerContext.close();
});

test('switching to Spanish in the middle of step 3 keeps every answer, typed ones included', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/ein-application-start');
  await answerQuestions(page, company);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await answerQuestions(page, registration);
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page).toHaveURL(/\/ein\/step-3$/);

  // Half of step 3, not yet saved by "Continue".
  await answerQuestions(page, { contactFirstName: 'Grace', contactLastName: 'Lee', emailAddress: 'grace@example.com' });
  await page.getByRole('banner').getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/ein\/step-3$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('[name="contactFirstName"]')).toHaveValue('Grace');
  await expect(page.locator('[name="contactLastName"]')).toHaveValue('Lee');
  await expect(page.locator('[name="emailAddress"]')).toHaveValue('grace@example.com');
  await expect(page.getByRole('button', { name: es('wizard', 'wizard_continue') })).toBeVisible();

  // And the earlier steps' answers are there behind it.
  const saved = (await readSavedApplication(page)) as { company: { companyName: string }; registration: { city: string } };
  expect(saved.company.companyName).toBe(company.companyName);
  expect(saved.registration.city).toBe('Austin');
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'es-step-3-switched');
});

// Every Spanish public page as a phone and a desktop see it: its own Spanish heading (not the English
// twin's), `<html lang="es">`, nothing wider than the window, and nothing serious for axe.
for (const route of publicRoutes) {
  test(`${pathInLocale(route.path, 'es')} is Spanish, accessible and fits at 375 px and 1280 px`, async ({ page }) => {
    const path = pathInLocale(route.path, 'es');
    await page.setViewportSize({ width: 375, height: 812 });
    const response = await page.goto(path);
    expect(response?.status()).toBe(route.path === '/no-such-page' ? 404 : 200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveCount(1);
    await expect(heading).not.toHaveText(route.heading);
    await expectAccessibleAtBothWidths(page);
    await screenshotAtBothWidths(page, `es-${route.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}`);
  });
}

test('a browser that prefers Spanish is offered the Spanish page in one line, and is never redirected', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-MX', viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/faq');
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const offer = page.getByRole('region', { name: es('layout', 'layout_language_offer_label') });
  await offer.getByRole('link', { name: es('layout', 'layout_language_offer') }).click();
  await expect(page).toHaveURL(/\/es\/faq$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(offer).toHaveCount(0);
  // The choice is remembered: back on an English page, the offer stays, and closing it remembers English.
  expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('es');
  await page.goto('/about');
  await expect(offer).toBeVisible();
  await offer.getByRole('button').click();
  await expect(offer).toHaveCount(0);
  expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en');
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(offer).toHaveCount(0);
  await context.close();
});

test('an English browser is offered nothing', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: es('layout', 'layout_language_offer_label') })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Language' })).toHaveCount(0);
});

/** The text of every source file under `dir`. */
function sourcesUnder(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => readFileSync(`${dir}/${file}`, 'utf8'))
    .join('\n');
}

/**
 * Every message of every catalog whose two languages differ, as plain words (two or more) in each;
 * leaving out the words the code or a library also holds as a stored value, the IRS's form text
 * ("Joint Venture") or a default ("Close toast"), which every build carries whatever the page's
 * language, and the offer of the other language, written in it.
 */
function distinctMessages(): { en: string; es: string }[] {
  const code = [sourcesUnder('src/shared'), sourcesUnder('src/client'), readFileSync('node_modules/sonner/dist/index.mjs', 'utf8')].join('\n');
  const written = (text: string) => ["'", '"', '`'].some((quote) => code.includes(`${quote}${text}${quote}`));
  return readdirSync('src/messages').flatMap((area) => {
    const read = (locale: string) => JSON.parse(readFileSync(`src/messages/${area}/${locale}.json`, 'utf8')) as Record<string, unknown>;
    const [english, spanish] = [read('en'), read('es')];
    return Object.keys(english)
      .filter((key) => !key.startsWith('layout_language_offer'))
      .map((key) => ({ en: english[key], es: spanish[key] }))
      .filter((pair): pair is { en: string; es: string } => typeof pair.en === 'string' && typeof pair.es === 'string' && pair.en !== pair.es)
      .filter((pair) => [pair.en, pair.es].every((text) => /^[\p{L},.]+(?: [\p{L},.]+)+$/u.test(text) && !written(text)));
  });
}

/** The address and text of every script the pages at `paths` downloaded, once each has loaded and gone quiet (read again from the server: a page navigated away from keeps no bodies). */
async function scriptsOf(page: Page, paths: string[]): Promise<{ urls: string[]; text: string }> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  const bodies = await Promise.all([...scripts].map(async (url) => (await page.request.get(url)).text()));
  return { urls: [...scripts], text: bodies.join('\n') };
}

// Each language's build of the browser's code holds only its own messages (decision 062).
test("each language's pages download their own language's messages and not the other's", async ({ browser }) => {
  const messages = distinctMessages();
  const pages = ['/', '/ein-application-start', '/ein/step-2', '/track-application', '/faq'];
  for (const [locale, other] of [
    ['es', 'en'],
    ['en', 'es'],
  ] as const) {
    const context = await browser.newContext({ locale: localeTags[locale] });
    const { urls, text: scripts } = await scriptsOf(await context.newPage(), pages.map((path) => pathInLocale(path, locale)));
    await context.close();
    const own = messages.filter((pair) => scripts.includes(pair[locale]));
    const others = messages.filter((pair) => scripts.includes(pair[other])).map((pair) => pair[other]);
    // The pages' code holds many of their own language's messages, and none of the other's.
    expect(own.length, locale).toBeGreaterThan(50);
    expect(others, locale).toEqual([]);
    // Nor the staff panel's routes and pages, nor zod's JSON Schema generator, which only the server
    // uses, nor the offer of the other language to a visitor whose browser asks for this one.
    expect(urls.filter((url) => /panel-routes|manage-layout|language-offer-line/.test(url)), locale).toEqual([]);
    // The panel's pages are not even named (a route table holding them would import their chunks), and
    // the offer of the other language, written in that language, is not in the code.
    expect(scripts, locale).not.toMatch(/order-detail-page|users-page|audit-page|fax-inbox-page/);
    const offerOfOther = (JSON.parse(readFileSync(`src/messages/layout/${other}.json`, 'utf8')) as Record<string, string>).layout_language_offer!;
    expect(scripts, locale).not.toContain(offerOfOther);
    expect(scripts, locale).not.toContain('json-schema.org');
  }
});
