import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from './fixtures';

// The scan every screen's test runs is itself tested: it must still find a serious violation, on a
// page without frames (scanned in the page itself) and on one with a frame (scanned frame by frame).

async function addPaleParagraph(page: Page): Promise<void> {
  await page.evaluate(() => {
    const paragraph = document.createElement('p');
    paragraph.textContent = 'Words too pale to read';
    paragraph.style.color = '#bbb';
    paragraph.style.background = '#fff';
    document.querySelector('main')?.append(paragraph);
  });
}

test('the accessibility scan fails on a serious violation, on a page with or without a frame', async ({ page }) => {
  await gotoHydrated(page, '/terms');
  await expectNoSeriousA11yViolations(page);
  await addPaleParagraph(page);
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/"color-contrast"/);

  await gotoHydrated(page, '/terms');
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const frame = document.createElement('iframe');
        frame.title = 'Example';
        frame.srcdoc = '<!doctype html><html lang="en"><title>Example</title><main><p>Example</p></main></html>';
        frame.onload = resolve;
        document.querySelector('main')?.append(frame);
      }),
  );
  expect(page.frames()).toHaveLength(2);
  await addPaleParagraph(page);
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/"color-contrast"/);
});
