import { readFileSync } from 'node:fs';
import { test, expect, expectAccessibleAtBothWidths, readSavedApplication, screenshotAtBothWidths } from './fixtures';
import { answerQuestions, type Answers } from './wizard-answers';

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
