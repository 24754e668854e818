import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations } from './fixtures';
import { readMailbox } from './staff-accounts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { emailKindLabels } from '#shared/fulfilment/orders.ts';

// An order's life on its staff page: a full refund cancels it for good, a save made on a stale page
// is refused, the Payment Information card adds up after refunds, and due dates are the business's
// (Eastern) days, the same in the list and on the page, whatever the browser's own zone.

/** The customer's address, one per test, so its mail is told apart from the rest of the suite's. */
const customerAddress = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The mailbox's messages to `address`, with quoted-printable soft breaks joined. */
function mailTo(address: string): string[] {
  return readMailbox()
    .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((message) => message.includes(`To: ${address}`));
}

/** A card of the order page by its title (the card is the title's header's parent). */
function card(page: Page, title: string): Locator {
  return page.getByRole('heading', { level: 2, name: title, exact: true }).locator('xpath=../..');
}

/** The Payment Information block of the order page. */
function paymentInformation(page: Page): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: 'Payment Information', exact: true }) });
}

/** The payment status badge: what the Payment Status term describes. */
function paymentStatus(page: Page): Locator {
  return paymentInformation(page).getByRole('term').filter({ hasText: /^Payment Status$/ }).locator('xpath=following-sibling::dd[1]');
}

/** Paid, Refunded and Net as shown, in cents. */
async function paymentAmounts(page: Page): Promise<{ paid: number; refunded: number; net: number }> {
  const text = (await page.getByLabel('Payment amounts').textContent()) ?? '';
  const cents = (label: string) => {
    const match = new RegExp(`${label}\\$([\\d,]+)\\.(\\d{2})`).exec(text);
    if (!match) throw new Error(`No ${label} amount in "${text}"`);
    return Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2]);
  };
  return { paid: cents('Paid'), refunded: cents('Refunded'), net: cents('Net') };
}

/** Refunds `amount` (the dialog's own full amount when left out) from the Payment Information card, and waits for it. */
async function refund(page: Page, amount?: string): Promise<void> {
  await paymentInformation(page).getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  if (amount !== undefined) await dialog.getByLabel('Amount (USD)').fill(amount);
  await dialog.getByLabel('Reason').selectOption('customer_request');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm refund' });
  await confirm.getByRole('button', { name: /^Refund \$\d+\.\d{2}$/ }).click();
  await expect(confirm).toBeHidden();
}

/**
 * Scans the page once its toasts have gone: Sonner's rich-coloured success toast sets green on pale
 * green at 4.25:1, under the 4.5:1 asked for (the refund spec waits for them the same way).
 */
async function expectAccessibleOnceToastsAreGone(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
}

const statusSelect = (page: Page) => page.getByRole('combobox', { name: 'Status', exact: true });
const prioritySelect = (page: Page) => page.getByRole('combobox', { name: 'Priority', exact: true });
const notesField = (page: Page) => page.getByRole('textbox', { name: 'Internal Notes' });

test('a full refund cancels the order for good: a later save keeps it cancelled, and a save on a stale page is refused', async ({ page, context, paidOrder, signedInAs }) => {
  test.slow();
  const email = customerAddress('refunded');
  // Awaiting the signature: a save that put the status back would ask the customer to sign again.
  const { orderId, trackingNumber } = await paidOrder({ status: 'awaiting_user_signature', billingEmail: email });
  await signedInAs('admin');
  await page.goto(`/manage/orders/${orderId}`);
  await expect(statusSelect(page)).toHaveValue('awaiting_user_signature');
  await expectNoSeriousA11yViolations(page);

  await paymentInformation(page).getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await dialog.getByLabel('Reason').selectOption('customer_request');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm refund' });
  await expect(confirm).toContainText('The order will be cancelled.');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: /^Refund \$\d+\.\d{2}$/ }).click();
  await expect(confirm).toBeHidden();

  // Without a reload, the card shows the order as the refund left it: cancelled, and final.
  await expect(statusSelect(page)).toHaveValue('cancelled');
  await expect(statusSelect(page).locator('option')).toHaveText(['Cancelled']);
  await expect(statusSelect(page)).toHaveAccessibleDescription(staffMessages.finalStatus);
  await expectAccessibleOnceToastsAreGone(page);

  // A note saved now keeps the order cancelled.
  await notesField(page).fill('Customer asked for a refund by phone.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(staffMessages.orderUpdated).first()).toBeVisible();
  await expect(statusSelect(page)).toHaveValue('cancelled');
  await expect(notesField(page)).toHaveValue('Customer asked for a refund by phone.');

  // One change of status, to Cancelled, and no other.
  const history = card(page, 'Status History').getByRole('listitem');
  await expect(history).toHaveCount(1);
  await expect(history).toContainText('Awaiting User Signature→Cancelled');

  // The customer is told of the refund, and is not asked to sign.
  await expect.poll(() => mailTo(email).filter((message) => message.includes(`Subject: Refund of $`) && message.includes(trackingNumber)).length).toBe(1);
  expect(mailTo(email).find((message) => message.includes('Subject: Refund of $'))).toContain('refunded in full, and your order has been cancelled');
  expect(mailTo(email).filter((message) => message.includes('Action needed: sign your SS-4'))).toEqual([]);

  // A second page opened now, and changed after the first saves, is refused and shows the order as it then is.
  const stale = await context.newPage();
  await stale.goto(`/manage/orders/${orderId}`);
  await expect(notesField(stale)).toHaveValue('Customer asked for a refund by phone.');
  await notesField(stale).fill('Written on a page opened before the priority changed.');

  await prioritySelect(page).selectOption('rush');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(staffMessages.orderUpdated).first()).toBeVisible();

  await stale.getByRole('button', { name: 'Save Changes' }).click();
  await expect(stale.getByText(staffMessages.orderChanged).first()).toBeVisible();
  await expect(prioritySelect(stale)).toHaveValue('rush');
  await expect(notesField(stale)).toHaveValue('Customer asked for a refund by phone.');
  await expect(statusSelect(stale)).toHaveValue('cancelled');
  await expectAccessibleOnceToastsAreGone(stale);
  await stale.close();
});

