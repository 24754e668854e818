import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { test, expect, buyWithTestCard } from './fixtures';
import { adminApi, assignOrder, createStaffAccount, e2eAdmin, orderIdOf } from './staff-accounts';
import { staffMessages } from '../../src/shared/staff/staff-messages';
import { ss4FieldPrefix } from '../../src/server/ss4/fill-ss4';

async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/manage/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders Management' })).toBeVisible();
}

/** Opens the order page as the account, presses Download SS-4, and reads the file's line 1 and 7a. */
async function downloadSs4(browser: Browser, account: { email: string; password: string }, orderId: number, trackingNumber: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
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

test('an admin and the assigned fulfiller download the filled SS-4; another fulfiller is refused', async ({ page, browser, baseURL }) => {
  // Set-up: one paid order assigned to one fulfiller, and a second fulfiller.
  const trackingNumber = await buyWithTestCard(page);
  const assignee = await createStaffAccount(baseURL!);
  const other = await createStaffAccount(baseURL!);
  const api = await adminApi(baseURL!);
  const orderId = await orderIdOf(api, trackingNumber);
  await assignOrder(api, orderId, assignee.id);
  await api.dispose();

  const expected = { legalName: 'Hill Country Woodworks LLC', responsibleParty: 'John Public' };
  expect(await downloadSs4(browser, e2eAdmin, orderId, trackingNumber)).toEqual(expected);
  expect(await downloadSs4(browser, assignee, orderId, trackingNumber)).toEqual(expected);

  const context = await browser.newContext();
  const otherPage = await context.newPage();
  await signIn(otherPage, other);
  const refused = await otherPage.request.get(`/api/manage/orders/${orderId}/ss4.pdf`);
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toMatchObject({ error: { message: staffMessages.orderNotFound } });
  await context.close();
});
