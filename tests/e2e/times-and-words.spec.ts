import type { Page } from '@playwright/test';
import { test, expect, buyWithTestCard, expectNoSeriousA11yViolations, screenshotAtBothWidths, answerSigningPage, faxableSsn } from './fixtures';
import { readMailbox, signInContext } from './staff-accounts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { cancelledRefundedStageText, faxedStageText, trackingStageTexts } from '#shared/tracking/tracking.ts';

// What a customer and a staff member read says what is true of this order and this moment: the
// thank-you after signing is in view below the sticky header, every time on the staff screens names
// its zone, tracking says a faxed application was faxed and what to expect, a fax-only order is not
// promised an EIN at once, a refunded cancellation is not sent to ask for a refund, and an admin is
// not told to ask an admin.

// Signing, and a fax delivered to the IRS: more than the default minute.
test.describe.configure({ timeout: 180_000 });

/** The latest link of `kind` (`sign`, `cancel-order`) e-mailed to `address`, as a path. */
function linkTo(address: string, kind: string): string | null {
  const messages = readMailbox()
    .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((message) => message.includes(`To: ${address}`));
  const link = messages.flatMap((message) => [...message.matchAll(new RegExp(`https?://[^\\s"<]+/${kind}/[A-Za-z0-9_-]{43}`, 'g'))].map((match) => match[0])).at(-1);
  return link ? new URL(link).pathname : null;
}

/** A time with its zone named, as the staff screens write it: "… at 2:05 PM EST". */
const easternTime = /\d{1,2}:\d{2} [AP]M E[SD]T/;

/** The tracking page's "Next Steps", in order. */
async function nextSteps(page: Page): Promise<string[]> {
  return page.getByRole('region', { name: 'Application Status' }).locator('h3:text-is("Next Steps") + ul > li').allTextContents();
}

test('after signing at 375 px the thank-you is below the sticky header; staff read every time in Eastern time, named; tracking says the SS-4 was faxed', async ({
  page,
  browser,
  paidOrder,
  signedInAs,
}) => {
  const email = `words-${Date.now()}@example.com`;
  const admin = await signedInAs('admin');
  const { orderId, trackingNumber } = await paidOrder({ billingEmail: email, assignedTo: admin.id, application: { contact: { rpSSN: faxableSsn() } } });
  await page.goto(`/manage/orders/${orderId}`);
  await page.getByRole('button', { name: 'Send for signature' }).click();
  await expect(page.getByTestId('signing-state')).toHaveText('Sent');
  await expect.poll(() => linkTo(email, 'sign')).not.toBeNull();

  // A small phone (375 by 667), signing from the keyboard at the foot of the form.
  const customerContext = await browser.newContext({ viewport: { width: 375, height: 667 } });
  const customer = await customerContext.newPage();
  await customer.goto(linkTo(email, 'sign')!);
  await answerSigningPage(customer);
  await customer.getByRole('button', { name: 'Sign the SS-4' }).focus();
  await customer.keyboard.press('Enter');
  const thanks = customer.getByRole('heading', { level: 1, name: 'Thank you: your SS-4 is signed' });
  await expect(thanks).toBeFocused({ timeout: 30_000 });
  // In view, and not under the sticky header: its top is below the header's bottom.
  /** The room between the sticky header's bottom and the heading's top, in whole pixels (negative: under it). */
  const gapBelowHeader = async () => {
    const heading = await thanks.boundingBox();
    const header = await customer.locator('header').first().boundingBox();
    return heading && header ? Math.round(heading.y - (header.y + header.height)) : -1;
  };
  await expect.poll(gapBelowHeader).toBeGreaterThanOrEqual(0);
  await expect(thanks).toBeInViewport();
  // Chromium centres a focused element it has to scroll to; Safari and Firefox bring it to the top of the
  // view, where only the heading's scroll margin keeps it clear of the header. Scrolled to the top as
  // they do, the heading still stands below the header.
  const headerHeight = (await customer.locator('header').first().boundingBox())?.height ?? 0;
  expect(headerHeight).toBeGreaterThan(0);
  expect(await thanks.evaluate((heading) => parseFloat(getComputedStyle(heading).scrollMarginTop))).toBeGreaterThanOrEqual(headerHeight);
  // Instantly: the page scrolls smoothly, and a measure taken mid-way would say nothing.
  await customer.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await thanks.evaluate((heading) => heading.scrollIntoView({ block: 'start', behavior: 'instant' }));
  await expect.poll(gapBelowHeader).toBeGreaterThanOrEqual(0);
  await expect(thanks).toBeInViewport();
  await screenshotAtBothWidths(customer, 'signed-thank-you');

  // Staff: the signature card's times carry their zone, as the filing card's do.
  await page.reload();
  await expect(page.getByTestId('signing-state')).toHaveText('Signed');
  const signature = page.locator('div.rounded-xl', { has: page.getByRole('heading', { level: 2, name: 'Customer Signature' }) });
  for (const label of ['Sent', 'Verified']) await expect(signature.locator('dt', { hasText: label }).locator('+ dd')).toHaveText(easternTime);
  await expect(signature.locator('dt', { hasText: 'Signed' }).locator('+ dd')).toHaveText(new RegExp(`${easternTime.source} by John Public$`));
  const history = page.locator('div.rounded-xl', { has: page.getByRole('heading', { level: 2, name: 'Status History' }) });
  await expect(history.locator('time').first()).toHaveText(easternTime);

  // Filed by fax: once the IRS's line has it, tracking says it was faxed and what to expect.
  const filing = page.locator('div.rounded-xl', { has: page.getByRole('heading', { level: 2, name: 'Filing with the IRS' }) });
  await filing.getByRole('button', { name: 'File by fax' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Fax it' }).click();
  await expect(async () => {
    await page.reload();
    await expect(filing.getByTestId('filing-status')).toHaveText('Delivered', { timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000, 3_000] });
  await expect(filing.getByText(easternTime).first()).toBeVisible();
  await screenshotAtBothWidths(page, 'staff-order-times');

  await customer.goto(`/track-application?number=${trackingNumber}`);
  await expect(customer.getByTestId('tracking-description')).toHaveText(faxedStageText.description);
  await expect(customer.getByText(faxedStageText.estimate!)).toBeVisible();
  expect(await nextSteps(customer)).toEqual(faxedStageText.nextSteps);
  await expect(customer.getByText(deliveryPromise.irsTurnaround)).toHaveCount(0);
  await expectNoSeriousA11yViolations(customer);
  await screenshotAtBothWidths(customer, 'tracking-faxed');
  await customerContext.close();
});

test('a founder in Germany, whose form goes by fax only, is not promised an EIN at once on the confirmation page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await buyWithTestCard(page, {
    application: sampleApplication({
      contact: { rpTaxIdType: 'none', rpSSN: '', rpItin: '', rpUsPerson: '', rpPhone: '+493012345678', phoneNumber: '+493012345678' },
      registration: { country: 'DE', city: 'Berlin', streetAddress: 'Friedrichstrasse 12', county: '', state: '', zipCode: '', province: '', postalCode: '10117' },
    }),
  });
  await expect(page.getByText(deliveryPromise.irsTurnaroundByFax)).toBeVisible();
  await expect(page.getByText(/issues the EIN at once/)).toHaveCount(0);
  await screenshotAtBothWidths(page, 'confirmation-fax-only');
});

