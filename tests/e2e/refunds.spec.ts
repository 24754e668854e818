import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations } from './fixtures';
import { readMailbox } from './staff-accounts';
import { cancellationMessages } from '#shared/refunds/refunds.ts';

// Refunds and the one-hour cancellation (decision 026): a customer who has paid cancels from the
// e-mailed link; an admin refunds part of another order from its page. The orders are paid through
// the set-up API, as a card purchase leaves them (the checkout's own specs buy through its screens).

const screenshots = process.env.REFUNDS_SCREENSHOTS;
const companyName = 'Hill Country Woodworks LLC';

async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  const size = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** The "Cancel my order" link of the order's confirmation e-mail, from the server's mail folder. */
function cancellationLinkOf(trackingNumber: string): string | null {
  const messages = readMailbox()
    .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((message) => message.includes(`Order confirmed: your EIN application ${trackingNumber}`));
  const links = messages.flatMap((message) => [...message.matchAll(/https?:\/\/[^\s"<]+\/cancel-order\/[A-Za-z0-9_-]{43}/g)].map((match) => match[0]));
  return links.at(-1) ?? null;
}

test('a customer pays, cancels from the e-mailed link within the hour and sees Cancelled on tracking', async ({ page, paidOrder }) => {
  const { trackingNumber } = await paidOrder();

  await expect.poll(() => cancellationLinkOf(trackingNumber)).not.toBeNull();
  const link = new URL(cancellationLinkOf(trackingNumber)!);
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel my order' })).toBeVisible();
  await expect(page.getByText(companyName)).toBeVisible();
  await expect(page.getByText(trackingNumber)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'cancel-order');

  // One click, from the keyboard.
  const cancel = page.getByRole('button', { name: /^Cancel my order and refund \$\d+\.\d{2}$/ });
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been cancelled' })).toBeVisible();
  await expect(page.getByText(cancellationMessages.cancelled)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'cancel-order-done');

  // The link is spent: opening it again shows the order as cancelled, with no button.
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Cancel my order/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Track your application' }).click();
  const result = page.getByRole('region', { name: 'Application Status' });
  await expect(result.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('tracking-refund')).toHaveText(/^Refunded \$\d+\.\d{2} on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'tracking-refunded');
});

test.describe('a customer in California', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('reads the end of the cancellation window in their own zone, named', async ({ page, paidOrder }) => {
    const { trackingNumber } = await paidOrder();
    await expect.poll(() => cancellationLinkOf(trackingNumber)).not.toBeNull();
    await page.goto(new URL(cancellationLinkOf(trackingNumber)!).pathname);
    const deadline = page.locator('time');
    await expect(deadline).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M P[SD]T$/);
    const moment = new Date((await deadline.getAttribute('datetime'))!);
    const pacific = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles' }).format(moment);
    await expect(deadline).toContainText(`at ${pacific} P`);
    await expect(page.getByText(/You can cancel until/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'cancel-order-pacific');
  });
});

test('an admin refunds part of another order and sees paid, refunded and net', async ({ page, paidOrder, signedInAs }) => {
  const { orderId } = await paidOrder();
  await signedInAs('admin');

  await page.goto(`/manage/orders/${orderId}`);
  const amounts = page.getByRole('definition');
  await expect(page.getByLabel('Payment amounts')).toContainText('Refunded$0.00');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await dialog.getByLabel('Amount (USD)').fill('500');
  await dialog.getByLabel('Reason').selectOption('customer_request');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // More than was paid: refused in the form, with the shared message.
  await expect(dialog.getByText(/^At most \$\d+\.\d{2} can still be refunded\.$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'refund-dialog');

  await dialog.getByLabel('Amount (USD)').fill('50.00');
  await dialog.getByLabel('Note').fill('Partial goodwill refund.');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm refund' });
  await expect(confirm).toContainText('Refund $50.00 to the customer');
  await shoot(page, 'refund-confirm');
  await confirm.getByRole('button', { name: 'Refund $50.00' }).click();
  await expect(confirm).toBeHidden();

  const payments = page.getByLabel('Payment amounts');
  await expect(payments).toContainText('Refunded$50.00');
  await expect(payments).toContainText(/Paid\$(\d+)\.00/);
  const paid = Number(/Paid\$(\d+)\.00/.exec((await payments.textContent()) ?? '')?.[1]);
  await expect(payments).toContainText(`Net$${(paid - 50).toFixed(2)}`);
  await expect(page.getByRole('list', { name: 'Refunds' })).toContainText('Customer request: Partial goodwill refund.');
  await expect(amounts.first()).toBeVisible();
  // The success toast goes by itself; the page is checked as it then stands.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'order-refunded');
});
