import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, expectAccessibleAtBothWidths, answerSigningPage, faxableSsn } from './fixtures';
import { readMailbox } from './staff-accounts';

// Filing the signed SS-4 with the IRS (decision 043), end to end on the built-in test transport: staff
// file by fax from the order page, the simulated IRS answers with a fax-back (after
// TEST_FAX_IRS_REPLY_SECONDS, set in playwright.config.ts), the server reads it and matches it to the
// order by the code printed on its pages, and staff confirm the EIN read from it, which completes the order.

const screenshots = process.env.FILING_SCREENSHOTS;

// Signing, sending the fax, the IRS's answer and reading it: more than the default minute.
test.describe.configure({ timeout: 240_000 });

/** The latest link of `kind` (`sign`, `ein-letter`) e-mailed to `address`, as a path. */
function linkTo(address: string, kind: string): string | null {
  const messages = readMailbox()
    .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((message) => message.includes(`To: ${address}`));
  const link = messages.flatMap((message) => [...message.matchAll(new RegExp(`https?://[^\\s"<]+/${kind}/[A-Za-z0-9_-]{43}`, 'g'))].map((match) => match[0])).at(-1);
  return link ? new URL(link).pathname : null;
}

/** Whether an image has loaded (a lazy one once scrolled to). */
const loadedWidth = (image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0);

/** Screenshots at both widths (FILING_SCREENSHOTS=folder): of `part` alone when given, else of the whole page. */
async function shoot(page: Page, name: string, part?: Locator) {
  if (!screenshots) return;
  for (const width of [375, 1280]) {
    // Tall enough for the card in the order page's sticky column, which scrolls on its own.
    await page.setViewportSize({ width, height: part ? 1800 : 800 });
    const file = path.join(screenshots, `${name}-${width}.png`);
    await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }));
  }
}

