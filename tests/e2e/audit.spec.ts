import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect, expectAccessibleAtBothWidths, screenshotAtBothWidths } from './fixtures';
import { parseCsv } from '../support/parse-csv';
import { staffMessages } from '#shared/staff/staff-messages.ts';

/** A call to the staff API with this page's session, as the panel's own buttons make it. */
async function staffCall(page: Page, baseURL: string, method: 'POST' | 'GET', path: string): Promise<void> {
  const response = await page.request.fetch(`${baseURL}${path}`, { method, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
}

test('an admin filters the audit trail by action, member, order and dates, keeps the filters in the address, and exports them as CSV', async ({
  page,
  baseURL,
  paidOrder,
  staffAccount,
  signedInAs,
}) => {
  const fulfiller = await staffAccount({ name: `Fulfiller ${Date.now()}` });
  const { orderId, trackingNumber } = await paidOrder({ assignedTo: fulfiller.id });
  const { orderId: otherId, trackingNumber: otherNumber } = await paidOrder({ assignedTo: fulfiller.id });
  const admin = await signedInAs('admin');
  await staffCall(page, baseURL!, 'POST', `/api/manage/orders/${orderId}/ssn`);
  await staffCall(page, baseURL!, 'GET', `/api/manage/orders/${orderId}/ss4.pdf`);
  await staffCall(page, baseURL!, 'POST', `/api/manage/orders/${otherId}/ssn`);

  await page.goto('/manage/orders');
  await page.getByRole('navigation', { name: 'Management Panel' }).getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit trail' });

  // Action: the SSN reveals only, newest first, each with who, which order (a link) and from where.
  await page.getByLabel('Action').selectOption({ label: 'SSN revealed' });
  await expect(page).toHaveURL(/action=ssn_revealed/);
  await page.getByLabel('Member').selectOption({ label: `${admin.name} (${admin.email})` });
  await expect(page).toHaveURL(new RegExp(`member=${admin.id}`));
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(otherNumber);
  await expect(rows.nth(2)).toContainText(trackingNumber);
  await expect(rows.nth(1)).toContainText('SSN revealed');
  await expect(rows.nth(1)).toContainText(admin.email);
  await expect(rows.nth(1).getByRole('cell').nth(4)).toHaveText(/^10\.\d+\.\d+\.\d+$/);

  // Order number (typed in lower case), then the date range; a reload keeps every filter.
  await page.getByLabel('Order number').fill(trackingNumber.toLowerCase());
  await page.getByLabel('Order number').press('Enter');
  await expect(page).toHaveURL(new RegExp(`order=${trackingNumber.toLowerCase()}`));
  await expect(rows).toHaveCount(2);
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);
  await expect(page).toHaveURL(new RegExp(`to=${today}`));
  await page.reload();
  await expect(page.getByLabel('Action')).toHaveValue('ssn_revealed');
  await expect(page.getByLabel('Order number')).toHaveValue(trackingNumber.toLowerCase());
  await expect(page.getByLabel('From')).toHaveValue(today);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('link', { name: trackingNumber })).toHaveAttribute('href', `/manage/orders/${orderId}`);

  // A range before anything happened shows nothing; a reversed one says why.
  await page.getByLabel('To').fill('2020-01-01');
  await expect(page.getByText('The "From" date must be on or before the "To" date.')).toBeVisible();
  await page.getByLabel('From').fill('2019-12-01');
  await expect(page.getByText('No audit entries match these filters.')).toBeVisible();
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);

  // The export holds the filtered rows: with the action cleared, the order's reveal and its SS-4 download.
  await page.getByLabel('Action').selectOption({ label: 'All actions' });
  await expect(rows).toHaveCount(3);
  await expectAccessibleAtBothWidths(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...records] = parseCsv(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''));
  const column = (name: string) => header!.indexOf(name);
  expect(records.map((record) => record[column('Action code')])).toEqual(['ss4_downloaded', 'ssn_revealed']);
  expect(records.map((record) => record[column('Action')])).toEqual(['SS-4 downloaded', 'SSN revealed']);
  for (const record of records) {
    expect(record[column('Order number')]).toBe(trackingNumber);
    expect(record[column('Member e-mail')]).toBe(admin.email);
  }

  // Clearing the filters shows the whole trail again.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/manage\/audit$/);
});

test('a fulfiller has no Audit Trail link and is refused the screen', async ({ page, signedInAs }) => {
  await signedInAs('fulfiller');
  await page.goto('/manage/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders Management' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Management Panel' }).getByRole('link', { name: 'Audit Trail' })).toHaveCount(0);
  await page.goto('/manage/audit');
  await expect(page.getByRole('alert').filter({ hasText: staffMessages.accessDenied })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit trail' })).toHaveCount(0);
});

/**
 * Where the address in `element` breaks across lines: for each of its parts (the text between its
 * `<wbr>` break points) whether the part sits on one line, and how many lines the whole takes.
 */
async function addressLines(element: Locator): Promise<{ partsOnOneLine: boolean[]; lines: number }> {
  return element.evaluate((node) => {
    const tops = (range: Range) => new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
    const texts = [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE);
    const partsOnOneLine = texts.map((text) => {
      const range = document.createRange();
      range.selectNodeContents(text);
      return tops(range).size === 1;
    });
    const whole = document.createRange();
    whole.selectNodeContents(node);
    return { partsOnOneLine, lines: tops(whole).size };
  });
}

test("the trail says each detail in words, amounts in dollars, and wraps a long e-mail address only between its parts", async ({ page, baseURL, paidOrder, staffAccount, signedInAs }) => {
  const stamp = Date.now();
  const admin = await staffAccount({ role: 'admin', name: `Refunding Admin ${stamp}`, email: `refunding.administrator.${stamp}@operations.einfilingservice.example.com` });
  await signedInAs(admin);
  const { orderId, trackingNumber } = await paidOrder();
  const refunded = await page.request.post(`${baseURL}/api/manage/orders/${orderId}/refunds`, {
    headers: { origin: baseURL! },
    data: { amountCents: 14900, reason: 'duplicate_payment', note: '' },
  });
  expect(refunded.status(), await refunded.text()).toBe(200);

  await page.goto(`/manage/audit?order=${trackingNumber}`);
  const table = page.getByRole('table', { name: 'Audit trail' });
  const refundRow = table.getByRole('row').filter({ hasText: 'Refund issued' });
  await expect(refundRow).toContainText(/Refund: #\d+; Amount: \$149\.00; Reason: Duplicate payment/);
  await expect(table.getByRole('row').filter({ hasText: 'Order status changed' })).toContainText('From: Reviewing Form Data; To: Cancelled; Because: the payment was refunded in full');
  await expect(table).not.toContainText(/amountCents|byRefund|refundId|14900/);
  await expectAccessibleAtBothWidths(page);
  await screenshotAtBothWidths(page, 'audit-details');

  // At 375 px the address takes several lines, each break between two of its parts.
  await page.setViewportSize({ width: 375, height: 812 });
  const cards = page.getByRole('list', { name: 'Audit trail' });
  const address = cards.getByRole('listitem').filter({ hasText: 'Refund issued' }).getByText(admin.email, { exact: true });
  await expect(address).toBeVisible();
  const { partsOnOneLine, lines } = await addressLines(address);
  expect(lines).toBeGreaterThan(1);
  expect(partsOnOneLine.length).toBeGreaterThan(3);
  expect(partsOnOneLine.every(Boolean)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
