import path from 'node:path';
import type { Page } from '@playwright/test';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { trackingStageTexts, signingLinkResendMessages } from '#shared/tracking/tracking.ts';
import { signatureActionNeeded } from '#shared/signing/signing.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { OrderStatus, TrackingStage } from '#shared/orders/lifecycle.ts';
import { expect, expectNoSeriousA11yViolations, seedSavedApplication, test } from './fixtures';
import { readMailbox } from './staff-accounts';

// What the customer is told: every answer before paying (step 6), the truth on tracking at each
// stage, a new signing link on request, and the reason staff give when they put an order on hold.

const screenshots = process.env.SCREENSHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The mailbox's messages to `address`, with quoted-printable soft breaks joined. */
function mailTo(address: string): string[] {
  return readMailbox()
    .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((message) => message.includes(`To: ${address}`));
}

/**
 * The page tells when the next signing link can be asked for: within the next ten minutes, in the
 * browser's zone, as the time alone when that is later today and with the date when it is tomorrow (a
 * request in the last ten minutes before midnight).
 */
async function expectNextRequestTold(page: Page) {
  const next = page.getByTestId('signing-link-next');
  await expect(next.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  const at = (await next.locator('time').getAttribute('datetime'))!;
  const { minutesAhead, sameDay } = await page.evaluate((iso) => {
    const when = new Date(iso);
    return { minutesAhead: (when.getTime() - Date.now()) / 60_000, sameDay: when.toDateString() === new Date().toDateString() };
  }, at);
  expect(minutesAhead).toBeGreaterThan(0);
  expect(minutesAhead).toBeLessThanOrEqual(10.5);
  const day = sameDay ? '' : '[A-Z][a-z]+ \\d{1,2}, \\d{4} at ';
  await expect(next).toHaveText(new RegExp(`^You can ask for another link after ${day}\\d{1,2}:\\d{2} [AP]M [A-Z]{2,5}\\.$`));
}

test('step 6 shows every answer by step, the SSN masked, the price before the card fields, and each edit link goes to its step', async ({ page }) => {
  test.slow();
  const application = sampleApplication();
  await seedSavedApplication(page, application);
  await page.goto('/ein/step-6');
  const review = page.getByRole('region', { name: 'Review Your Answers' });
  await expect(review.getByRole('heading', { level: 3 })).toHaveText([
    'Step 1: Company Information',
    'Step 2: Company Registration Details',
    'Step 3: Responsible Party',
    'Step 4: Regulatory Compliance',
    'Step 5: Business Activity',
  ]);
  await expect(review.getByText(application.company.companyName)).toBeVisible();
  await expect(review.getByText('Limited Liability Company (LLC)')).toBeVisible();
  await expect(review.getByText('***-**-6789')).toBeVisible();
  await expect(page.getByText('123-45-6789')).toHaveCount(0);
  await expect(page.getByText('123456789')).toHaveCount(0);

  // The price is on the page, above the card fields, before anything is typed into them.
  const total = page.getByTestId('order-total');
  await expect(total).toHaveText('$149.00');
  const card = page.locator('[name="cardNumber"]');
  await expect(card).toBeVisible();
  const [totalBox, cardBox, reviewBox] = await Promise.all([total.boundingBox(), card.boundingBox(), review.boundingBox()]);
  expect(totalBox!.y).toBeLessThan(cardBox!.y);
  expect(reviewBox!.y).toBeLessThan(totalBox!.y);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'step6-review');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousA11yViolations(page);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(scroll).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Edit step 3 with the keyboard: the link opens the step with the answers in place.
  const editStep3 = review.getByRole('link', { name: 'Edit step 3: Responsible Party' });
  await editStep3.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ein\/step-3$/);
  const title = page.locator('[name="rpTitle"]');
  await expect(title).toHaveValue(application.contact.rpTitle);
  await title.fill('Sole Member');
  // The change is saved as it is typed; back at step 6 the review shows it.
  await expect.poll(async () => page.evaluate(() => sessionStorage.getItem('ein-application-data') ?? '')).toContain('Sole Member');
  await page.goto('/ein/step-6');
  await expect(page.getByRole('region', { name: 'Review Your Answers' }).getByText('Sole Member')).toBeVisible();

  for (const [name, url] of [
    ['Edit step 1: Company Information', /\/ein-application-start$/],
    ['Edit step 2: Company Registration Details', /\/ein\/step-2$/],
    ['Edit step 4: Regulatory Compliance', /\/ein\/step-4$/],
    ['Edit step 5: Business Activity', /\/ein\/step-5$/],
  ] as const) {
    await page.getByRole('region', { name: 'Review Your Answers' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
    await page.goto('/ein/step-6');
  }
});

const stages: { status: OrderStatus; stage: TrackingStage }[] = [
  { status: 'reviewing_form_data', stage: 'reviewing' },
  { status: 'preparing_ss4_form', stage: 'preparing' },
  { status: 'ss4_signed_awaiting_irs', stage: 'filing' },
  { status: 'submitted_to_irs', stage: 'with_irs' },
  { status: 'on_hold', stage: 'on_hold' },
  { status: 'completed', stage: 'completed' },
  { status: 'cancelled', stage: 'cancelled' },
];

test('after an edit from step 6, Continue returns to step 6 while the later answers still hold', async ({ page }) => {
  const application = sampleApplication();
  await seedSavedApplication(page, application);
  await page.goto('/ein/step-6');
  const review = page.getByRole('region', { name: 'Review Your Answers' });
  await review.getByRole('link', { name: 'Edit step 3: Responsible Party' }).click();
  await expect(page).toHaveURL(/\/ein\/step-3$/);
  await page.locator('[name="rpTitle"]').fill('Sole Member');
  await page.getByRole('button', { name: 'Continue' }).click();
  // Straight back: steps 4 and 5 are still answered and valid.
  await expect(page).toHaveURL(/\/ein\/step-6$/);
  await expect(page.getByRole('region', { name: 'Review Your Answers' }).getByText('Sole Member')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'step6-after-edit');

  // Without the review's link, Continue goes to the next step as before.
  await page.goto('/ein/step-3');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ein\/step-4$/);

  // Step 1 kept the same kind of entity, so the later questions still hold: back to step 6 too.
  await page.goto('/ein/step-6');
  await page.getByRole('region', { name: 'Review Your Answers' }).getByRole('link', { name: 'Edit step 1: Company Information' }).click();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page).toHaveURL(/\/ein\/step-6$/);
});

