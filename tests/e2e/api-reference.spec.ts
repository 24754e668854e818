import type { Page } from '@playwright/test';
import { test, expect, expectAccessibleAtBothWidths } from './fixtures';

// The API reference (decision 044): for signed-in staff only, rendered by Scalar from the document
// the server generates, with nothing loaded from elsewhere and no page of the site carrying it.

/** Content-Security-Policy violations and requests to other sites while the page is open. */
function watchOutside(page: Page, baseURL: string): { csp: string[]; elsewhere: string[] } {
  const seen = { csp: [] as string[], elsewhere: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) seen.csp.push(message.text());
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) seen.elsewhere.push(url);
  });
  return seen;
}

test('an admin opens the API reference from the panel: every group of routes shows, and axe finds nothing serious', async ({ page, baseURL, signedInAs }) => {
  const seen = watchOutside(page, baseURL!);
  await signedInAs('admin');
  await page.goto('/manage/orders');
  await page.getByRole('navigation', { name: 'Management Panel' }).getByRole('link', { name: 'API Reference' }).click();
  await expect(page).toHaveURL(/\/manage\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible();
  await expect(page.getByRole('link', { name: '/api/openapi.json' })).toHaveAttribute('href', '/api/openapi.json');

  // Scalar has read the document: its title, a group for each tag, the operations by their summaries.
  await expect(page.getByRole('heading', { name: 'EIN filing service API' })).toBeVisible({ timeout: 30_000 });
  const sidebar = page.getByRole('complementary', { name: 'Sidebar for EIN filing service API' });
  for (const tag of ['Site', 'Checkout', 'Tracking', 'Signing', 'Webhooks', 'Staff session', 'Orders', 'Audit trail', 'Customer data']) {
    await expect(sidebar.getByRole('link', { name: tag, exact: true })).toBeVisible();
  }
  await expect(sidebar.getByRole('link', { name: /Whether the server and its database answer/ })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Open Group - Orders' }).click();
  await expect(sidebar.getByRole('link', { name: /Reveal an SSN in full/ })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Ask AI' })).toHaveCount(0);

  await expectAccessibleAtBothWidths(page);
  // Scalar also inserts a few inline styles the site's policy refuses (it renders from its stylesheet
  // file): no script, frame or connection of it is refused, and nothing is fetched from elsewhere.
  expect(seen.csp.filter((violation) => !violation.startsWith('Applying inline style'))).toEqual([]);
  expect(seen.elsewhere).toEqual([]);
});

test('an anonymous visitor is sent to the sign-in page, and the document is refused to them', async ({ page, playwright, baseURL }) => {
  await page.goto('/manage/api');
  await expect(page).toHaveURL(/\/manage\/login\?next=%2Fmanage%2Fapi$/);
  await expect(page.getByRole('heading', { name: 'API Reference' })).toHaveCount(0);

  const anonymous = await playwright.request.newContext({ baseURL });
  const response = await anonymous.get('/api/openapi.json');
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } });
  await anonymous.dispose();
});
