import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Operator-editable settings, such as `ein_price_standard`. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One attempt to pay for one application (one browser draft): the validated application with the SSN
 * encrypted, the tracking number it will carry, and the payment intent. Orders are built from it.
 */
export const checkouts = pgTable('checkouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  draftId: uuid('draft_id').notNull().unique(),
  trackingNumber: text('tracking_number').notNull().unique(),
  /** The application as `applicationSchema` parses it, with the SSN replaced by its ciphertext. */
  formData: jsonb('form_data').notNull(),
  email: text('email').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  paymentProvider: text('payment_provider').notNull(),
  paymentIntentId: text('payment_intent_id').unique(),
  /** `open` until its payment succeeds, then `paid`. */
  status: text('status').notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A paid application; exactly one per succeeded payment intent. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The tracking number, shown to staff as the order number. */
    applicationId: text('application_id').notNull().unique(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .unique()
      .references(() => checkouts.id),
    billingEmail: text('billing_email').notNull(),
    /** Cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    paymentStatus: text('payment_status').notNull(),
    paymentMethod: text('payment_method'),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    priority: text('priority').notNull().default('standard'),
    status: text('status').notNull().default('reviewing_form_data'),
    assignedTo: text('assigned_to'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    dueDate: timestamp('due_date', { withTimezone: true }),
    ein: text('ein'),
    notes: text('notes').notNull().default(''),
    /** Same shape as the checkout's: the SSN stays encrypted. */
    formData: jsonb('form_data').notNull(),
    /** Set by whoever claims the confirmation e-mail, so it is sent once. */
    confirmationEmailSentAt: timestamp('confirmation_email_sent_at', { withTimezone: true }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_create_date_id_idx').on(table.createDate.desc(), table.id.desc()),
    index('orders_status_create_date_idx').on(table.status, table.createDate.desc()),
    index('orders_priority_create_date_idx').on(table.priority, table.createDate.desc()),
    index('orders_assigned_to_create_date_idx').on(table.assignedTo, table.createDate.desc()),
    index('orders_billing_email_lower_idx').on(sql`lower(${table.billingEmail})`),
  ],
);

/** Payment-provider webhook events already handled; a repeated delivery is ignored. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The built-in test processor's payment intents (used only when no Stripe keys are set). */
export const testPaymentIntents = pgTable('test_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  status: text('status').notNull(),
  paymentMethodType: text('payment_method_type'),
  /** Stripe-shaped `last_payment_error`: type, code, decline_code, message. */
  lastError: jsonb('last_error').$type<{ type: string; code: string; declineCode?: string; message: string } | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Request counters for rate limits, shared by every app instance. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
