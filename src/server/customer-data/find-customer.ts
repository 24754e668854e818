import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { AppError } from '../errors';
import { customerDataMessages } from '#shared/customer-data/customer-data.ts';
import { isInStatusGroup, normalizeOrderStatus, type OrderStatus } from '#shared/orders/lifecycle.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';

export type CustomerOrder = {
  id: number;
  number: string;
  status: OrderStatus;
  createDate: Date;
  erasedAt: Date | null;
  checkoutId: string;
  open: boolean;
};

/** Everything held about one e-mail address, by row: the subject of an export or a deletion. */
export type Customer = {
  /** Lower case. */
  email: string;
  orders: CustomerOrder[];
  orderIds: number[];
  /** Every checkout: those of the orders and the unpaid ones. */
  checkoutIds: string[];
  /** Unpaid checkouts (open or purged), with their payment intents. */
  unpaidCheckouts: { id: string; paymentIntentId: string | null; purged: boolean }[];
};

const ids = (values: readonly (string | number)[], type: 'int' | 'uuid') => sql`(select unnest(${`{${values.join(',')}}`}::${sql.raw(type)}[]))`;
export const orderIdSet = (values: readonly number[]) => ids(values.map((id) => Math.trunc(id)), 'int');
export const checkoutIdSet = (values: readonly string[]) => ids(values.filter((id) => /^[0-9a-f-]{36}$/i.test(id)), 'uuid');

/**
 * The orders and checkouts that name `email`: as the billing address, as the application's contact or
 * responsible party's address, or as a signer's. Case does not matter.
 */
export async function findCustomer(db: Db, rawEmail: string): Promise<Customer> {
  const email = rawEmail.trim().toLowerCase();
  const orderRows = await db.execute<{ id: number; application_id: string; status: string; create_date: string | Date; personal_data_erased_at: string | Date | null; checkout_id: string }>(sql`
    select id, application_id, status, create_date, personal_data_erased_at, checkout_id from orders
    where lower(billing_email) = ${email}
       or lower(form_data->'contact'->>'emailAddress') = ${email}
       or lower(form_data->'contact'->>'rpEmail') = ${email}
       or id in (select order_id from signing_requests where lower(signer_email) = ${email})
    order by create_date, id`);
  const orders = orderRows.rows.map((row): CustomerOrder => {
    const status = normalizeOrderStatus(row.status);
    return {
      id: Number(row.id),
      number: row.application_id,
      status,
      createDate: new Date(row.create_date),
      erasedAt: row.personal_data_erased_at ? new Date(row.personal_data_erased_at) : null,
      checkoutId: row.checkout_id,
      open: isInStatusGroup('open', status),
    };
  });
  const checkoutRows = await db.execute<{ id: string; payment_intent_id: string | null; status: string }>(sql`
    select id, payment_intent_id, status from checkouts
    where status <> 'paid' and (
      lower(email) = ${email}
      or lower(form_data->'contact'->>'emailAddress') = ${email}
      or lower(form_data->'contact'->>'rpEmail') = ${email})`);
  const unpaidCheckouts = checkoutRows.rows.map((row) => ({ id: row.id, paymentIntentId: row.payment_intent_id, purged: row.status === 'purged' }));
  return {
    email,
    orders,
    orderIds: orders.map((order) => order.id),
    checkoutIds: [...orders.map((order) => order.checkoutId), ...unpaidCheckouts.map((checkout) => checkout.id)],
    unpaidCheckouts,
  };
}

/** The e-mail address an order was paid with (the order page's "Customer data" action). */
export async function findOrderEmail(db: Db, orderId: number): Promise<string> {
  const result = await db.execute<{ billing_email: string }>(sql`select billing_email from orders where id = ${orderId}`);
  const row = result.rows[0];
  if (!row) throw new AppError('not_found', staffMessages.orderNotFound);
  if (row.billing_email === '') throw new AppError('not_found', customerDataMessages.nothingHeld);
  return row.billing_email.toLowerCase();
}

/** Whether anything at all is held: an order or a checkout. */
export function holdsAnything(customer: Customer): boolean {
  return customer.orders.length > 0 || customer.unpaidCheckouts.length > 0;
}

/** Why deletion would be refused now, or null. */
export function deletionBlockedReason(customer: Customer): string | null {
  return customer.orders.some((order) => order.open) ? customerDataMessages.openOrders : null;
}