test('tracking says what is true at each stage, and names the IRS letter only where the e-mail links to it', async ({ page, paidOrder }) => {
  test.slow();
  for (const { status, stage } of stages) {
    const { trackingNumber } = await paidOrder({ status });
    await page.goto(`/track-application?number=${trackingNumber}`);
    const result = page.getByRole('region', { name: 'Application Status' });
    await expect(result.getByTestId('tracking-description'), status).toHaveText(trackingStageTexts[stage].description);
    await expect(result.getByRole('listitem').filter({ hasText: trackingStageTexts[stage].nextSteps[0]! })).toBeVisible();
    await expect(result).not.toContainText(/2-3 business days|1-2 business days|processed with the IRS/);
    // Only Completed speaks of the letter, and only as something the EIN e-mail links to when it came.
    const letterSteps = await result.getByRole('listitem').filter({ hasText: /letter/ }).allTextContents();
    expect(letterSteps, status).toEqual(trackingStageTexts[stage].nextSteps.filter((step) => /letter/.test(step)));
    expect(letterSteps.every((step) => step.startsWith('If we had the IRS\u2019s letter')), status).toBe(true);
    await expect(page.getByTestId('tracking-action-needed')).toHaveCount(0);
    if (stage === 'reviewing' || stage === 'on_hold') {
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `tracking-${stage}`);
    }
  }
});

test('a customer awaiting the signature is told so and can have a new link e-mailed to the address on the order', async ({ page, paidOrder }) => {
  const email = `resend-${Date.now()}@example.com`;
  const { trackingNumber } = await paidOrder({ status: 'awaiting_user_signature', billingEmail: email });
  await page.goto(`/track-application?number=${trackingNumber}`);
  await expect(page.getByTestId('tracking-action-needed')).toHaveText(signatureActionNeeded);
  await expect(page.getByTestId('tracking-description')).toHaveText(trackingStageTexts.awaiting_signature.description);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'tracking-awaiting-signature');

  const ask = page.getByRole('button', { name: 'E-mail me a new signing link' });
  await ask.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('signing-link-status')).toContainText(signingLinkResendMessages.sent);
  // When the next link can be asked for, in the browser's zone, named.
  await expectNextRequestTold(page);
  await expect(ask).toBeDisabled();
  await expect.poll(() => mailTo(email).filter((message) => /\/sign\/[A-Za-z0-9_-]{43}/.test(message)).length).toBe(1);
  const mail = mailTo(email).find((message) => /\/sign\/[A-Za-z0-9_-]{43}/.test(message))!;
  expect(mail).toMatch(/^Reply-To: support@einfilingservice\.com$/m);
  expect(mail).toContain('EIN Filing Service LLC');
  await expectNoSeriousA11yViolations(page);

  // Asked again within ten minutes: nothing is sent, and the page says so instead of claiming a link.
  await page.reload();
  await page.getByRole('button', { name: 'E-mail me a new signing link' }).click();
  await expect(page.getByTestId('signing-link-status')).toContainText(signingLinkResendMessages.heldBack);
  await expect(page.getByTestId('signing-link-status')).not.toContainText(signingLinkResendMessages.sent);
  await expectNextRequestTold(page);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'tracking-signing-link-held-back');
  expect(mailTo(email).filter((message) => /\/sign\/[A-Za-z0-9_-]{43}/.test(message))).toHaveLength(1);
});

