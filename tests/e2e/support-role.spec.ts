import { test, expect } from './fixtures';
import { readMailbox } from './staff-accounts';

// A support member answers customers: they read any order, comment, and send a new signing link, and
// nothing more. The panel shows them no control they may not use, and the API refuses the same calls
// made directly (403 `permission_denied`), whatever the browser shows.

test.describe.configure({ timeout: 120_000 });

/** Where the order page is photographed as support sees it, at both widths (SUPPORT_SCREENSHOTS=folder). */
const screenshots = process.env.SUPPORT_SCREENSHOTS;

function signingLinksTo(address: string): string[] {
  return readMailbox()
    .map((message) => message.replace(/=\r?\n/g, ''))
    .filter((message) => message.includes(`To: ${address}`))
    .flatMap((message) => [...message.matchAll(/\/sign\/[A-Za-z0-9_-]{43}/g)].map((match) => match[0]));
}

test('a support member reads an order, comments and sends a new signing link, and finds no other control; the API refuses the rest', async ({
  page,
  paidOrder,
  signedInAs,
  staffAccount,
}) => {
  const email = `support-${Date.now()}@example.com`;
  // Someone else's order, waiting for the customer's signature.
  const colleague = await staffAccount({ role: 'fulfiller' });
  const { orderId, trackingNumber } = await paidOrder({ billingEmail: email, assignedTo: colleague.id, status: 'awaiting_user_signature' });
  await signedInAs('support');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Every order is theirs to read: the list has it, and it opens.
  await page.goto(`/manage/orders?search=${trackingNumber}`);
  await page.getByRole('link', { name: trackingNumber }).first().click();
  await expect(page).toHaveURL(new RegExp(`/manage/orders/${orderId}$`));
  await expect(page.getByText(email).first()).toBeVisible();

  // They comment.
  await page.getByLabel('New comment').fill('The customer called: they will sign tonight.');
  await page.getByRole('button', { name: 'Add Comment' }).click();
  await expect(page.getByRole('list', { name: 'Comments' })).toContainText('The customer called: they will sign tonight.');

  // They send a new signing link, which reaches the customer.
  const before = signingLinksTo(email).length;
  await page.getByRole('button', { name: /^(Send for signature|Send a new signing link)$/ }).click();
  await expect(page.getByText(`The signing link was sent to ${email}.`)).toBeVisible();
  await expect.poll(() => signingLinksTo(email).length).toBeGreaterThan(before);

  if (screenshots) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${screenshots}/support-order-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // No control they may not use: reveal, downloads, status, priority, EIN, assignee, void, filing, refund.
  await expect(page.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download SS-4' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download SS-4' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Assign To' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'EIN' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Save/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Void the signature/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /File by fax|Filed online/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
  // Nor a way to the users, the audit trail, customer data or the fax inbox.
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  for (const name of ['Users', 'Audit Trail', 'Customer Data', 'Fax inbox']) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);

  // The same calls made directly are refused.
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  const refused = [
    await page.request.patch(`/api/manage/orders/${orderId}`, { headers, data: { version: 1, status: 'completed', priority: 'standard', assignedTo: colleague.id, notes: '', ein: '12-3456789', holdReason: null } }),
    await page.request.post(`/api/manage/orders/${orderId}/ssn`, { headers, data: {} }),
    await page.request.get(`/api/manage/orders/${orderId}/ss4.pdf`),
    await page.request.get(`/api/manage/orders/${orderId}/ss4-signed.pdf`),
    await page.request.post(`/api/manage/orders/${orderId}/signature/void`, { headers, data: { reason: 'Testing.' } }),
    await page.request.post(`/api/manage/orders/${orderId}/filings`, { headers, data: { method: 'fax' } }),
    await page.request.post(`/api/manage/orders/${orderId}/refunds`, { headers, data: { amountCents: 100, reason: 'customer_request', note: '' } }),
    await page.request.get('/api/manage/users'),
    await page.request.get('/api/manage/audit'),
    await page.request.get('/api/manage/fax-inbox'),
    await page.request.post('/api/manage/customer-data/lookup', { headers, data: { email } }),
  ];
  for (const response of refused) {
    expect(response.status(), response.url()).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('permission_denied');
  }

  // The order is as it was: still awaiting the signature, no EIN.
  await page.reload();
  await expect(page.getByText('Awaiting User Signature').first()).toBeVisible();
  await expect(page.getByText('12-3456789')).toHaveCount(0);
});
