import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { request, type APIRequestContext } from '@playwright/test';
import type { CreateUser, UserResponse } from '../../src/shared/staff/users';

/** The first admin, which the test server creates on its first start from ADMIN_EMAIL/ADMIN_PASSWORD. */
export const e2eAdmin = { email: 'admin@example.com', password: 'e2e-admin-password' };

export type StaffAccount = { id: string; name: string; email: string; password: string };

let accountNumber = 0;

/** An API client signed in as the first admin (same-origin `Origin`, its own client address). */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  const response = await api.post('/api/manage/session', { data: e2eAdmin });
  if (!response.ok()) throw new Error(`Admin sign-in answered ${response.status()}: ${await response.text()}`);
  return api;
}

/** A staff account made through the admin API, as the Users screen makes them. */
export async function createStaffAccount(baseURL: string, overrides: Partial<CreateUser> = {}): Promise<StaffAccount> {
  accountNumber += 1;
  const unique = `${Date.now().toString(36)}${accountNumber}${Math.random().toString(36).slice(2, 6)}`;
  const body: CreateUser = {
    name: `Fulfiller ${unique}`,
    email: `fulfiller-${unique}@example.com`,
    role: 'fulfiller',
    password: `password-${unique}`,
    notificationEnabled: true,
    priorityFulfiller: false,
    suspended: false,
    ...overrides,
  };
  const api = await adminApi(baseURL);
  try {
    const response = await api.post('/api/manage/users', { data: body });
    if (response.status() !== 201) throw new Error(`Creating a user answered ${response.status()}: ${await response.text()}`);
    const { user } = (await response.json()) as UserResponse;
    return { id: user.id, name: user.name, email: user.email, password: body.password };
  } finally {
    await api.dispose();
  }
}

/** The messages the test server has written to its mailbox (`DATA_DIR/mail`), as raw text. */
export function readMailbox(): string[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (it comes from playwright.config.ts)');
  const folder = path.join(dataDir, 'mail');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .map((file) => readFileSync(path.join(folder, file), 'utf8'));
}

/** The order's id, found through the admin API by its tracking number. */
export async function orderIdOf(api: APIRequestContext, trackingNumber: string): Promise<number> {
  const response = await api.get(`/api/manage/orders?search=${trackingNumber}`);
  const body = (await response.json()) as { orders: { id: number; applicationId: string }[] };
  const order = body.orders.find((item) => item.applicationId === trackingNumber);
  if (!order) throw new Error(`No order ${trackingNumber}`);
  return order.id;
}

/** Assigns an order through the admin API, keeping its other fields. */
export async function assignOrder(api: APIRequestContext, orderId: number, userId: string): Promise<void> {
  const detail = (await (await api.get(`/api/manage/orders/${orderId}`)).json()) as {
    order: { status: string; priority: string; notes: string; ein: string | null };
  };
  const { status, priority, notes, ein } = detail.order;
  const response = await api.patch(`/api/manage/orders/${orderId}`, { data: { status, priority, notes, ein: ein ?? '', assignedTo: userId } });
  if (!response.ok()) throw new Error(`Assigning answered ${response.status()}: ${await response.text()}`);
}
