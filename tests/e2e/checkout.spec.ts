import { testCardMessages } from '#shared/payments/test-card.ts';
import type { Page } from '@playwright/test';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { checkoutMessages, confirmationMessages } from '#shared/checkout/checkout-messages.ts';
import { expect, expectNoSeriousA11yViolations, readSavedApplication, seedSavedApplication, test } from './fixtures';

// Step 6 against the real server and its built-in test processor (no Stripe keys), which answers
// like Stripe's test cards.

const futureExpiry = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

const cards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authentication: '4000002500003155',
} as const;

async function openStep6(page: Page, application = sampleApplication()) {
  await seedSavedApplication(page, application);
  await page.goto('/ein/step-6');
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Order' })).toBeVisible();
  await expect(page.locator('[name="cardNumber"]')).toBeVisible();
}

async function enterCard(page: Page, number: string) {
  await page.locator('[name="cardNumber"]').fill(number);
  await page.locator('[name="cardExpiry"]').fill(futureExpiry);
  await page.locator('[name="cardCvc"]').fill('123');
}

async function pay(page: Page, number: string) {
  await enterCard(page, number);
  await page.getByRole('button', { name: 'Complete Order' }).click();
}

async function dataLayerEvents(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => ((window.dataLayer ?? []) as Record<string, unknown>[]).filter((entry) => entry.event !== 'page_view'));
}

test('shows the order at the published price, the prefilled e-mail and the IRS note', async ({ page }) => {
  await openStep6(page);
  await expect(page).toHaveTitle('Complete Your Order | EIN Filing Service');
  await expect(page.getByText('Step 6 of 6')).toBeVisible();
  await expect(page.getByText('5 of 6 completed')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('EIN Application Service')).toBeVisible();
  await expect(summary.getByTestId('order-total')).toHaveText('$149.00');
  await expect(summary.getByText(/The IRS issues EINs free of charge/)).toBeVisible();
  await expect(summary.getByText(/paid service/)).toBeVisible();
  await expect(page.getByText('Secure checkout.')).toBeVisible();
  await expect(page.getByLabel('Email for your receipt and EIN')).toHaveValue('jane@example.com');
  await expect(page.getByText(/Test mode: no real charge\. Use Stripe's test cards, e\.g\. 4242 4242 4242 4242, any future date, any CVC\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Order' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/ein/step-5');
});

test('formats the card as it is typed and shows the card messages without charging anything', async ({ page }) => {
  const paymentCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/test-payments/') || request.url().includes('/api/payments/')) paymentCalls.push(request.url());
  });
  await openStep6(page);
  await page.getByRole('button', { name: 'Complete Order' }).click();
  await expect(page.getByText(testCardMessages.numberRequired)).toBeVisible();
  await expect(page.getByText(testCardMessages.expiryIncomplete)).toBeVisible();
  await expect(page.getByText(testCardMessages.cvcIncomplete)).toBeVisible();
  await expect(page.locator('[name="cardNumber"]')).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.locator('[name="cardNumber"]').pressSequentially('42424242');
  await expect(page.locator('[name="cardNumber"]')).toHaveValue('4242 4242');
  await page.locator('[name="cardExpiry"]').pressSequentially('0120');
  await expect(page.locator('[name="cardExpiry"]')).toHaveValue('01 / 20');
  await page.getByRole('button', { name: 'Complete Order' }).click();
  await expect(page.getByText(testCardMessages.numberIncomplete)).toBeVisible();
  await expect(page.getByText(testCardMessages.expiryPast)).toBeVisible();

  await page.locator('[name="email"]').fill('jane@');
  await page.locator('[name="email"]').blur();
  await expect(page.getByText(checkoutMessages.email)).toBeVisible();
  expect(paymentCalls).toEqual([]);
});

