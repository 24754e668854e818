import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import type { FieldCipher } from '#server/encryption/index.ts';
import { isTestProcessor, type PaymentProvider } from '#server/payments/index.ts';
import { staffInject } from './staff-app';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { CheckoutResponse, ConfirmPaymentResponse } from '#shared/checkout/checkout.ts';
import type { OrderDetail, OrderDetailResponse, OrderListResponse, OrderUpdateInput } from '#shared/fulfilment/orders.ts';

// Helpers shared by the staff order tests: calls of the staff API, a paid purchase through the public
// API, and readers for the test mailbox and the audit log.

/** A stored application whose SSN is sealed with the app's real key, so it can be read back. */
export function applicationWithSsn(cipher: FieldCipher, ssn: string): Record<string, unknown> {
  const application = sampleApplication();
  return { ...application, contact: { ...application.contact, rpSSN: cipher.encrypt(ssn) } };
}

export async function listOrders(app: FastifyInstance, cookie: string, query = ''): Promise<OrderListResponse> {
  const response = await staffInject(app, cookie, 'GET', `/api/manage/orders${query ? `?${query}` : ''}`);
  if (response.statusCode !== 200) throw new Error(`List answered ${response.statusCode}: ${response.body}`);
  return response.json<OrderListResponse>();
}

export async function getOrder(app: FastifyInstance, cookie: string, id: number): Promise<OrderDetail> {
  const response = await staffInject(app, cookie, 'GET', `/api/manage/orders/${id}`);
  if (response.statusCode !== 200) throw new Error(`Detail answered ${response.statusCode}: ${response.body}`);
  return response.json<OrderDetailResponse>().order;
}

/** The Order Management card as the detail page fills it from an order. */
export function formOf(order: OrderDetail): OrderUpdateInput {
  return { version: order.version, status: order.status, priority: order.priority, assignedTo: order.assignee?.id ?? null, notes: order.notes, ein: order.ein ?? '', holdReason: order.holdReason ?? '' };
}

/** Saves the card with `changes` over what the order holds now. */
export async function saveOrder(app: FastifyInstance, cookie: string, id: number, changes: Partial<OrderUpdateInput>) {
  const current = await getOrder(app, cookie, id);
  return staffInject(app, cookie, 'PATCH', `/api/manage/orders/${id}`, { ...formOf(current), ...changes });
}

/** A `.eml` file's text with quoted-printable soft breaks joined and escapes decoded. */
export function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The messages to `address`, decoded. */
export function mailTo(messages: string[], address: string): string[] {
  return messages.map(decodeMail).filter((message) => new RegExp(`^To: ${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(message));
}

export type AuditRow = { actor_id: string | null; action: string; target: string | null; detail: Record<string, unknown> | null };

export async function auditRows(db: Db, action: string, target: string): Promise<AuditRow[]> {
  const result = await db.execute(sql`select actor_id, action, target, detail from audit_log where action = ${action} and target = ${target} order by id`);
  return result.rows as AuditRow[];
}

let nextClient = 0;
function newClient(): string {
  nextClient += 1;
  return `198.18.${Math.floor(nextClient / 250)}.${(nextClient % 250) + 1}`;
}

/** A customer's whole purchase through the public API with the test processor's success card. */
export async function purchase(
  app: FastifyInstance,
  services: { provider: PaymentProvider; database: { db: Db } },
  email = 'owner@example.com',
  application: unknown = sampleApplication(),
): Promise<{ trackingNumber: string; orderId: number; checkout: CheckoutResponse }> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    remoteAddress: newClient(),
    payload: { draftId: randomUUID(), email, application },
  });
  if (started.statusCode !== 200) throw new Error(`Checkout answered ${started.statusCode}: ${started.body}`);
  const checkout = started.json<CheckoutResponse>();
  const paid = await app.inject({
    method: 'POST',
    url: '/api/test-payments/confirm',
    remoteAddress: newClient(),
    payload: { clientSecret: checkout.clientSecret, cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' },
  });
  if (paid.statusCode !== 200) throw new Error(`Payment answered ${paid.statusCode}: ${paid.body}`);
  const confirmed = await app.inject({ method: 'POST', url: '/api/payments/confirm', remoteAddress: newClient(), payload: { paymentIntentId: checkout.paymentIntentId } });
  if (!confirmed.json<ConfirmPaymentResponse>().success) throw new Error(`Confirmation answered ${confirmed.body}`);
  if (isTestProcessor(services.provider)) await services.provider.settled();
  const found = await services.database.db.execute(sql`select id from orders where application_id = ${checkout.trackingNumber}`);
  const orderId = Number((found.rows[0] as { id: number } | undefined)?.id);
  if (!orderId) throw new Error('The purchase made no order');
  return { trackingNumber: checkout.trackingNumber, orderId, checkout };
}
