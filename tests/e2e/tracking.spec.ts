import type { Page } from '@playwright/test';
import { trackingMessages, trackingStageTexts } from '#shared/tracking/tracking.ts';
import { expect, expectAccessibleAtBothWidths, expectNoSeriousA11yViolations, gotoHydrated, screenshotAtBothWidths, test } from './fixtures';

const numberField = (page: Page) => page.getByRole('textbox', { name: 'Application Number' });
const trackButton = (page: Page) => page.getByRole('button', { name: 'Track Application' });

test('the lookup form checks the number with both messages, forcing uppercase and 12 characters', async ({ page }) => {
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/track/')) lookups.push(request.url());
  });
  await page.goto('/track-application');
  await expect(page).toHaveTitle('Track Your EIN Application | EIN Filing Service');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track Your EIN Application');
  await expect(numberField(page)).toHaveAttribute('placeholder', 'HFE12W87EQ23');
  await expectAccessibleAtBothWidths(page);

  await trackButton(page).click();
  await expect(page.getByText(trackingMessages.length)).toBeVisible();
  await expect(numberField(page)).toHaveAttribute('aria-invalid', 'true');

  await numberField(page).pressSequentially('hfe12w87eq23extra');
  await expect(numberField(page)).toHaveValue('HFE12W87EQ23');

  await numberField(page).fill('');
  await numberField(page).pressSequentially('abc123');
  await trackButton(page).click();
  await expect(numberField(page)).toHaveValue('ABC123');
  await expect(page.getByText(trackingMessages.length)).toBeVisible();

  await numberField(page).fill('');
  await numberField(page).pressSequentially('HFE12W87_Q23');
  await trackButton(page).click();
  await expect(page.getByText(trackingMessages.characters)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(lookups).toEqual([]);
});

test('an unknown number shows the not-found message in the page and keeps it in the address', async ({ page }) => {
  await page.goto('/track-application');
  await numberField(page).fill('ZZZZ9999ZZZZ');
  await trackButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(trackingMessages.notFound);
  await expect(page).toHaveURL(/\/track-application\?number=ZZZZ9999ZZZZ$/);
  await expect(page.getByRole('heading', { name: 'Application Status' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);
});

test('a paid order: the number in the address is prefilled, uppercased and looked up at once', async ({ page, paidOrder }) => {
  const { trackingNumber } = await paidOrder();

  await page.goto(`/track-application?number=${trackingNumber.toLowerCase()}`);
  await expect(numberField(page)).toHaveValue(trackingNumber);
  const result = page.getByRole('region', { name: 'Application Status' });
  await expect(result).toBeVisible();
  await expect(result.getByText('In Process', { exact: true }).first()).toBeVisible();
  await expect(result.getByText(trackingNumber)).toBeVisible();
  await expect(result.getByText(trackingStageTexts.reviewing.estimate!)).toBeVisible();
  await expect(result.getByTestId('tracking-description')).toHaveText(trackingStageTexts.reviewing.description);
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  await expect(result.getByText(today)).toBeVisible();
  await expect(result.getByRole('list', { name: 'Application progress' }).getByRole('listitem')).toHaveText([
    'Submitted(done)',
    'In Process(current step)',
    'Completed(not yet)',
  ]);
  await expect(result.getByRole('link', { name: 'support@einfilingservice.com' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // Looking up another number replaces the first in the address and in the page.
  await numberField(page).fill('ZZZZ9999ZZZZ');
  await trackButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(trackingMessages.notFound);
  await expect(result).toHaveCount(0);
  await expect(page).toHaveURL(/\?number=ZZZZ9999ZZZZ$/);

  // And back, by typing, without the address.
  await numberField(page).fill(trackingNumber.toLowerCase());
  await trackButton(page).click();
  await expect(result.getByText('In Process', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?number=${trackingNumber}$`));
});

test('the page loads with no Content-Security-Policy violation, toast styles included', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto('/track-application');
  await expect(numberField(page)).toBeVisible();
  await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
  expect(violations).toEqual([]);
});

test('a number typed as the e-mail groups it, in lower case with dashes, is found', async ({ page, paidOrder }) => {
  const { trackingNumber } = await paidOrder();
  const grouped = trackingNumber.toLowerCase().replace(/(.{4})(?!$)/g, '$1-');
  expect(grouped).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
  // The field tidies what is typed once the page is live.
  await gotoHydrated(page, '/track-application');
  await numberField(page).pressSequentially(grouped);
  await expect(numberField(page)).toHaveValue(trackingNumber);
  await trackButton(page).click();
  await expect(page.getByRole('region', { name: 'Application Status' }).getByText(trackingNumber)).toBeVisible();
  await expect(page.getByText(trackingMessages.characters)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`\\?number=${trackingNumber}$`));
});

test('a cancelled order shows Submitted, then Cancelled, with nothing between them marked done', async ({ page, paidOrder }) => {
  const { trackingNumber } = await paidOrder({ status: 'cancelled' });
  await page.goto(`/track-application?number=${trackingNumber}`);
  const result = page.getByRole('region', { name: 'Application Status' });
  await expect(result.getByTestId('tracking-description')).toHaveText(trackingStageTexts.cancelled.description);
  await expect(result.getByRole('list', { name: 'Application progress' }).getByRole('listitem')).toHaveText(['Submitted(done)', 'Cancelled(cancelled)']);
  await expect(result.getByText('In Process')).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'tracking-cancelled');
});
