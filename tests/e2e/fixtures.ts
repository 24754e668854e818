import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import type { TestOrderInput, TestOrderResponse, TestStaffInput } from '../support/test-api/test-support-inputs';
import { createPaidOrder, createStaffAccount, signInContext, type StaffAccount } from './staff-accounts';

export { expect };

/**
 * Opens a server-rendered page and waits until React has hydrated it: before that its HTML shows but
 * its scripted behaviour (input masks, dragging, carousel buttons, smooth scrolling) is not attached yet.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer'))))
    .toBe(true);
}

/**
 * Every test is its own client: the test server trusts `X-Forwarded-For` (TRUST_PROXY), and each
 * test sends an address of its own, so the per-client rate limits see one visitor per test rather
 * than the whole suite behind 127.0.0.1.
 */
type StateFixtures = {
  /** A staff account made through the test-only API (a fresh fulfiller unless told otherwise). */
  staffAccount: (input?: TestStaffInput) => Promise<StaffAccount>;
  /** Signs this test's browser in as a new account of the role, or as the given account. */
  signedInAs: (who: StaffRole | StaffAccount) => Promise<StaffAccount>;
  /** A paid order made through the test-only API, as a card purchase leaves it. */
  paidOrder: (input?: TestOrderInput) => Promise<TestOrderResponse>;
};

export const test = base.extend<StateFixtures>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: it must be `{}`.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    let hash = 0;
    for (const character of `${testInfo.testId}:${testInfo.retry}:${testInfo.repeatEachIndex}`) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
    await use({ 'x-forwarded-for': `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}` });
  },
  staffAccount: async ({ request }, use) => {
    await use((input) => createStaffAccount(request, input));
  },
  signedInAs: async ({ context, request, baseURL }, use) => {
    await use(async (who) => {
      const account = typeof who === 'string' ? await createStaffAccount(request, { role: who }) : who;
      await signInContext(context, account, baseURL!);
      return account;
    });
  },
  paidOrder: async ({ request }, use) => {
    await use((input) => createPaidOrder(request, input));
  },
});

/**
 * An SSN of its own for a test's order that is faxed, ending in the sample's 6789 (what the signing
 * pages are answered with): the IRS takes one SS-4 per person a day, so a second fax for the sample SSN
 * (another test's, or this one's retry) would be held until the next business day.
 */
export function faxableSsn(): string {
  return `${100 + Math.floor(Math.random() * 500)}${10 + Math.floor(Math.random() * 90)}6789`;
}

/**
 * Fails on any serious or critical accessibility violation of the page as it is now, once what is
 * moving has come to rest: a notice still fading in has the contrast of its half-drawn self, which
 * the scan would judge (animations that never end, such as a spinner's, are not waited for).
 *
 * On a page without frames, axe runs in the page itself (`setLegacyMode`): its default runs each frame
 * apart and opens a blank page to merge the parts, which doubled the scans' cost here. A page with a
 * frame keeps the default, which reaches frames of every origin. Only violations are gathered in full
 * (`resultTypes`): only they are read. On a page without frames axe is sent once, not twice a scan and
 * again for the page's second width (decision 076).
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const frameless = page.frames().length === 1;
  // AxeBuilder would send axe's 580 KB to the page twice a scan; without frames, once a page is enough.
  if (frameless && !(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await new AxeBuilder({ page, ...(frameless ? { axeSource: ';' } : {}) })
    .setLegacyMode(frameless)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** The saved application as the wizard keeps it in sessionStorage. */
export async function readSavedApplication(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => {
    const raw = window.sessionStorage.getItem('ein-application-data');
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  });
}

/** Puts a saved application in place before any page script runs, to open a later step directly. */
export async function seedSavedApplication(page: Page, application: Record<string, unknown>): Promise<void> {
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('ein-application-data')) {
      window.sessionStorage.setItem('ein-application-data', value);
    }
  }, JSON.stringify(application));
}

/** No serious accessibility violation at 1280 px, nor at 375 px, where nothing scrolls sideways. */
export async function expectAccessibleAtBothWidths(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
}

/**
 * For the checkout's own specs: buys the sample application (or `application`) on step 6 with the test processor's card that
 * succeeds, continues to the confirmation page, and answers the tracking number shown there. `beforePaying` looks at step 6
 * once its payment form is there.
 */
export async function buyWithTestCard(
  page: Page,
  { application = sampleApplication(), beforePaying }: { application?: Record<string, unknown>; beforePaying?: () => Promise<void> } = {},
): Promise<string> {
  await seedSavedApplication(page, application);
  await page.goto('/ein/step-6');
  await expect(page.locator('[name="cardNumber"]')).toBeVisible();
  await beforePaying?.();
  return payWithTestCard(page);
}

/**
 * On step 6, pays with the test processor's card that succeeds, continues to the confirmation page, and
 * answers the tracking number shown there.
 */
export async function payWithTestCard(page: Page): Promise<string> {
  await page.locator('[name="cardNumber"]').fill('4242 4242 4242 4242');
  await page.locator('[name="cardExpiry"]').fill('12 / 34');
  await page.locator('[name="cardCvc"]').fill('123');
  await page.getByRole('button', { name: 'Complete Order' }).click();
  await page.getByRole('dialog', { name: 'Payment Successful!' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
  const trackingNumber = (await page.getByText(/^[A-Z0-9]{12}$/).textContent()) ?? '';
  expect(trackingNumber).toMatch(/^[A-Z0-9]{12}$/);
  return trackingNumber;
}

/**
 * On a signing link's page: answers the SSN question (the sample order's 6789), accepts the form, and
 * fills in the name, the title and every consent, leaving "Sign the SS-4" for the test to press.
 */
export async function answerSigningPage(customer: Page): Promise<void> {
  await customer.getByLabel('Last four digits of the SSN').fill('6789');
  await customer.keyboard.press('Enter');
  await customer.getByRole('button', { name: 'The form is right: continue to sign' }).click();
  await customer.getByLabel('Your full name').fill('John Public');
  await customer.getByLabel('Your title').fill('Managing Member');
  for (const label of ['I agree to sign electronically', 'I make the form\u2019s declaration', 'I authorize the third-party designee']) {
    await customer.getByRole('checkbox', { name: label }).check();
  }
}

/**
 * With `SCREENSHOTS_DIR` set, a full-page screenshot of the page at 375 px and 1280 px wide, to look
 * at by eye (`<name>-375.png`, `<name>-1280.png`); nothing otherwise. Leaves the page 1280 px wide.
 */
export async function screenshotAtBothWidths(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOTS_DIR;
  if (!folder) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
