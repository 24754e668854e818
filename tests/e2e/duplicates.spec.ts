import { randomUUID } from 'node:crypto';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';
import { trackingPagePath } from '#shared/site/public-paths.ts';
import { buyWithTestCard, expect, expectAccessibleAtBothWidths, screenshotAtBothWidths, test } from './fixtures';

// The same application paid twice (decision 041): step 6 says so before the second payment, with the
// way to the first order, and lets the customer go on; staff see both orders flagged and refund the
// duplicate in full from its flag.

test('the same company and responsible party paid twice: warned at step 6, flagged and refunded by staff', async ({ page, signedInAs }) => {
  const companyName = `Duplicate Check ${randomUUID().slice(0, 6)} LLC`;
  const application = sampleApplication({ company: { companyName } });

  const first = await buyWithTestCard(page, {
    application,
    beforePaying: async () => {
      await expect(page.getByRole('heading', { name: checkoutMessages.duplicateTitle })).toHaveCount(0);
    },
  });
  // A new browser session: the answers again, a new draft.
  await page.evaluate(() => sessionStorage.clear());

  const second = await buyWithTestCard(page, {
    application,
    beforePaying: async () => {
      const notice = page.getByRole('status').filter({ has: page.getByRole('heading', { name: checkoutMessages.duplicateTitle }) });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(`tracking number ending in ${first.slice(-4)}`);
      await expect(notice).not.toContainText(first);
      await expect(notice.getByRole('link', { name: checkoutMessages.duplicateLink })).toHaveAttribute('href', trackingPagePath);
      // A warning, not a stop: the order can still be completed.
      await expect(page.getByRole('button', { name: 'Complete Order' })).toBeEnabled();
      await expectAccessibleAtBothWidths(page);
      await screenshotAtBothWidths(page, 'duplicate-step-6');
    },
  });
  expect(second).not.toBe(first);

  await signedInAs('admin');
  await page.goto(`/manage/orders?search=${second}`);
  await page.getByRole('link', { name: second }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${second}` })).toBeVisible();
  const flag = page.getByRole('region', { name: 'Possible duplicate' });
  await expect(flag).toContainText(`Order #${first}`);
  await expect(flag).toContainText('(earlier)');
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'duplicate-flag');

  // One click for the full refund, then the amount named before it is made.
  await flag.getByRole('button', { name: 'Refund this order in full as a duplicate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm refund' });
  await expect(confirm).toContainText(/Refund \$\d+\.\d{2} to the customer's card\? This cannot be undone\. The order will be cancelled\./);
  await confirm.getByRole('button', { name: /^Refund \$\d+\.\d{2}$/ }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('list', { name: 'Refunds' })).toContainText(`Duplicate payment: Duplicate of order #${first}.`);
  await expect(flag.getByRole('button', { name: 'Refund this order in full as a duplicate' })).toHaveCount(0);

  // The other order links back to this one.
  await flag.getByRole('link', { name: `Order #${first}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${first}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Possible duplicate' })).toContainText(`Order #${second}`);
  const keptFlag = page.getByRole('region', { name: 'Possible duplicate' });
  await expect(keptFlag).toContainText('(later), refunded');
  // Its duplicate refunded, this is the order that was kept: it says so, and offers no refund of itself as a duplicate.
  await expect(keptFlag).toContainText('That order was refunded in full as the duplicate: this is the order that was kept.');
  await expect(keptFlag.getByRole('button', { name: 'Refund this order in full as a duplicate' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'duplicate-kept');
});
