import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from './fixtures';
import { publicRoutes } from './public-routes';
import { deliveryPromise } from '#shared/delivery-promise.ts';

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const route of publicRoutes) {
  test(`${route.path} is accessible at 1280 px and 375 px without horizontal scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });
}

test('an unknown path shows the not-found page, logs the path, and links home', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/does/not/exist');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect
    .poll(() => errors)
    .toContainEqual(expect.stringContaining('404 Error: User attempted to access non-existent route: /does/not/exist'));

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${deliveryPromise.headline.lead} ${deliveryPromise.headline.highlight}`);
});

test('the header links scroll to the landing page sections', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('banner').getByRole('link', { name: 'How It Works' }).click();
  await expect(page.locator('#process')).toBeInViewport();
  await expect(page).toHaveURL(/\/#process$/);
});

// The reviews exist only where the operator configured them (decision 035): the second test server.
test.describe('with the operator’s reviews', () => {
  test.use({ baseURL: process.env.E2E_CLAIMS_BASE_URL });

  test('the header’s Reviews link scrolls to the reviews', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('banner').getByRole('link', { name: 'Reviews' }).click();
    await expect(page).toHaveURL(/\/#testimonials$/);
    await expect(page.locator('#testimonials')).toBeInViewport();
  });

  test('visiting /#testimonials scrolls the reviews into view', async ({ page }) => {
    await page.goto('/#testimonials');
    const reviews = page.locator('#testimonials');
    await expect(reviews).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  });

  test('the carousel Next and Previous buttons move the reviews by 320 px', async ({ page }) => {
    await gotoHydrated(page, '/');
    const scroller = page.getByRole('region', { name: /customer reviews/i });
    await scroller.scrollIntoViewIfNeeded();
    const scrollLeft = () => scroller.evaluate((element) => element.scrollLeft);
    expect(await scrollLeft()).toBe(0);

    await page.getByRole('button', { name: 'Next reviews' }).click();
    await expect.poll(scrollLeft).toBe(320);
    // Still 320 once the smooth scroll has settled.
    await page.waitForTimeout(600);
    expect(await scrollLeft()).toBe(320);

    await page.getByRole('button', { name: 'Previous reviews' }).click();
    await expect.poll(scrollLeft).toBe(0);
  });

  test('the reviews can be dragged with the mouse', async ({ page }) => {
    await gotoHydrated(page, '/');
    const scroller = page.getByRole('region', { name: /customer reviews/i });
    await scroller.scrollIntoViewIfNeeded();
    const box = await scroller.boundingBox();
    if (!box) throw new Error('The reviews list is not laid out');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 600, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 450, y, { steps: 5 });
    await page.mouse.move(box.x + 400, y, { steps: 5 });
    await page.mouse.up();
    expect(await scroller.evaluate((element) => element.scrollLeft)).toBe(200);
  });
});

test('the header "Start Application" button opens the first wizard step', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('banner').getByRole('link', { name: 'Start Application' }).click();
  await expect(page).toHaveURL(/\/ein-application-start$/);
});

test('the landing page and the footer say the service is not the IRS, which issues EINs free', async ({ page }) => {
  await gotoHydrated(page, '/');
  const note = page.getByTestId('irs-disclosure');
  await expect(note).toBeVisible();
  await expect(note).toContainText('not affiliated with the IRS');
  await expect(note).toContainText('The IRS issues EINs free of charge');

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('not affiliated with the Internal Revenue Service (IRS) or any government agency');
  await expect(footer).toContainText('The IRS issues EINs free of charge at irs.gov');
  await expect(footer).toContainText('paid preparation and filing service');
  await expect(footer.getByRole('link', { name: 'Track My Application' })).toHaveAttribute('href', '/track-application');
  await expect(footer.getByRole('link', { name: /^support@|@/ })).toHaveAttribute('href', /^mailto:.+@.+/);
  await expect(footer).toContainText('SSL Secured');
  await expect(footer).not.toContainText(/IRS Approved|approved/i);
  await expect(footer).toContainText('EIN Filing Service LLC');
});

test('the FAQ shows eleven expanded questions, founders abroad among them', async ({ page }) => {
  await page.goto('/faq');
  const questions = page.locator('details');
  await expect(questions).toHaveCount(11);
  await expect(page.locator('summary', { hasText: 'I live outside the United States. Can you get my EIN?' })).toBeVisible();
  for (const question of await questions.all()) {
    await expect(question).toHaveAttribute('open', '');
    await expect(question.locator('summary + div')).toBeVisible();
  }
  await expect(page.getByRole('main').getByRole('link', { name: 'Start Application' })).toHaveAttribute(
    'href',
    '/ein-application-start',
  );
});

test('the text pages open at the top', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});