/** The HTML part of a raw message, its quoted-printable decoded as UTF-8. */
function htmlPartOf(raw: string): string {
  const part = /Content-Type: text\/html[^\n]*\r?\nContent-Transfer-Encoding: quoted-printable\r?\n\r?\n([\s\S]*?)\r?\n--/.exec(raw);
  if (!part) throw new Error('The message has no quoted-printable HTML part');
  const joined = part[1]!.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined[index] === '=' ? /^[0-9A-F]{2}/.exec(joined.slice(index + 1, index + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      index += 2;
    } else bytes.push(joined.charCodeAt(index));
  }
  return Buffer.from(bytes).toString('utf8');
}

test('the confirmation and signing e-mails fit a 375 px screen: the payment reference and the link to paste wrap inside the card', async ({ page, paidOrder }) => {
  const email = `narrow-${Date.now()}@example.com`;
  const { trackingNumber } = await paidOrder({ status: 'awaiting_user_signature', billingEmail: email });
  await page.goto(`/track-application?number=${trackingNumber}`);
  await page.getByRole('button', { name: 'E-mail me a new signing link' }).click();
  await expect.poll(() => readMailbox().filter((message) => message.includes(`To: ${email}`)).length).toBe(2);
  const raw = readMailbox().filter((message) => message.includes(`To: ${email}`));
  const confirmation = htmlPartOf(raw.find((message) => message.includes('Order confirmed'))!);
  const signing = htmlPartOf(raw.find((message) => message.includes('sign your SS-4'))!);
  expect(confirmation).toMatch(/Payment reference:? ?<\/td><td[^>]*><strong>pi_[A-Za-z0-9_]{20,}</);
  expect(signing).toMatch(/Or paste this address into your browser:(?:\s|<!-- -->)*<span[^>]*>http[^<]+\/sign\/[A-Za-z0-9_-]{43}</);
  // Each message alone in a blank page, as a mail program shows it (no site styles, no site policy).
  const mail = await page.context().newPage();
  for (const [name, html] of [
    ['email-confirmation', confirmation],
    ['email-signing', signing],
  ] as const) {
    await mail.setViewportSize({ width: 375, height: 812 });
    await mail.setContent(html);
    const overflow = await mail.evaluate(() => {
      // The card: the one table of the layout kept to a readable width.
      const card = document.querySelector<HTMLElement>('table[style*="max-width"]')!;
      return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, card: card.scrollWidth - card.clientWidth };
    });
    expect(overflow, name).toEqual({ page: 0, card: 0 });
    await shoot(mail, name);
  }
  await mail.close();
});

test('staff put an order on hold with a reason for the customer: it is required, e-mailed, kept on the order page, and tracking says we will contact them', async ({
  page,
  paidOrder,
  signedInAs,
}) => {
  test.slow();
  const email = `hold-${Date.now()}@example.com`;
  const fulfiller = await signedInAs('fulfiller');
  const { orderId, trackingNumber } = await paidOrder({ billingEmail: email, assignedTo: fulfiller.id });
  await page.goto(`/manage/orders/${orderId}`);
  await page.getByLabel('Status').selectOption('on_hold');
  const reason = page.getByRole('textbox', { name: /Reason for the customer/ });
  await expect(reason).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(staffMessages.holdReasonRequired)).toBeVisible();
  await reason.fill('We need a copy of your articles of organization. Please reply with a PDF.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(staffMessages.orderUpdated).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: /Reason for the customer/ })).toHaveValue('We need a copy of your articles of organization. Please reply with a PDF.');
  await expect(page.getByText('On hold notice')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'staff-on-hold');

  await expect.poll(() => mailTo(email).filter((message) => /is on hold/.test(message)).length).toBe(1);
  const mail = mailTo(email).find((message) => /is on hold/.test(message))!;
  expect(mail).toContain('We need a copy of your articles of organization.');
  expect(mail).toMatch(/^Reply-To: support@einfilingservice\.com$/m);

  await page.goto(`/track-application?number=${trackingNumber}`);
  await expect(page.getByTestId('tracking-description')).toHaveText(trackingStageTexts.on_hold.description);
  // The reason is the customer's e-mail's, not the tracking page's: the number alone shows no more.
  await expect(page.getByText(/articles of organization/)).toHaveCount(0);
});
