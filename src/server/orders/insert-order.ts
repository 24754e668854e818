import { sql, type SQL } from 'drizzle-orm';
import { checkouts, orders, type Db } from '../db';
import { addBusinessDays } from '#shared/dates.ts';
import { initialOrderStatus, type OrderPriority, type OrderStatus } from '#shared/orders/lifecycle.ts';
import { orderWorkBusinessDays } from '#shared/delivery-promise.ts';

// The one way an order row is written: every order is copied from its paid checkout (tracking
// number, e-mail, language, amount, currency, payment intent and application), never from anything
// else, and a repeated insert for the same checkout does nothing. The payment path, the test
// factories, the test-only API and the bulk seed all go through `insertOrdersSql`.

/**
 * The statement that inserts one order per row of `source`, a query whose rows carry these columns:
 * the checkout's `checkout_id`, `tracking_number`, `email`, `locale`, `amount_cents`, `currency`,
 * `payment_intent_id` and `form_data`, and the order's `payment_method`, `priority`, `status`,
 * `assigned_to`, `assigned_at`, `completed_at`, `due_date`, `ein`, `ein_emailed_at`, `notes`,
 * `confirmation_email_sent_at`, `create_date` and `updated_at`. No conflict target: the order's three
 * unique keys (payment intent, tracking number, checkout) all come from the one checkout, and naming
 * only one would let a racing insert fail on another. `returning` names what to answer.
 */
export function insertOrdersSql(source: SQL, returning: SQL): SQL {
  return sql`
    insert into ${orders} (
      application_id, checkout_id, billing_email, locale, amount, currency, payment_status, payment_method,
      payment_intent_id, priority, status, assigned_to, assigned_at, completed_at, due_date, ein,
      ein_emailed_at, notes, form_data, confirmation_email_sent_at, create_date, updated_at
    )
    select
      s.tracking_number, s.checkout_id, s.email, s.locale, s.amount_cents, s.currency, 'paid', s.payment_method,
      s.payment_intent_id, s.priority, s.status, s.assigned_to, s.assigned_at, s.completed_at, s.due_date, s.ein,
      s.ein_emailed_at, s.notes, s.form_data, s.confirmation_email_sent_at, s.create_date, s.updated_at
    from (${source}) as s
    on conflict do nothing
    returning ${returning}`;
}

export type InsertOrderOptions = {
  checkoutId: string;
  /** The intent the checkout must carry; the payment path passes the one that succeeded. */
  paymentIntentId?: string;
  paymentMethod: string | null;
  /** When the payment succeeded: the order's creation time, and the start of its due date. */
  paidAt?: Date;
  /** For tests and the demo data: an order already further along. */
  priority?: OrderPriority;
  status?: OrderStatus | string;
  assignedTo?: string | null;
  assignedAt?: Date | null;
  completedAt?: Date | null;
  dueDate?: Date | null;
  ein?: string | null;
  notes?: string;
};

const timestamp = (value: Date | null | undefined) => (value ? sql`${value.toISOString()}::timestamptz` : sql`null::timestamptz`);

/**
 * Inserts the order of one paid checkout; answers its id, or null when the checkout already has its
 * order (another confirmation or webhook made it). A new order is due one business day after payment.
 */
export async function insertOrderFromCheckout(tx: Pick<Db, 'execute'>, options: InsertOrderOptions): Promise<number | null> {
  const paidAt = options.paidAt ?? new Date();
  const dueDate = options.dueDate === undefined ? addBusinessDays(paidAt, orderWorkBusinessDays) : options.dueDate;
  const assignedTo = options.assignedTo ?? null;
  const source = sql`
    select
      c.id as checkout_id, c.tracking_number, c.email, c.locale, c.amount_cents, c.currency, c.payment_intent_id, c.form_data,
      ${options.paymentMethod}::text as payment_method,
      ${options.priority ?? 'standard'}::text as priority,
      ${options.status ?? initialOrderStatus}::text as status,
      ${assignedTo}::text as assigned_to,
      ${timestamp(assignedTo ? (options.assignedAt ?? paidAt) : null)} as assigned_at,
      ${timestamp(options.completedAt)} as completed_at,
      ${timestamp(dueDate)} as due_date,
      ${options.ein ?? null}::text as ein,
      null::timestamptz as ein_emailed_at,
      ${options.notes ?? ''}::text as notes,
      null::timestamptz as confirmation_email_sent_at,
      ${timestamp(paidAt)} as create_date,
      ${timestamp(paidAt)} as updated_at
    from ${checkouts} c
    where c.id = ${options.checkoutId} and c.purged_at is null
      ${options.paymentIntentId === undefined ? sql`` : sql`and c.payment_intent_id = ${options.paymentIntentId}`}`;
  const inserted = await tx.execute<{ id: number }>(insertOrdersSql(source, sql`id`));
  const id = inserted.rows[0]?.id;
  return id === undefined ? null : Number(id);
}
