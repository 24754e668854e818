import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export { expect };
export const test = base;

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
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
