import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from './fixtures';
import { formatUsd } from '#shared/money.ts';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { irsIsFree } from '#shared/site/service-fee.ts';
import { testTestimonials } from '../support/site-claims';

// What the public pages claim (decision 035), in the browser: a new operator's site (the first test
// server: no figures, rating or testimonials) and one whose operator configured them all (the second),
// with the price up front on both, each page checked by axe at 1280 px and 375 px.

const widths = [1280, 375] as const;

/** The live price, as the server publishes it: what step 6 will charge. */
async function livePrice(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/api/config')).json()) as { priceCents: number };
  return formatUsd(config.priceCents);
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => (JSON.parse(text) as { '@graph': Record<string, unknown>[] })['@graph']);
}

async function checkAtBothWidths(page: Page, check: () => Promise<void>): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `overflow at ${width} px`).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  }
}

test.describe('a site whose operator configured no claims', () => {
  test('the landing page shows the fee and no figures, rating or testimonials, and still reads complete', async ({ page, request }) => {
    const price = await livePrice(request);
    await page.goto('/');
    await checkAtBothWidths(page, async () => {
      const fee = page.getByTestId('service-fee');
      await expect(fee).toBeVisible();
      await expect(page.getByTestId('service-fee-amount')).toHaveText(price);
      await expect(fee).toContainText(irsIsFree());
      await expect(fee.getByRole('link', { name: 'IRS.gov' })).toHaveAttribute('href', 'https://www.irs.gov');

      await expect(page.locator('#testimonials')).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Reviews/ })).toHaveCount(0);
      const main = page.getByRole('main');
      await expect(main).not.toContainText(/businesses served|Rated \d|reviews on|accepted by the IRS the first time|50,000|4\.9|99(\.9)?%/);
      // The facts band holds what is true from the first order.
      await expect(main).toContainText('What the IRS charges if you apply yourself');
    });
    const service = (await jsonLd(page)).find((node) => node['@type'] === 'Service');
    expect(service?.offers).toMatchObject({ price: price.slice(1), priceCurrency: 'USD' });
    expect(service).not.toHaveProperty('aggregateRating');
  });

  test('the FAQ states the fee and what it buys, beside the reminder that the IRS is free', async ({ page, request }) => {
    const price = await livePrice(request);
    await page.goto('/faq');
    await checkAtBothWidths(page, async () => {
      const answer = page.locator('details', { hasText: 'How much does your service cost?' });
      await expect(answer).toContainText(`Our fee is ${price}, paid once at the last step`);
      await expect(answer).toContainText(irsIsFree());
    });
  });

  test('step 1 says the fee and who we are before its first question', async ({ page, request }) => {
    const price = await livePrice(request);
    await page.goto('/ein-application-start');
    await checkAtBothWidths(page, async () => {
      const notice = page.getByRole('region', { name: 'Our fee, and who we are' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(`Our fee: ${price}`);
      await expect(notice).toContainText('not the IRS. The IRS issues EINs free of charge at IRS.gov');
      const noticeBox = await notice.boundingBox();
      const firstQuestion = await page.getByRole('main').getByRole('textbox').first().boundingBox();
      expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(firstQuestion!.y);
    });
  });

  test('a money-back mention opens the Terms at their refund section, whose condition it quotes', async ({ page }) => {
    // Hydrated first, so the click is the router's, not one racing the page's code as it arrives.
    await gotoHydrated(page, '/about');
    const guarantee = page.getByRole('listitem').filter({ hasText: 'Money-back guarantee:' });
    await expect(guarantee).toContainText(`your money back if ${deliveryPromise.refundCondition}`);
    await guarantee.getByRole('link', { name: 'refund terms' }).click();
    await expect(page).toHaveURL(/\/terms#refunds$/);
    const section = page.locator('#refunds');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('4. Refunds');
    await expect(section).toBeInViewport();
    await expect(section).toContainText(deliveryPromise.refundCondition);
  });
});

test.describe('a site whose operator configured every claim', () => {
  test.use({ baseURL: process.env.E2E_CLAIMS_BASE_URL });

  test('the landing page shows each figure with its source, and the testimonials attributed and dated', async ({ page }) => {
    await page.goto('/');
    await checkAtBothWidths(page, async () => {
      const main = page.getByRole('main');
      await expect(main.getByText('1,250 businesses served')).toBeVisible();
      await expect(main.getByText('97.5% of the applications we filed were accepted by the IRS the first time.')).toBeVisible();
      const reviews = page.locator('#testimonials');
      await expect(reviews).toContainText('Rated 4.7 out of 5 from 312 reviews on trustpilot.com');
      await expect(reviews.getByRole('link', { name: 'trustpilot.com', exact: true })).toHaveAttribute('href', 'https://www.trustpilot.com/review/einfilingservice.example');
      const cards = reviews.getByRole('listitem');
      await expect(cards).toHaveCount(testTestimonials.length);
      await expect(cards.first()).toContainText(testTestimonials[0].quote);
      await expect(cards.first()).toContainText(testTestimonials[0].name);
      await expect(cards.first()).toContainText('March 2025');
      await expect(cards.first().getByRole('link', { name: 'Published on trustpilot.com' })).toHaveAttribute('href', testTestimonials[0].sourceUrl);
      await expect(cards.nth(2)).toContainText(testTestimonials[2].disclosure);
      // The invented review of an "EIN confirmation letter" is gone with the other samples.
      await expect(main).not.toContainText(/confirmation letter|sample entries/i);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole('banner')).toContainText('1,250 businesses served');
    const service = (await jsonLd(page)).find((node) => node['@type'] === 'Service');
    expect(service?.aggregateRating).toMatchObject({ ratingValue: 4.7, reviewCount: 312 });
    expect(JSON.stringify(await jsonLd(page))).not.toContain(testTestimonials[0].name);
  });

  test('About says the configured count', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('main')).toContainText('1,250 businesses have used our service to get their EIN so far.');
    await expectNoSeriousA11yViolations(page);
  });
});
