import { test, expect, expectAccessibleAtBothWidths, screenshotAtBothWidths } from './fixtures';
import { readMailbox } from './staff-accounts';
import { cancellationMessages } from '#shared/refunds/refunds.ts';

// The cancellation page and the Terms agree (section 4 (c)): within 1 hour of purchase and before the
// application has been submitted to the IRS, the customer can cancel, whatever staff have done so far
// (a signing link sent is not a submission); past that, the page says exactly why it refuses.

// Two orders, two pages, each checked for accessibility at both widths: more than the default minute.
test.describe.configure({ timeout: 120_000 });

/** The "Cancel my order" link of the order's confirmation e-mail, as a path. */
function cancellationPathOf(trackingNumber: string): string | null {
  const link = readMailbox()
    .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((message) => message.includes(`Order confirmed: your EIN application ${trackingNumber}`))
    .flatMap((message) => [...message.matchAll(/https?:\/\/[^\s"<]+\/cancel-order\/[A-Za-z0-9_-]{43}/g)].map((match) => match[0]))
    .at(-1);
  return link ? new URL(link).pathname : null;
}

test('an order waiting for the customer’s signature can still be cancelled within the hour, and the page says until when and on what condition', async ({ page, paidOrder }) => {
  const { trackingNumber } = await paidOrder({ status: 'awaiting_user_signature' });
  await expect.poll(() => cancellationPathOf(trackingNumber)).not.toBeNull();
  await page.goto(cancellationPathOf(trackingNumber)!);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel my order' })).toBeVisible();
  await expect(page.getByText(`, ${cancellationMessages.condition}.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cancel my order and refund \$\d+\.\d{2}$/ })).toBeEnabled();
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'cancel-awaiting-signature');
});

test('an order already submitted to the IRS is not cancelled online, and the page says so rather than a vague refusal', async ({ page, paidOrder }) => {
  const { trackingNumber } = await paidOrder({ status: 'submitted_to_irs' });
  await expect.poll(() => cancellationPathOf(trackingNumber)).not.toBeNull();
  await page.goto(cancellationPathOf(trackingNumber)!);
  await expect(page.getByRole('heading', { level: 1, name: 'This order can no longer be cancelled online' })).toBeVisible();
  await expect(page.getByTestId('cancellation-refusal')).toHaveText(cancellationMessages.refusals.submitted);
  await expect(page.getByRole('button', { name: /Cancel my order/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Our refund policy' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'cancel-submitted');
});
