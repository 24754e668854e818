import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { totpCodeOf } from '../support/totp';
import type { TestOrderInput, TestOrderResponse, TestStaffInput, TestStaffResponse } from '../support/test-api/test-support-inputs';

/** The first admin, which the test server creates on its first start from ADMIN_EMAIL/ADMIN_PASSWORD. */
export const e2eAdmin = { email: 'admin@example.com', password: 'e2e-admin-password' };

export type StaffAccount = TestStaffResponse;

/** A staff account made through the test-only API, as the Users screen makes them. */
export async function createStaffAccount(api: APIRequestContext, input: TestStaffInput = {}): Promise<StaffAccount> {
  const response = await api.post('/api/test-support/staff', { data: input });
  if (response.status() !== 201) throw new Error(`Creating a staff account answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as StaffAccount;
}

/**
 * Signs the browser context in as the account: the test-only API starts a Better Auth session (for an
 * enrolled account, past its code, computed from `totpSecret`, with a fresh step-up), and
 * the context's own request client keeps its cookie, so the context's pages are signed in.
 */
export async function signInContext(
  context: BrowserContext,
  account: Pick<StaffAccount, 'email' | 'password'> & { totpSecret?: string | null },
  baseURL: string,
  { codeGivenMinutesAgo }: { codeGivenMinutesAgo?: number } = {},
): Promise<void> {
  const response = await context.request.post(`${baseURL}/api/test-support/sessions`, {
    data: { email: account.email, password: account.password, totpSecret: account.totpSecret ?? null, codeGivenMinutesAgo },
    headers: { origin: baseURL },
  });
  if (response.status() !== 204) throw new Error(`Signing in answered ${response.status()}: ${await response.text()}`);
}

/** A paid order made through the test-only API, as a card purchase leaves it. */
export async function createPaidOrder(api: APIRequestContext, input: TestOrderInput = {}): Promise<TestOrderResponse> {
  const response = await api.post('/api/test-support/orders', { data: input });
  if (response.status() !== 201) throw new Error(`Creating an order answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as TestOrderResponse;
}

/** The messages the test server has written to its mailbox (`DATA_DIR/mail`), as raw text. */
export function readMailbox(): string[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (it comes from playwright.config.ts)');
  const folder = path.join(dataDir, 'mail');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => readFileSync(path.join(folder, file), 'utf8'));
}

/** The sign-in's code step, with the code an authenticator app would show for `secret` now. */
export async function giveSignInCode(page: Page, secret: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Two-factor sign-in' });
  await form.getByLabel('Authentication Code').fill(await totpCodeOf(secret));
  await form.getByRole('button', { name: 'Verify' }).click();
}
