import type { Page } from '@playwright/test';
import { test, expect, expectAccessibleAtBothWidths } from './fixtures';

// The API reference (decision 044): for signed-in staff only, rendered by Scalar from the document
// the server generates, with nothing loaded from elsewhere and no page of the site carrying it.

/**
 * Content-Security-Policy violations (the console's and the page's `securitypolicyviolation` events)
 * and requests to other sites while the page is open.
 */
function watchOutside(page: Page, baseURL: string): { csp: string[]; elsewhere: string[] } {
  const seen = { csp: [] as string[], elsewhere: [] as string[] };
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy') || message.text().startsWith('securitypolicyviolation')) seen.csp.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      // zod (the site's and Scalar's) asks once whether it may compile its checks, by trying
      // `new Function('')` and falling back when refused: the policy refuses it, as it should.
      if (event.effectiveDirective === 'script-src' && event.blockedURI === 'eval') return;
      console.log(`securitypolicyviolation ${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) seen.elsewhere.push(url);
  });
  return seen;
}

test('an admin opens the API reference from the panel: every group of routes shows, and axe finds nothing serious', async ({ page, baseURL, signedInAs }) => {
  // Scalar reads the whole document in the browser before it renders, and renders every operation:
  // axe takes about 90 s a width over that page on a busy machine (45 s to run, 45 s to gather).
  test.setTimeout(480_000);
  const seen = watchOutside(page, baseURL!);
  await signedInAs('admin');
  await page.goto('/manage/orders');
  await page.getByRole('navigation', { name: 'Management Panel' }).getByRole('link', { name: 'API Reference' }).click();
  await expect(page).toHaveURL(/\/manage\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible();
  await expect(page.getByRole('link', { name: '/api/openapi.json' })).toHaveAttribute('href', '/api/openapi.json');

  // Scalar has read the document: its title, a group for each tag, the operations by their summaries.
  await expect(page.getByRole('heading', { name: 'EIN filing service API' })).toBeVisible({ timeout: 120_000 });
  const sidebar = page.getByRole('navigation', { name: 'Sidebar for EIN filing service API' });
  for (const tag of ['Site', 'Checkout', 'Tracking', 'Signing', 'Webhooks', 'Staff session', 'Orders', 'Audit trail', 'Customer data']) {
    await expect(sidebar.getByText(tag, { exact: true }).first()).toBeVisible();
  }
  await expect(sidebar.getByText(/Whether the server and its database answer/)).toBeVisible();
  await sidebar.getByText('Orders', { exact: true }).first().click();
  await expect(sidebar.getByText(/Reveal an SSN in full/)).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Ask AI' })).toHaveCount(0);

  await expectAccessibleAtBothWidths(page);
  // The page's own policy allows the styles Scalar inserts (decision 054): nothing is refused, and
  // nothing is fetched from elsewhere.
  expect(seen.csp).toEqual([]);
  expect(seen.elsewhere).toEqual([]);
});

test('a Test Request sent from the reference shows its answer in view at 1280 and 375 px, with the staff session and nothing refused', async ({ page, baseURL, signedInAs }) => {
  test.setTimeout(360_000);
  const seen = watchOutside(page, baseURL!);
  const account = await signedInAs('admin');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    // A new load each time (an address differing only by its hash would not load the page again).
    await page.goto('about:blank');
    await page.goto('/manage/api#tag/staff-session/GET/api/manage/session');
    await expect(page.getByRole('heading', { name: 'EIN filing service API' })).toBeAttached({ timeout: 120_000 });
    const testRequest = page.getByRole('button', { name: 'Test Request (get /api/manage/session)' });
    await testRequest.scrollIntoViewIfNeeded();
    await testRequest.click();

    // The session's value field is empty, with no made-up value in it: the browser sends the staff
    // session cookie itself, as for every page of the panel.
    const client = page.getByRole('dialog');
    const sessionValue = client.locator('input.scalar-password-input');
    await expect(sessionValue.first()).toBeVisible();
    for (const field of await sessionValue.all()) {
      await expect(field).toHaveValue('');
      expect(await field.getAttribute('placeholder')).not.toBe('QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT');
    }
    await expect(client).not.toContainText('QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT');

    await client.getByRole('button', { name: /^Send get request to/ }).click();
    await expect(client.getByText('200 OK', { exact: true })).toBeVisible({ timeout: 15_000 });
    // The answer is the signed-in member, its JSON beside its line numbers and in view.
    const answer = client.locator('.cm-editor').filter({ hasText: account.email });
    await expect(answer).toBeVisible();
    // Its JSON starts beside its line numbers, not under them.
    const gutter = await answer.locator('.cm-gutters').boundingBox();
    const content = await answer.locator('.cm-content').boundingBox();
    expect(gutter && content).toBeTruthy();
    expect(Math.abs(gutter!.y - content!.y)).toBeLessThan(8);
    expect(content!.x).toBeGreaterThanOrEqual(gutter!.x + gutter!.width - 1);
    // At 375 px the answer is under the request: scrolled to, it is in view.
    await answer.scrollIntoViewIfNeeded();
    await expect(answer.getByText(account.email)).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`test-request-${width}.png`) });
  }
  expect(seen.csp).toEqual([]);
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
