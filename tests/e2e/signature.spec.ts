import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PDFDocument, PDFSignature } from 'pdf-lib';
import { test, expect, expectNoSeriousA11yViolations } from './fixtures';
import { readMailbox } from './staff-accounts';
import { pdfsig } from '../support/pdfsig';
import { pdfContents } from '../support/pdf-contents';
import { signatureActionNeeded, signingMessages } from '#shared/signing/signing.ts';

// The customer signs the SS-4 online (decision 022): staff send the request, the customer opens
// the e-mailed link on a phone, confirms the SSN's last four digits, reviews the form and signs with
// the keyboard alone; staff then see the order signed and download the signed file.

// Signing, sealing and two copies made from the sealed form: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

const screenshots = process.env.SIGNING_SCREENSHOTS;

/** The mailbox's messages with quoted-printable soft breaks joined, so links read whole. */
function readDecodedMailbox(): string[] {
  return readMailbox().map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

function signingLinkTo(address: string): string | null {
  const messages = readDecodedMailbox().filter((message) => message.includes(`To: ${address}`));
  const links = messages.flatMap((message) => [...message.matchAll(/https?:\/\/[^\s"<]+\/sign\/[A-Za-z0-9_-]{43}/g)].map((match) => match[0]));
  return links.at(-1) ?? null;
}

async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

test('staff send the request, the customer verifies, reviews and signs at 375 px, and staff download the signed SS-4', async ({
  page,
  browser,
  paidOrder,
  signedInAs,
}) => {
  const email = `signer-${Date.now()}@example.com`;
  const fulfiller = await signedInAs('fulfiller');
  const { orderId, trackingNumber } = await paidOrder({ billingEmail: email, assignedTo: fulfiller.id });

  // Staff press "Send for signature" on the order page.
  await page.goto(`/manage/orders/${orderId}`);
  await expect(page.getByTestId('signing-state')).toHaveText('Not requested');
  await page.getByRole('button', { name: 'Send for signature' }).click();
  await expect(page.getByTestId('signing-state')).toHaveText('Sent');

  await expect.poll(() => signingLinkTo(email)).not.toBeNull();
  const link = new URL(signingLinkTo(email)!);

  // The customer, in a browser of their own, on a phone-sized screen.
  const customerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const customer = await customerContext.newPage();
  await customer.goto(link.pathname);
  await expect(customer.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
  await expect(customer.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(customer.getByText('John Public')).toHaveCount(0);
  await expectNoSeriousA11yViolations(customer);
  await shoot(customer, '1-verify');

  // A wrong answer first, then the right one, with the keyboard only.
  const ssn = customer.getByLabel('Last four digits of the SSN');
  await ssn.focus();
  await customer.keyboard.type('1111');
  await customer.keyboard.press('Enter');
  await expect(customer.getByText(signingMessages.ssnWrong(4))).toBeVisible();
  await ssn.fill('');
  await customer.keyboard.type('6789');
  await customer.keyboard.press('Enter');

  await expect(customer.getByRole('heading', { level: 1, name: 'Review your SS-4' })).toBeVisible();
  await expect(customer.getByText('***-**-6789')).toBeVisible();
  await expect(customer.getByText('123-45-6789')).toHaveCount(0);
  const pdfResponse = await customer.request.get(`/api/sign/${link.pathname.split('/').pop()}/document.pdf`);
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()['cache-control']).toBe('no-store');
  await expectNoSeriousA11yViolations(customer);
  await shoot(customer, '2-review');

  await customer.getByRole('button', { name: 'The form is right: continue to sign' }).focus();
  await customer.keyboard.press('Enter');
  await expect(customer.getByRole('heading', { level: 1, name: 'Sign your SS-4' })).toBeVisible();

  // Submitting with nothing filled in names each problem.
  await customer.getByRole('button', { name: 'Sign the SS-4' }).click();
  await expect(customer.getByText(signingMessages.nameRequired)).toBeVisible();
  await expect(customer.getByText(signingMessages.consentRequired)).toHaveCount(3);
  await expectNoSeriousA11yViolations(customer);
  await shoot(customer, '3-sign-errors');

  await customer.getByLabel('Your full name').focus();
  await customer.keyboard.type('Jane Doe');
  await customer.keyboard.press('Tab');
  await customer.keyboard.type('Managing Member');
  await customer.getByRole('button', { name: 'Sign the SS-4' }).click();
  await expect(customer.getByText(signingMessages.nameMismatch)).toBeVisible();

  await customer.getByLabel('Your full name').fill('');
  await customer.getByLabel('Your full name').focus();
  await customer.keyboard.type('john public');
  // Each error goes once its field is corrected, before the next attempt.
  await expect(customer.getByText(signingMessages.nameMismatch)).toHaveCount(0);
  await expect(customer.getByText(signingMessages.consentRequired)).toHaveCount(3);
  for (const [index, label] of ['I agree to sign electronically', 'I make the form\u2019s declaration', 'I authorize the third-party designee'].entries()) {
    await customer.getByRole('checkbox', { name: label }).focus();
    await customer.keyboard.press('Space');
    await expect(customer.getByText(signingMessages.consentRequired)).toHaveCount(2 - index);
  }
  await expectNoSeriousA11yViolations(customer);
  await shoot(customer, '4-sign-ready');
  await customer.getByRole('button', { name: 'Sign the SS-4' }).focus();
  await customer.keyboard.press('Enter');

  await expect(customer.getByRole('heading', { level: 1, name: 'Thank you: your SS-4 is signed' })).toBeVisible();
  // When, in the customer's own zone, named.
  await expect(customer.getByText(/You signed your Form SS-4 on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M [A-Z]{2,5}\./)).toBeVisible();
  await expectNoSeriousA11yViolations(customer);
  await shoot(customer, '5-done');

  // The signer's copy at once, from the thank-you page: the sealed file, its seal valid over the whole file.
  const copyPromise = customer.waitForEvent('download');
  await customer.getByRole('link', { name: 'Download your signed SS-4 (PDF)' }).click();
  const copy = await copyPromise;
  expect(copy.suggestedFilename()).toBe(`SS-4-signed-${trackingNumber}.pdf`);
  const copyBytes = readFileSync(await copy.path());
  const copyReport = await pdfsig(copyBytes);
  expect(copyReport.validation, copyReport.text).toBe('Signature is Valid.');
  expect(copyReport.wholeDocument).toBe(true);

  // And through the e-mailed link, after the SSN question, on the same phone.
  const copyLink = readDecodedMailbox()
    .filter((message) => message.includes(`To: ${email}`) && message.includes('Your signed SS-4'))
    .flatMap((message) => [...message.matchAll(/https?:\/\/[^\s"<]+\/signed-ss4\/[A-Za-z0-9_-]{43}/g)].map((match) => match[0]))
    .at(-1);
  expect(copyLink).toBeTruthy();
  await customer.goto(new URL(copyLink!).pathname);
  await expect(customer.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
  await expectNoSeriousA11yViolations(customer);
  await shoot(customer, '5b-copy-verify');
  await customer.getByLabel('Last four digits of the SSN').fill('6789');
  await customer.getByRole('button', { name: 'Continue' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Your signed SS-4' })).toBeVisible();
  await expectNoSeriousA11yViolations(customer);
  await shoot(customer, '5c-copy-download');
  const linkedPromise = customer.waitForEvent('download');
  await customer.getByRole('link', { name: 'Download your signed SS-4 (PDF)' }).click();
  const linked = await linkedPromise;
  // The same copy, made and sealed again for this download (decision 049): the same text but the time it
  // was made, its own seal valid.
  const linkedBytes = readFileSync(await linked.path());
  const linkedReport = await pdfsig(linkedBytes);
  expect(linkedReport.validation, linkedReport.text).toBe('Signature is Valid.');
  expect(linkedReport.wholeDocument).toBe(true);
  const madeAt = /Copy made \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\./;
  const withoutMadeAt = (text: string) => text.replace(madeAt, 'Copy made <time>.');
  const [linkedText, copyText] = [(await pdfContents(linkedBytes)).text, (await pdfContents(copyBytes)).text];
  expect(copyText).toMatch(madeAt);
  expect(withoutMadeAt(linkedText)).toBe(withoutMadeAt(copyText));

  // The link works once.
  await customer.goto(link.pathname);
  await expect(customer.getByText(signingMessages.linkUsed)).toBeVisible();
  await expectNoSeriousA11yViolations(customer);
  await shoot(customer, '6-used');
  await customerContext.close();

  // Staff see the order signed, the customer as the changer, and download the signed file.
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('ss4_signed_awaiting_irs');
  await expect(page.getByTestId('signing-state')).toHaveText('Signed');
  await expect(page.getByText(/^Customer ·/)).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download signed SS-4' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`SS-4-${trackingNumber}-signed.pdf`);
  const signedBytes = readFileSync(await download.path());
  const signed = await PDFDocument.load(signedBytes);
  expect(signed.getPageCount()).toBe(3);
  // The sealed, filed form: line 7b with the whole number, where the customer's copy (a page longer, for
  // its note) shows only the last four digits (decision 049). Every field read-only.
  const [filed, customerCopy] = [await pdfContents(signedBytes), await pdfContents(copyBytes)];
  expect(Object.values(filed.fields)).toContain('123-45-6789');
  expect(Object.values(customerCopy.fields)).not.toContain('123-45-6789');
  expect(customerCopy.text).not.toContain('123-45-6789');
  expect((await PDFDocument.load(copyBytes)).getPageCount()).toBe(4);
  // (The seal's own signature field aside.)
  const formFields = signed.getForm().getFields().filter((field) => !(field instanceof PDFSignature));
  expect(formFields.length).toBeGreaterThan(80);
  expect(formFields.every((field) => field.isReadOnly())).toBe(true);
});

test('the tracking page asks the customer to sign while the order awaits the signature', async ({ page, paidOrder }) => {
  const { trackingNumber } = await paidOrder({ status: 'awaiting_user_signature' });
  await page.goto(`/track-application?number=${trackingNumber}`);
  await expect(page.getByTestId('tracking-action-needed')).toHaveText(signatureActionNeeded);
});

test('an unknown signing link shows the support address and no order data, at both widths', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/sign/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This signing link cannot be used' })).toBeVisible();
  await expect(page.getByText(signingMessages.linkUnknown)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousA11yViolations(page);
});