test('after refunds the Payment Information card adds up, says Partially refunded then Refunded, and the E-mails card names each e-mail', async ({
  page,
  paidOrder,
  signedInAs,
}) => {
  test.slow();
  const { orderId } = await paidOrder({ billingEmail: customerAddress('payments') });
  await signedInAs('admin');
  await page.goto(`/manage/orders/${orderId}`);
  await expect(paymentStatus(page)).toHaveText('Paid');
  const { paid } = await paymentAmounts(page);
  expect(paid).toBeGreaterThan(5000);

  // Part of it: partially refunded, the figures add up, and the rest can still be refunded.
  await refund(page, '50.00');
  await expect(paymentStatus(page)).toHaveText('Partially refunded');
  await expect(page.getByLabel('Payment amounts')).toContainText('Refunded$50.00');
  expect(await paymentAmounts(page)).toEqual({ paid, refunded: 5000, net: paid - 5000 });
  await expect(paymentInformation(page).getByRole('button', { name: 'Refund', exact: true })).toBeVisible();
  await expectAccessibleOnceToastsAreGone(page);

  // The rest (the dialog offers what remains): refunded, nothing left, and no Refund button.
  await refund(page);
  await expect(paymentStatus(page)).toHaveText('Refunded');
  await expect(page.getByLabel('Payment amounts')).toContainText('Net$0.00');
  expect(await paymentAmounts(page)).toEqual({ paid, refunded: paid, net: 0 });
  await expect(paymentInformation(page).getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);

  // Every e-mail by its label, never by its key.
  const emails = card(page, 'E-mails');
  await expect(emails.getByRole('listitem').filter({ hasText: emailKindLabels.refund_confirmation })).toHaveCount(2);
  await expect(emails.getByRole('listitem').filter({ hasText: emailKindLabels.order_confirmation })).toHaveCount(1);
  const labels = Object.values(emailKindLabels) as string[];
  for (const item of await emails.getByRole('listitem').all()) {
    const label = await item.locator('p').first().locator('span').first().textContent();
    expect(labels).toContain(label);
  }
  await expect(emails).not.toContainText(/\b[a-z]+(?:_[a-z]+)+\b/);
  await expectAccessibleOnceToastsAreGone(page);
});

/** The Eastern calendar day of a moment, as noon UTC of that day (so the UTC calendar reads it). */
function easternDay(moment: Date): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
  return new Date(`${day}T12:00:00Z`);
}

const dayMs = 24 * 60 * 60 * 1000;
const isWeekend = (day: Date) => day.getUTCDay() === 0 || day.getUTCDay() === 6;

/** One business day on from `day`, as the service counts: a weekend counts from Monday, and Saturdays and Sundays are skipped. */
function nextBusinessDay(day: Date): Date {
  let result = day;
  while (isWeekend(result)) result = new Date(result.getTime() + dayMs);
  do result = new Date(result.getTime() + dayMs);
  while (isWeekend(result));
  return result;
}

// A browser on another calendar day than New York now, so a date read in the browser's own zone
// shows: UTC+14 from 5 a.m. Eastern on, UTC-11 before.
const easternHour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
const anotherDaysZone = easternHour < 5 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';

test.describe('in a browser on another day than New York', () => {
  test.use({ timezoneId: anotherDaysZone });

  test('an order paid now is due the next business day in Eastern time, in the list and on its page, and its badge agrees', async ({ page, paidOrder, signedInAs }) => {
    const today = easternDay(new Date());
    const due = nextBusinessDay(today);
    const daysLeft = Math.round((due.getTime() - today.getTime()) / dayMs);
    const badge = daysLeft === 1 ? 'Due tomorrow' : `${daysLeft}d left`;
    const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(due);
    const shortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(due);

    const { orderId, trackingNumber } = await paidOrder();
    await signedInAs('admin');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/manage/orders?search=${trackingNumber}`);
    const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: trackingNumber });
    // Order, e-mail, amount, status, priority, assignee, created, due date, actions.
    const dueCell = row.getByRole('cell').nth(7);
    await expect(dueCell).toContainText(shortDate);
    await expect(dueCell).toContainText(badge);
    await expect(dueCell).not.toContainText('Due today');
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/manage/orders/${orderId}`);
    const dueDate = page.getByText('Due Date', { exact: true }).locator('xpath=following-sibling::p[1]');
    await expect(dueDate.locator('time')).toHaveText(`${longDate} ET`);
    await expect(dueDate.getByTitle('Eastern time')).toHaveText('ET');
    await expect(dueDate).toContainText(badge);
    await expect(dueDate).not.toContainText('Due today');
    await expectNoSeriousA11yViolations(page);
  });
});