test('an admin files the signed SS-4 by fax, the IRS answers, and confirming its EIN completes the order', async ({ page, browser, paidOrder, signedInAs }) => {
  const email = `filing-${Date.now()}@example.com`;
  const admin = await signedInAs('admin');
  const { orderId } = await paidOrder({ billingEmail: email, assignedTo: admin.id, application: { contact: { rpSSN: faxableSsn() } } });

  // Before the customer signs, the order cannot be filed: the card says why instead of offering it.
  await page.goto(`/manage/orders/${orderId}`);
  const card = page.locator('div.rounded-xl', { has: page.getByRole('heading', { level: 2, name: 'Filing with the IRS' }) });
  await expect(card.getByTestId('filing-fax-to')).toHaveText('Fax (domestic) (855) 641-6935');
  await expect(card.getByTestId('filing-not-signed')).toHaveText('The customer has not signed the SS-4 yet: it can be filed once it is signed.');
  await expect(card.getByRole('button', { name: 'File by fax' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Filed online' })).toHaveCount(0);
  await shoot(page, 'filing-card-not-signed', card);

  // The customer signs through the e-mailed link.
  await page.getByRole('button', { name: 'Send for signature' }).click();
  await expect(page.getByTestId('signing-state')).toHaveText('Sent');
  await expect.poll(() => linkTo(email, 'sign')).not.toBeNull();
  const customerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const customer = await customerContext.newPage();
  await customer.goto(linkTo(email, 'sign')!);
  await answerSigningPage(customer);
  await customer.getByRole('button', { name: 'Sign the SS-4' }).click();
  // Sealing the signed form takes a few seconds on a busy machine.
  await expect(customer.getByRole('heading', { level: 1, name: 'Thank you: your SS-4 is signed' })).toBeVisible({ timeout: 30_000 });

  // Staff file by fax, after confirming where it goes.
  await page.reload();
  await expect(page.getByTestId('signing-state')).toHaveText('Signed');
  await expect(card.getByTestId('filing-not-signed')).toHaveCount(0);
  await card.getByRole('button', { name: 'File by fax' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Fax the signed SS-4 to the IRS at Fax (domestic) (855) 641-6935?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fax it' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('filing-status')).toHaveText(/Queued|Sending|Delivered/);
  await expect(card.getByRole('button', { name: 'File by fax' })).toHaveCount(0);

  // The fax is delivered, the simulated IRS answers, the answer is read and matched to this order.
  const answer = card.getByRole('heading', { level: 3, name: /^The IRS answered: EIN \d{2}-\d{7}$/ });
  await expect(async () => {
    await page.reload();
    await expect(answer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000, 3_000, 5_000] });
  const ein = ((await answer.textContent()) ?? '').replace('The IRS answered: EIN ', '');
  await expect(card.getByTestId('filing-status')).toHaveText('Delivered');
  await expect(page.getByLabel('Status')).toHaveValue('submitted_to_irs');
  const firstPage = card.getByRole('img', { name: /^Page 1 of the fax received / });
  await expect(firstPage).toBeVisible();
  await expect.poll(() => firstPage.evaluate(loadedWidth)).toBeGreaterThan(0);
  // The fax's EIN box, beside the EIN read from it, before "Confirm EIN".
  const einBox = card.getByRole('img', { name: /^The EIN box of the fax received / });
  await expect(einBox).toBeVisible();
  await expect.poll(() => einBox.evaluate(loadedWidth)).toBe(435);
  await expect(card.getByTestId('filing-answer-ein')).toHaveText(ein);
  await expectAccessibleAtBothWidths(page);
  await shoot(page, 'filing-card-answered', card);

  // The inbox lists the fax, matched to the order; opened, it shows its pages and the match form.
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('link', { name: 'Open the fax in the inbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fax inbox' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Confirm the match' });
  await expect(form.getByRole('textbox', { name: 'EIN' })).toHaveValue(ein);
  await expect(form.getByRole('combobox', { name: 'Order' })).toHaveValue(String(orderId));
  const inboxEinBox = form.getByRole('img', { name: /^The EIN box of the fax received / });
  await expect.poll(() => inboxEinBox.evaluate(loadedWidth)).toBe(435);
  const pages = page.locator('#fax-detail').getByRole('img', { name: /^Page \d+ of the fax received / });
  await expect(pages.first()).toBeVisible();
  await expect.poll(() => pages.first().evaluate(loadedWidth)).toBeGreaterThan(0);
  await expectAccessibleAtBothWidths(page);
  await shoot(page, 'fax-inbox-open');

  // Back on the order, staff confirm the EIN: the order is completed with it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/manage/orders/${orderId}`);
  await card.getByRole('button', { name: 'Confirm EIN' }).click();
  await expect(card.getByTestId('filing-status')).toHaveText('EIN received');
  await expect(page.getByLabel('Status')).toHaveValue('completed');
  await expect(page.getByRole('textbox', { name: 'EIN' })).toHaveValue(ein);
  await expect(card.getByRole('list', { name: 'IRS letters' })).toContainText(/IRS letter, fax, \d+ pages?, received /);
  await expect(card.getByRole('button', { name: 'Confirm EIN' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);
  await shoot(page, 'filing-card-completed', card);

  // The customer's EIN e-mail links to the IRS's letter: after the SSN question, the EIN and the PDF.
  await expect.poll(() => linkTo(email, 'ein-letter')).not.toBeNull();
  await customer.goto(linkTo(email, 'ein-letter')!);
  await expect(customer.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
  await customer.getByLabel('Last four digits of the SSN').fill('6789');
  await customer.getByRole('button', { name: 'Continue' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Your EIN letter from the IRS' })).toBeVisible();
  await expect(customer.getByText(ein, { exact: true })).toBeVisible();
  await expectAccessibleAtBothWidths(customer);
  await shoot(customer, 'ein-letter');
  const download = customer.waitForEvent('download');
  await customer.getByRole('link', { name: 'Download the IRS letter (PDF)' }).click();
  const letter = await download;
  expect(readFileSync(await letter.path()).subarray(0, 5).toString()).toBe('%PDF-');
  await customerContext.close();

  // The inbox shows it confirmed.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/manage/fax-inbox');
  const row = page.getByRole('table', { name: 'Faxes received' }).getByRole('row').filter({ hasText: ein });
  await expect(row.getByText('Confirmed')).toBeVisible();
  await expect(row.getByRole('link')).toHaveAttribute('href', `/manage/orders/${orderId}`);
  await expectAccessibleAtBothWidths(page);
  await shoot(page, 'fax-inbox-list');

  // The orders list counts orders overdue at the IRS apart, and filters by that status.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/manage/orders');
  await expect(page.getByRole('region', { name: 'Order counters' }).getByRole('link', { name: /^Overdue at IRS/ })).toHaveAttribute('href', '/manage/orders?status=irs_overdue');
  await expect(page.getByRole('combobox', { name: 'Status' }).getByRole('option', { name: 'Overdue at IRS' })).toHaveCount(1);
  await shoot(page, 'orders-list');
});
