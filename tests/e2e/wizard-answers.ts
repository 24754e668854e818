import { expect, type Page } from '@playwright/test';

/** One answer: what to choose or type, and (for masked fields) what the application stores. */
export type Answer = string | boolean | string[] | { type: string; stored: string };
export type Answers = Record<string, Answer>;

export function storedValue(answer: Answer): string | boolean | string[] {
  return typeof answer === 'object' && !Array.isArray(answer) ? answer.stored : answer;
}

/** The answers as the saved application should hold them. */
export function storedAnswers(answers: Answers): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const [name, answer] of Object.entries(answers)) {
    const value = storedValue(answer);
    if (name.includes('.')) {
      const [group, key] = name.split('.') as [string, string];
      stored[group] = { ...(stored[group] as Record<string, unknown> | undefined), [key]: value };
    } else {
      stored[name] = value;
    }
  }
  return stored;
}

/**
 * Answers a page's questions in order, finding each control by its name attribute (the spec's field
 * names) as a visitor would use it: choosing in selects, checking radios and boxes, typing text.
 */
export async function answerQuestions(page: Page, answers: Answers): Promise<void> {
  for (const [name, answer] of Object.entries(answers)) {
    const controls = page.locator(`[name="${name}"]`);
    const first = controls.first();
    await first.waitFor({ state: 'attached' });
    const tag = await first.evaluate((element) => element.tagName.toLowerCase());
    const type = await first.getAttribute('type');
    if (tag === 'select') {
      await first.selectOption(String(answer));
    } else if (type === 'radio') {
      const radio = page.locator(`[name="${name}"][value="${String(answer)}"]`);
      // Radios drawn as buttons hide the native input: choose them by their label, as a visitor does.
      if (await radio.isVisible()) await radio.check();
      else await page.locator('label', { has: radio }).click();
      await expect(radio).toBeChecked();
    } else if (type === 'checkbox' && Array.isArray(answer)) {
      for (const value of answer) await page.locator(`[name="${name}"][value="${value}"]`).check();
    } else if (type === 'checkbox') {
      await first.setChecked(answer === true);
    } else if (typeof answer === 'object' && !Array.isArray(answer)) {
      await first.fill('');
      await first.pressSequentially(answer.type);
    } else {
      await first.fill(String(answer));
    }
  }
}
