import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { test, expect } from './fixtures';
import { signInContext, type StaffAccount } from './staff-accounts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { ss4FieldPrefix } from '#server/ss4/index.ts';

/** Opens the order page as the account, presses Download SS-4, and reads the file's line 1 and 7a. */
async function downloadSs4(browser: Browser, baseURL: string, account: StaffAccount, orderId: number, trackingNumber: string) {
  const context = await browser.newContext({ baseURL });
  await signInContext(context, account, baseURL);
  const page = await context.newPage();
  await page.goto(`/manage/orders/${orderId}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download SS-4' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`SS-4-${trackingNumber}.pdf`);
  const form = (await PDFDocument.load(readFileSync(await download.path()))).getForm();
  const text = (name: string) => form.getTextField(ss4FieldPrefix + name).getText();
  const lines = { legalName: text('f1_2[0]'), responsibleParty: text('f1_10[0]') };
  await context.close();
  return lines;
}

test('an admin and the assigned fulfiller download the filled SS-4; another fulfiller is refused', async ({ browser, baseURL, staffAccount, paidOrder }) => {
  // Set-up: one paid order assigned to one fulfiller, and a second fulfiller.
  const assignee = await staffAccount({ role: 'fulfiller' });
  const other = await staffAccount({ role: 'fulfiller' });
  const admin = await staffAccount({ role: 'admin' });
  const { orderId, trackingNumber } = await paidOrder({ assignedTo: assignee.id });

  const expected = { legalName: 'Hill Country Woodworks LLC', responsibleParty: 'John Public' };
  expect(await downloadSs4(browser, baseURL!, admin, orderId, trackingNumber)).toEqual(expected);
  expect(await downloadSs4(browser, baseURL!, assignee, orderId, trackingNumber)).toEqual(expected);

  const context = await browser.newContext({ baseURL });
  await signInContext(context, other, baseURL!);
  const refused = await context.request.get(`/api/manage/orders/${orderId}/ss4.pdf`);
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toMatchObject({ error: { message: staffMessages.orderNotFound } });
  await context.close();
});
