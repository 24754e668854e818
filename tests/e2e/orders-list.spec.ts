import { test, expect } from './fixtures';
import { counterGroups } from '#shared/orders/lifecycle.ts';

// 60 characters: the longest company names real filings carry.
const longCompanyName = 'Hill Country Custom Woodworking and Cabinetry Holdings LLC 1';

test('the orders table fits at 1280 px with a 60-character company name, the View link in sight', async ({ page, paidOrder, signedInAs }) => {
  expect(longCompanyName).toHaveLength(60);
  const fulfiller = await signedInAs('fulfiller');
  const { trackingNumber } = await paidOrder({
    assignedTo: fulfiller.id,
    application: { company: { companyName: longCompanyName } },
    billingEmail: 'maximiliana.rodriguez-fitzgerald@example.com',
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/manage/orders');
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table).toBeVisible();

  // Nothing scrolls sideways: neither the table's box nor the page.
  const widths = await table.evaluate((element) => {
    const box = element.parentElement!;
    return { tableScroll: box.scrollWidth, tableClient: box.clientWidth, pageScroll: document.documentElement.scrollWidth, pageClient: document.documentElement.clientWidth };
  });
  expect(widths.tableScroll).toBeLessThanOrEqual(widths.tableClient);
  expect(widths.pageScroll).toBeLessThanOrEqual(widths.pageClient);

  // The name is cut to two lines at most with an ellipsis, and the whole of it is the tooltip.
  const name = table.getByTitle(longCompanyName);
  await expect(name).toHaveText(longCompanyName);
  const lines = await name.evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)));
  expect(lines).toBeLessThanOrEqual(2);
  // The e-mail address is cut to one line the same way.
  await expect(table.getByTitle('maximiliana.rodriguez-fitzgerald@example.com')).toBeVisible();

  // The View link is wholly inside the table's box and the window.
  const view = page.getByRole('link', { name: `View order ${trackingNumber}` });
  await expect(view).toBeInViewport({ ratio: 1 });
  const [viewBox, tableBox] = await Promise.all([view.boundingBox(), table.evaluate((element) => element.parentElement!.getBoundingClientRect().toJSON() as DOMRect)]);
  expect(viewBox!.x + viewBox!.width).toBeLessThanOrEqual(tableBox.x + tableBox.width);
});

test('the counters add up to the total, and each one filters the list', async ({ page, paidOrder, signedInAs }) => {
  const fulfiller = await signedInAs('fulfiller');
  const held = await paidOrder({ assignedTo: fulfiller.id, status: 'on_hold' });
  const cancelled = await paidOrder({ assignedTo: fulfiller.id, status: 'cancelled' });
  const working = await paidOrder({ assignedTo: fulfiller.id, status: 'preparing_ss4_form' });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/manage/orders');
  const counters = page.getByRole('region', { name: 'Order counters' });
  await expect(counters.getByRole('link', { name: /^Total/ })).toHaveText('Total3');
  const values = await counters.locator('[data-counter]').allTextContents();
  const [total, ...groups] = values.map(Number);
  // New, In Progress, Overdue at IRS, Completed, On Hold, Cancelled: every group of the lifecycle.
  expect(groups).toHaveLength(Object.keys(counterGroups).length);
  expect(groups.reduce((sum, value) => sum + value, 0)).toBe(total);

  for (const [label, order] of [['On Hold', held], ['Cancelled', cancelled], ['In Progress', working]] as const) {
    await counters.getByRole('link', { name: new RegExp(`^${label}`) }).click();
    await expect(counters.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('1 order found');
    await expect(page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: `View order ${order.trackingNumber}` })).toBeVisible();
  }
});