test('a cancelled and refunded order is not told to ask for a refund', async ({ page, paidOrder }) => {
  const email = `refunded-${Date.now()}@example.com`;
  const { trackingNumber } = await paidOrder({ billingEmail: email });
  await expect.poll(() => linkTo(email, 'cancel-order')).not.toBeNull();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(linkTo(email, 'cancel-order')!);
  await page.getByRole('button', { name: /^Cancel my order and refund/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been cancelled' })).toBeVisible();

  await page.goto(`/track-application?number=${trackingNumber}`);
  await expect(page.getByTestId('tracking-refund')).toBeVisible();
  await expect(page.getByTestId('tracking-description')).toHaveText(cancelledRefundedStageText.description);
  expect(await nextSteps(page)).toEqual(cancelledRefundedStageText.nextSteps);
  await expect(page.getByText(trackingStageTexts.cancelled.nextSteps[0]!)).toHaveCount(0);
  await expect(page.getByText(/or a refund/)).toHaveCount(0);
  await screenshotAtBothWidths(page, 'tracking-cancelled-refunded');
});

test('an admin is told where to change their own name and e-mail, not to ask an admin; a fulfiller is', async ({ page, signedInAs, browser, staffAccount }) => {
  await signedInAs('admin');
  await page.goto('/manage/account');
  const details = page.locator('div.rounded-xl', { has: page.getByRole('heading', { level: 2, name: 'Details' }) });
  await expect(details.getByText(/Change your name or e-mail on the Users screen/)).toBeVisible();
  await expect(details.getByText(/ask an admin/)).toHaveCount(0);
  await expect(details.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/manage/users');
  await screenshotAtBothWidths(page, 'account-admin');

  const fulfiller = await staffAccount({ role: 'fulfiller' });
  const context = await browser.newContext();
  const other = await context.newPage();
  await signInContext(context, fulfiller, new URL(page.url()).origin);
  await other.goto('/manage/account');
  await expect(other.getByText('To change your name, e-mail or role, ask an admin.')).toBeVisible();
  await context.close();
});
