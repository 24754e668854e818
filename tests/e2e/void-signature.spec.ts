import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect, expectAccessibleAtBothWidths, answerSigningPage } from './fixtures';
import { readMailbox } from './staff-accounts';
import { signingMessages } from '#shared/signing/signing.ts';

// A signed SS-4 is undone only on purpose (decision 048): once the customer has signed, the order page
// offers no new signing link, only "Void the signature and ask again", whose dialog says what it does
// and asks why; the customer is e-mailed the reason and a new link.

const screenshots = process.env.SIGNING_SCREENSHOTS;

test.describe.configure({ timeout: 120_000 });

/** The mailbox's messages to `address`, quoted-printable soft breaks joined and escapes decoded. */
function mailTo(address: string): string[] {
  return readMailbox()
    .map((message) => message.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    .filter((message) => message.includes(`To: ${address}`));
}

function signingLinkTo(address: string): string | null {
  const link = mailTo(address)
    .flatMap((message) => [...message.matchAll(/https?:\/\/[^\s"<]+\/sign\/[A-Za-z0-9_-]{43}/g)].map((match) => match[0]))
    .at(-1);
  return link ? new URL(link).pathname : null;
}

/** Screenshots at both widths (SIGNING_SCREENSHOTS=folder): of `part` alone when given, else of the viewport. */
async function shoot(page: Page, name: string, part?: Locator) {
  if (!screenshots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: part ? 1400 : 800 });
    const file = path.join(screenshots, `${name}-${width}.png`);
    await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file }));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The customer signs through the latest e-mailed link, in a browser of their own. */
async function signAsCustomer(browser: Browser, email: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const customer = await context.newPage();
  await customer.goto(signingLinkTo(email)!);
  await answerSigningPage(customer);
  await customer.getByRole('button', { name: 'Sign the SS-4' }).click();
  // Sealing the signed form takes a few seconds on a busy machine.
  await expect(customer.getByRole('heading', { level: 1, name: 'Thank you: your SS-4 is signed' })).toBeVisible({ timeout: 30_000 });
  await context.close();
}

test('a signed order offers no new signing link; voiding the signature asks why, says what it does, and e-mails the customer', async ({
  page,
  browser,
  paidOrder,
  signedInAs,
}) => {
  const email = `void-${Date.now()}@example.com`;
  const fulfiller = await signedInAs('fulfiller');
  const { orderId } = await paidOrder({ billingEmail: email, assignedTo: fulfiller.id });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/manage/orders/${orderId}`);
  await page.getByRole('button', { name: 'Send for signature' }).click();
  await expect(page.getByTestId('signing-state')).toHaveText('Sent');
  await expect.poll(() => signingLinkTo(email)).not.toBeNull();
  await signAsCustomer(browser, email);

  // Signed: no new link is offered, only the void action.
  await page.reload();
  const card = page.locator('div.rounded-xl', { has: page.getByRole('heading', { level: 2, name: 'Customer Signature' }) });
  await expect(card.getByTestId('signing-state')).toHaveText('Signed');
  await expect(card.getByRole('button', { name: 'Send a new signing link' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Send for signature' })).toHaveCount(0);
  await expect(page.getByLabel('Status')).toHaveValue('ss4_signed_awaiting_irs');
  await shoot(page, 'signature-card-signed', card);

  // The server refuses a new link too, with its reason.
  const refused = await page.request.post(`/api/manage/orders/${orderId}/signature-requests`, { headers: { origin: new URL(page.url()).origin } });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({ error: { code: 'order_already_signed', message: signingMessages.orderSigned } });

  // The dialog says what voiding does, and asks why.
  await card.getByRole('button', { name: 'Void the signature and ask again' }).click();
  const dialog = page.getByRole('dialog', { name: 'Void the signature and ask again?' });
  await expect(dialog).toBeVisible();
  const consequences = dialog.getByRole('list', { name: 'What happens' });
  await expect(consequences).toContainText('is set aside: kept on the order for the record, never filed.');
  await expect(consequences).toContainText('The order goes back to Awaiting User Signature.');
  await expect(consequences).toContainText(`${email} gets an e-mail asking to sign again, with your reason as you write it and a new link.`);
  await dialog.getByRole('button', { name: 'Void and ask again' }).click();
  const reasonField = dialog.getByRole('textbox', { name: 'Why must the customer sign again?' });
  await expect(reasonField).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(signingMessages.voidReasonRequired)).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('ss4_signed_awaiting_irs');
  await expectAccessibleAtBothWidths(page);
  await shoot(page, 'void-signature-dialog');

  // Cancel leaves everything as it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('signing-state')).toHaveText('Signed');

  const reason = 'You told us the business starts on December 1, not November 20: line 11 is corrected.';
  await card.getByRole('button', { name: 'Void the signature and ask again' }).click();
  await reasonField.fill(reason);
  await dialog.getByRole('button', { name: 'Void and ask again' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('signing-state')).toHaveText('Sent');
  await expect(page.getByLabel('Status')).toHaveValue('awaiting_user_signature');
  await expect(card.getByRole('button', { name: 'Send a new signing link' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Download signed SS-4' })).toHaveCount(0);
  await shoot(page, 'signature-card-voided', card);

  // The customer is told why, in staff's words, with a new link.
  await expect.poll(() => mailTo(email).filter((message) => message.includes('please sign your SS-4 again')).length).toBe(1);
  const message = mailTo(email).find((message) => message.includes('please sign your SS-4 again'))!;
  expect(message.replace(/\s+/g, ' ')).toContain(reason);
});
