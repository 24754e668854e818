import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

type DataLayerEntry = Record<string, unknown>;

async function dataLayer(page: Page): Promise<DataLayerEntry[]> {
  return page.evaluate(() => (window.dataLayer ?? []) as Record<string, unknown>[]);
}

test('every location change pushes a page view with path, search, hash and title', async ({ page }) => {
  await page.goto('/?ref=mail');
  await expect.poll(async () => (await dataLayer(page)).filter((entry) => entry.event === 'page_view').length).toBe(1);
  const landingTitle = await page.title();
  // The page's own title, not the shell's, even on the first load of a lazily loaded page.
  expect(landingTitle).not.toBe('EIN Filing Service: apply for your EIN online');
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page).toHaveTitle('Frequently Asked Questions | EIN Filing Service');
  await expect
    .poll(async () => (await dataLayer(page)).filter((entry) => entry.event === 'page_view'))
    .toEqual([
      { event: 'page_view', page_path: '/', page_search: '?ref=mail', page_hash: '', page_title: landingTitle },
      { event: 'page_view', page_path: '/faq', page_search: '', page_hash: '', page_title: 'Frequently Asked Questions | EIN Filing Service' },
    ]);
});

test('without a tag-manager container or a feature-flag key, the site talks to no other host', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL ?? '') && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  await page.goto('/');
  await page.goto('/ein-application-start');
  await page.waitForLoadState('networkidle');
  expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
  expect(foreign).toEqual([]);
});

test('no answer typed into the wizard reaches the data layer', async ({ page }) => {
  await page.goto('/ein-application-start');
  await page.locator('[name="companyName"]').fill('Zephyrine Quartz Holdings');
  await page.locator('[name="state"]').selectOption('TX');
  await page.locator('[name="entityType"]').selectOption('Estate');
  await page.locator('[name="estateReason"]').selectOption('Administering the estate');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page).toHaveURL(/\/ein\/step-2$/);
  // The step-2 page view is sent once that page is on screen.
  await expect.poll(async () => (await dataLayer(page)).map((entry) => entry.event).sort()).toEqual(['opened_form', 'page_view', 'page_view']);
  const events = await dataLayer(page);
  expect(events.find((entry) => entry.event === 'opened_form')).toEqual({ event: 'opened_form', page_path: '/ein-application-start' });
  expect(JSON.stringify(events)).not.toContain('Zephyrine');
});
