import { expect, gotoHydrated, test } from './fixtures';
import { publicRoutes } from './public-routes';
import { deliveryPromise } from '#shared/delivery-promise.ts';

// The staff sign-in is rendered on the server too, though kept out of search.
for (const route of [...publicRoutes, { path: '/manage/login', heading: 'Admin Login' }]) {
  test(`${route.path} paints the server's HTML before requesting its code, then hydrates it without a warning`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      // The not-found page logs the address, and the browser its 404 status: both intended.
      // The staff sign-in asks whether a session is open: the browser logs the 401 of "no".
      const expected =
        (route.path === '/no-such-page' && /^(404 Error:|Failed to load resource: the server responded with a status of 404)/.test(message.text())) ||
        (route.path === '/manage/login' && /^Failed to load resource: the server responded with a status of 401/.test(message.text()));
      if (['error', 'warning'].includes(message.type()) && !expected) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    // Hydrated: the router now handles links in the page.
    await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    // Its scripts and whole stylesheet were requested only once the page had painted.
    const timings = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      codeRequests: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.(?:js|css)$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));
    expect(timings.firstPaint).not.toBeNull();
    expect(timings.codeRequests.length).toBeGreaterThan(0);
    expect(Math.min(...timings.codeRequests)).toBeGreaterThanOrEqual(timings.firstPaint!);
  });
}

test('the pages read and link without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${deliveryPromise.headline.lead} ${deliveryPromise.headline.highlight}`);
  await expect(page.getByText('Please note:')).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
  // The answers are open and readable.
  await expect(page.getByText('An employer identification number (EIN) is a nine-digit number')).toBeVisible();
  await expect(page.getByText('No, we are not the IRS.')).toBeVisible();

  await page.getByRole('link', { name: 'Terms of Service' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await page.getByRole('link', { name: 'Start Application' }).first().click();
  await expect(page).toHaveURL(/\/ein-application-start$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Company Information');
  await context.close();
});

test('client navigation updates the title, description and canonical link', async ({ page }) => {
  // Hydrated first: a click before would be an ordinary page load, not the router's navigation.
  await gotoHydrated(page, '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveTitle('About Us | EIN Filing Service');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about$/);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/about$/);
});

test('the preview image ships with the app', async ({ request }) => {
  const response = await request.get('/og-image.png');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
});
