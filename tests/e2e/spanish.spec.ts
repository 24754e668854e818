import { readFileSync } from 'node:fs';
import { test, expect, expectAccessibleAtBothWidths, readSavedApplication, screenshotAtBothWidths } from './fixtures';
import { answerQuestions, type Answers } from './wizard-answers';
import { publicRoutes } from './public-routes';
import { pathInLocale } from '#shared/i18n/locales.ts';

// A switch of language in the middle of step 3 loses no answer (decision 061). Every Spanish text is
// looked for as the Spanish catalogs write it: a page that showed English would fail.

/** The Spanish message `key` of `area`'s catalog, as the pages show it. */
function es(area: string, key: string): string {
  const message = (JSON.parse(readFileSync(`src/messages/${area}/es.json`, 'utf8')) as Record<string, unknown>)[key];
  if (typeof message !== 'string') throw new Error(`No Spanish message ${key} in ${area}`);
  return message;
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
