import { sampleSection } from '#shared/application/sample-application.ts';
import { answersKeptBadge, startedOverNotice } from '#client/components/wizard-shell/wizard-copy.ts';
import { expect, gotoHydrated, screenshotAtBothWidths, seedSavedApplication, test } from './fixtures';

// What the wizard promises: the step list's times add up to "About 5 minutes" and name each step as
// its page is headed; the answers are said to be kept in this tab, which is where they are kept, and a
// link to a later step opened with none says why it starts at step 1 (decision 052).

test('the step list names each step as its page is headed, and its times add up to the 5 minutes promised', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await seedSavedApplication(page, { version: 1, company: sampleSection('company'), registration: sampleSection('registration') });
  let seconds = 0;
  for (const [path, number] of [['/ein-application-start', 1], ['/ein/step-2', 2], ['/ein/step-3', 3]] as const) {
    await gotoHydrated(page, path);
    const heading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim();
    const steps = page.getByRole('navigation', { name: 'Application steps' });
    await steps.getByRole('button', { name: 'Show all steps' }).click();
    await expect(steps.locator('[aria-current="step"]')).toContainText(heading!);
    if (number === 1) {
      await expect(page.getByText('About 5 minutes in six short steps.').or(page.getByText(/Step 1 of 6/)).first()).toBeVisible();
      for (const time of await steps.locator('li').allTextContents()) {
        const match = /(\d+) (min|sec)/.exec(time);
        seconds += match ? Number(match[1]) * (match[2] === 'min' ? 60 : 1) : 0;
      }
      await screenshotAtBothWidths(page, 'wizard-step-list');
    }
  }
  expect(seconds).toBe(5 * 60);
});

test('the answers are said to be kept in this tab, and a new tab opened at step 2 starts at step 1 saying why', async ({ page, context }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await gotoHydrated(page, '/ein-application-start');
  await expect(page.getByText(answersKeptBadge()).first()).toBeVisible();
  await expect(page.getByText('Auto-Save')).toHaveCount(0);
  await expect(page.getByText(startedOverNotice())).toHaveCount(0);

  // The same address in a new tab: its sessionStorage is empty, so step 1 opens and says why.
  const newTab = await context.newPage();
  await newTab.setViewportSize({ width: 375, height: 812 });
  await newTab.goto('/ein/step-2');
  await expect(newTab).toHaveURL(/\/ein-application-start$/);
  await expect(newTab.getByRole('status').filter({ hasText: startedOverNotice() })).toBeVisible();
  await screenshotAtBothWidths(newTab, 'wizard-started-over');

  await gotoHydrated(page, '/');
  await expect(page.getByText('Your progress is saved as you go')).toHaveCount(0);
});