test('4242 pays: "Payment Successful!", the analytics events, then the confirmation page', async ({ page }) => {
  await openStep6(page);
  await pay(page, cards.succeeds);
  const dialog = page.getByRole('dialog', { name: 'Payment Successful!' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(checkoutMessages.success);
  // Behind the dialog (hidden from assistive technology while it is open), the paid form stays disabled.
  await expect(page.locator('button[type="submit"]')).toHaveText('Processing...');
  await expect(page.locator('button[type="submit"]')).toBeDisabled();
  await expect(page.locator('[name="cardNumber"]')).toBeDisabled();

  const events = await dataLayerEvents(page);
  expect(events.slice(0, 2)).toEqual([{ event: 'payment_advancement', method: 'stripe' }, { event: 'submitted_form' }]);
  const placed = events.find((entry) => entry.event === 'placed_order');
  expect(placed).toEqual({
    event: 'placed_order',
    transaction_id: expect.stringMatching(/^pi_/),
    value: 149,
    currency: 'USD',
    tracking_number: expect.stringMatching(/^[A-Z0-9]{12}$/),
  });
  // No personal data: no e-mail, names, company or card in any event.
  const serialized = JSON.stringify(events);
  for (const personal of ['jane@example.com', 'Hill Country', 'Doe-Smith', '4242', '123456789']) expect(serialized).not.toContain(personal);

  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/ein/confirmation\\?payment_intent=${String(placed?.transaction_id)}$`));
  await expect(page.getByText('Payment confirmed')).toBeVisible();
  await expect(page.getByText(String(placed?.tracking_number), { exact: true })).toBeVisible();
});

test('a declined card shows "Payment Failed"; Try Again keeps every answer and the next card pays the same order', async ({ page }) => {
  // Each answer's body is read as its response arrives, in order: the last may still be on its way when the
  // success dialog shows, so the reads are awaited together before they are counted.
  const answers: Promise<{ paymentIntentId: string }>[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/checkout') && response.ok()) answers.push(response.json() as Promise<{ paymentIntentId: string }>);
  });
  await openStep6(page);
  const before = await readSavedApplication(page);
  await pay(page, cards.declined);
  const failed = page.getByRole('dialog', { name: 'Payment Failed' });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Your card was declined.');
  await expectNoSeriousA11yViolations(page);
  await failed.getByRole('button', { name: 'Try Again' }).click();
  await expect(failed).toHaveCount(0);

  expect(await readSavedApplication(page)).toEqual(before);
  await expect(page.getByLabel('Email for your receipt and EIN')).toHaveValue('jane@example.com');
  await expect(page.locator('[name="cardNumber"]')).toBeEditable();
  await expect(page.getByRole('button', { name: 'Complete Order' })).toBeFocused();

  await page.locator('[name="cardNumber"]').fill(cards.succeeds);
  await page.getByRole('button', { name: 'Complete Order' }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Successful!' })).toBeVisible();
  const intents = (await Promise.all(answers)).map((answer) => answer.paymentIntentId);
  expect(intents.length).toBeGreaterThanOrEqual(3);
  expect(new Set(intents).size).toBe(1);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`/ein/confirmation?payment_intent=${intents[0]}`);
});

test('insufficient funds shows its own message', async ({ page }) => {
  await openStep6(page);
  await pay(page, cards.insufficientFunds);
  const failed = page.getByRole('dialog', { name: 'Payment Failed' });
  await expect(failed).toContainText('Your card has insufficient funds.');
});

test('a card that needs authentication goes to the authentication page and, completed, to the confirmation', async ({ page }) => {
  await openStep6(page);
  await pay(page, cards.authentication);
  await expect(page).toHaveURL(/\/payments\/test-authentication\?payment_intent=pi_[^&]+&payment_intent_client_secret=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Authenticate your payment' })).toBeVisible();
  await expect(page).toHaveTitle('Authenticate your payment | EIN Filing Service');
  await expect(page.getByText(/3D Secure/)).toBeVisible();
  const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/ein\/confirmation\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('payment_intent')).toBe(paymentIntentId);
  expect(url.searchParams.get('redirect_status')).toBe('succeeded');
  await expect(page.getByText('Payment confirmed')).toBeVisible();
});

test('a failed authentication returns to the confirmation page as failed', async ({ page }) => {
  await openStep6(page);
  await pay(page, cards.authentication);
  await expect(page.getByRole('heading', { level: 1, name: 'Authenticate your payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page).toHaveURL(/\/ein\/confirmation\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('payment_intent')).toMatch(/^pi_/);
  expect(url.searchParams.get('redirect_status')).toBe('failed');
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expect(page.getByText('We are unable to authenticate your payment method.', { exact: false })).toBeVisible();
  await expect(page.getByText(confirmationMessages.failureText)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track Application' })).toHaveCount(0);
  const saved = await readSavedApplication(page);
  await page.getByRole('link', { name: 'Retry Payment' }).click();
  await expect(page).toHaveURL(/\/ein\/step-6$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Order' })).toBeVisible();
  await expect(page.locator('[name="cardNumber"]')).toBeEditable();
  expect(await readSavedApplication(page)).toEqual(saved);
});

test('the authentication page without its payment says so and links back to the checkout', async ({ page }) => {
  await page.goto('/payments/test-authentication');
  await expect(page.getByRole('alert')).toContainText('This authentication link is incomplete');
  await page.getByRole('link', { name: 'Return to checkout' }).click();
  await expect(page).toHaveURL(/\/ein-application-start$/);
});

test('without saved answers, step 6 sends the visitor to step 1', async ({ page }) => {
  await page.goto('/ein/step-6');
  await expect(page).toHaveURL(/\/ein-application-start$/);
});

test("answers the server refuses are listed with links to their pages, and no payment form is offered", async ({ page }) => {
  await seedSavedApplication(page, sampleApplication({ contact: { rpSSN: '12345' } }));
  await page.goto('/ein/step-6');
  const alert = page.getByRole('alert').filter({ hasText: 'Step 3' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Enter 9 digits');
  await expect(page.locator('[name="cardNumber"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Complete Order' })).toBeDisabled();
  await alert.getByRole('link', { name: 'Step 3: Responsible Party' }).click();
  await expect(page).toHaveURL(/\/ein\/step-3$/);
});

test('can be paid with the keyboard alone', async ({ page }) => {
  await openStep6(page);
  for (let presses = 0; presses < 40; presses += 1) {
    if (await page.locator('[name="cardNumber"]').evaluate((input) => input === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(page.locator('[name="cardNumber"]')).toBeFocused();
  await page.keyboard.type(cards.succeeds);
  await page.keyboard.press('Tab');
  await expect(page.locator('[name="cardExpiry"]')).toBeFocused();
  await page.keyboard.type(futureExpiry);
  await page.keyboard.press('Tab');
  await expect(page.locator('[name="cardCvc"]')).toBeFocused();
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Complete Order' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ein\/confirmation\?payment_intent=pi_/);
});

test('the card never reaches browser storage or the address bar', async ({ page }) => {
  await openStep6(page);
  await pay(page, cards.succeeds);
  await expect(page.getByRole('dialog', { name: 'Payment Successful!' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage } }));
  expect(stored).not.toContain('4242');
  expect(page.url()).not.toContain('4242');
});

for (const width of [1280, 375]) {
  test(`has no serious accessibility violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openStep6(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Complete Order' }).click();
    await expect(page.getByText(testCardMessages.numberRequired)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
