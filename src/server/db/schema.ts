import { sql } from 'drizzle-orm';
import { statusAsReadSql } from './stored-statuses';
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

// The typed view of the schema the SQL migrations make (decision 032): a change starts as a new
// migration, then is mirrored here; schema-matches-migrations.test.ts fails until both agree.

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
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id').notNull().unique(),
    trackingNumber: text('tracking_number').notNull().unique(),
    /** The application as `applicationSchema` parses it, with the SSN replaced by its ciphertext. */
    formData: jsonb('form_data').notNull(),
    email: text('email').notNull(),
    /** The language the customer applied in (`Locale`): the order takes it. */
    locale: text('locale').notNull().default('en'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paymentProvider: text('payment_provider').notNull(),
    paymentIntentId: text('payment_intent_id').unique(),
    /**
     * `open` until its payment succeeds, then `paid`; `purged` once the retention window passed
     * unpaid (its intent canceled, its application and e-mail erased: it can never be paid).
     */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its application and e-mail were erased (retention, or the customer's request); migration 0016. */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    /**
     * The keyed hash of the company name and the responsible party's taxpayer number (migration 0023,
     * decision 041): the same application paid twice shares it. Null without a taxpayer number.
     */
    duplicateKey: text('duplicate_key'),
    /** When the provider first said its payment succeeded (migration 0028): an order missing long after is an alert. */
    paymentSucceededAt: timestamp('payment_succeeded_at', { withTimezone: true }),
  },
  (table) => [
    // The payment reconciliation reads the open checkouts that have an intent.
    index('checkouts_open_with_intent_idx').on(table.updatedAt).where(sql`${table.status} <> 'paid' AND ${table.paymentIntentId} IS NOT NULL`),
    // The purge job's unpaid checkouts, oldest first; a customer data request's lookup by e-mail.
    index('checkouts_unpaid_retention_idx').on(table.updatedAt, table.id).where(sql`${table.status} = 'open' AND ${table.purgedAt} IS NULL`),
    index('checkouts_email_lower_idx').on(sql`lower(${table.email})`),
    // The duplicate warning's lookup of paid applications sharing the key.
    index('checkouts_duplicate_key_idx').on(table.duplicateKey).where(sql`${table.duplicateKey} IS NOT NULL`),
    // The dashboard's refresh: the checkouts started on its recent days (migration 0029).
    index('checkouts_created_at_idx').on(table.createdAt),
    // The alert check's succeeded payments still without an order.
    index('checkouts_succeeded_without_order_idx').on(table.paymentSucceededAt).where(sql`${table.status} <> 'paid' AND ${table.paymentSucceededAt} IS NOT NULL`),
  ],
);

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
    /** The customer's language (`Locale`): their e-mails and the links in them use it. */
    locale: text('locale').notNull().default('en'),
    /** Cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    paymentStatus: text('payment_status').notNull(),
    paymentMethod: text('payment_method'),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    priority: text('priority').notNull().default('standard'),
    status: text('status').notNull().default('reviewing_form_data'),
    assignedTo: text('assigned_to').references((): AnyPgColumn => user.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    dueDate: timestamp('due_date', { withTimezone: true }),
    ein: text('ein'),
    /** The EIN's last four digits, kept for bookkeeping once the order's personal data is erased. */
    einLastFour: text('ein_last_four'),
    /**
     * When the order's personal data (application, e-mail, EIN, signed SS-4, e-mails, comments) was
     * erased, by the retention window or the customer's request; amount, dates and status stay.
     */
    personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true }),
    /** When the EIN e-mail was queued in the outbox; cleared when the EIN changes, so the new one is sent. */
    einEmailedAt: timestamp('ein_emailed_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    /** What the customer is told while the order is on hold (their e-mail and the order page); null otherwise. */
    holdReason: text('hold_reason'),
    /** Same shape as the checkout's: the SSN stays encrypted. */
    formData: jsonb('form_data').notNull(),
    /** The provider's dispute (chargeback) on the payment, if any: its id and its status as last read from the provider. */
    disputeId: text('dispute_id'),
    disputeStatus: text('dispute_status'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /** No longer written: the confirmation e-mail is queued in `email_outbox` with the order. */
    confirmationEmailSentAt: timestamp('confirmation_email_sent_at', { withTimezone: true }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by every update of the row (a trigger, migration 0017): a staff edit names the version it was made on. */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    index('orders_create_date_id_idx').on(table.createDate.desc(), table.id.desc()),
    // One index per filter of the staff list, in the list's order, so each page reads 25 entries
    // (migration 0010). The status filter goes by the status as staff read it (a counter of several
    // statuses reads each one's, migration 0017); the fulfiller's indexes start with the assignee.
    index('orders_status_read_create_date_idx').on(sql.raw(statusAsReadSql), table.createDate.desc(), table.id.desc()),
    index('orders_priority_create_date_id_idx').on(table.priority, table.createDate.desc(), table.id.desc()),
    index('orders_assignee_create_date_idx').on(table.assignedTo, table.createDate.desc(), table.id.desc()),
    index('orders_assignee_status_read_create_date_idx').on(table.assignedTo, sql.raw(statusAsReadSql), table.createDate.desc(), table.id.desc()),
    index('orders_assignee_priority_create_date_idx').on(table.assignedTo, table.priority, table.createDate.desc(), table.id.desc()),
    index('orders_locale_create_date_idx').on(table.locale, table.createDate.desc(), table.id.desc()),
    index('orders_billing_email_lower_idx').on(sql`lower(${table.billingEmail})`),
    // The staff list's search is a case-insensitive "contains" (ILIKE '%…%'), which only trigram
    // indexes serve. pg_trgm lives in the public schema (migration 0003).
    index('orders_application_id_trgm_idx').using('gin', table.applicationId.op('gin_trgm_ops')),
    index('orders_billing_email_trgm_idx').using('gin', table.billingEmail.op('gin_trgm_ops')),
    index('orders_company_name_trgm_idx').using('gin', sql`(${table.formData} -> 'company' ->> 'companyName') gin_trgm_ops`),
    // The purge job's closed orders whose retention window may have passed (migration 0016).
    index('orders_pii_retention_idx')
      .on(sql`(coalesce(${table.completedAt}, ${table.updatedAt}))`, table.id)
      .where(sql`${table.status} IN ('completed', 'cancelled') AND ${table.personalDataErasedAt} IS NULL`),
    // The dashboard's refresh: the EINs and disputes of its recent days (migration 0029).
    index('orders_completed_at_idx').on(table.completedAt).where(sql`${table.completedAt} IS NOT NULL`),
    index('orders_disputed_at_idx').on(table.disputedAt).where(sql`${table.disputedAt} IS NOT NULL`),
  ],
);

/**
 * Orders counted by assignee ('' for none), stored status and priority. Kept by triggers on `orders`
 * in the same transaction as every insert, update and delete (migration 0010); read by the staff
 * list's counters and totals and by the users' active-order counts.
 */
export const orderCounters = pgTable(
  'order_counters',
  {
    assignee: text('assignee').notNull().default(''),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    orders: integer('orders').notNull(),
  },
  (table) => [primaryKey({ name: 'order_counters_pkey', columns: [table.assignee, table.status, table.priority] })],
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

/** The built-in test processor's webhooks until delivered, so a restart does not lose them. */
export const testPaymentWebhooks = pgTable(
  'test_payment_webhooks',
  {
    eventId: text('event_id').primaryKey(),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('test_payment_webhooks_pending_idx').on(table.nextAttemptAt).where(sql`${table.deliveredAt} IS NULL`)],
);

/**
 * Every e-mail the service sends: written in the same transaction as the event that causes it, sent
 * by the outbox worker (`src/server/email/outbox.ts`) with retries. `queued` until sent or given up
 * (`failed`); a claim (`claimed_until`) expires, so a crash mid-send only delays the message.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    /** The `Message-ID` header, the same on every attempt, so a receiver can recognise a resend. */
    messageId: text('message_id').notNull().unique(),
    kind: text('kind').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The `Reply-To` header: the support address on every customer e-mail; null for staff notices. */
    replyTo: text('reply_to'),
    /** The body holds a secret (a signing link): it is erased once the message has been sent. */
    eraseBodyWhenSent: boolean('erase_body_when_sent').notNull().default(false),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'queued'`),
    index('email_outbox_order_id_idx').on(table.orderId),
    // The purge job's copies of finished e-mails (migration 0016).
    index('email_outbox_retention_idx').on(sql`(coalesce(${table.sentAt}, ${table.createdAt}))`, table.id).where(sql`${table.status} IN ('sent', 'failed')`),
  ],
);

/** Request counters for rate limits, shared by every app instance. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// Staff accounts: Better Auth's four tables with the admin plugin's columns (role, banned = suspended)
// and the panel's own fields. Column names follow the rest of the database (snake_case).

/** A staff member: `role` one of the permission map's roles (`staffRoleTable`); `banned` means suspended. */
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role'),
  banned: boolean('banned').notNull().default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  notificationEnabled: boolean('notification_enabled').notNull().default(true),
  priorityFulfiller: boolean('priority_fulfiller').notNull().default(false),
  /** Enrolled in two-factor sign-in (Better Auth's two-factor plugin sets it once the first code is confirmed). */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /** The password was set by someone else (an admin, or generated): the member must choose a new one. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** Receives the alert e-mails (only a member who may read alerts gets them); changed on My Account (migration 0028). */
  alertEmails: boolean('alert_emails').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A signed-in browser; the cookie holds the token. */
export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    /** When this browser last gave a two-factor code (sign-in, enrolment or step-up); null: never. */
    twoFactorVerifiedAt: timestamp('two_factor_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

/** How a staff member signs in; for e-mail and password, `password` holds the argon2id hash. */
export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

/** Better Auth's one-time values (unused by e-mail and password sign-in, kept for its adapter). */
export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's authenticator (Better Auth's two-factor plugin): the TOTP secret, encrypted with the
 * auth secret, and the unused recovery codes, stored as keyed hashes (decision 024).
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [uniqueIndex('two_factor_user_id_idx').on(table.userId)],
);

/**
 * Authenticator codes already accepted (decision 038): a code counts only once its (member, code, time
 * step) row is inserted here, so the same code is never accepted twice, whatever the number of
 * processes. Rows go once the code's validity window has passed.
 */
export const twoFactorCodeClaims = pgTable(
  'two_factor_code_claims',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The code's 30-second step (seconds since 1970 divided by 30). */
    timeStep: bigint('time_step', { mode: 'number' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'two_factor_code_claims_pkey', columns: [table.userId, table.code, table.timeStep] }),
    index('two_factor_code_claims_claimed_at_idx').on(table.claimedAt),
  ],
);

/** Every status change of an order, written in the same transaction as the change. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** The staff member; null for the customer, the system (`changedBySystem`) or a deleted account. */
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    /** The customer made the change (signing the SS-4); `changedBy` is then null. */
    changedByCustomer: boolean('changed_by_customer').notNull().default(false),
    /** The part of the service that made the change on its own (src/shared/orders/status-changers.ts); null for staff or the customer. */
    changedBySystem: text('changed_by_system'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_status_history_order_id_idx').on(table.orderId, table.changedAt),
    // The dashboard's refresh: the status changes of its recent days (migration 0029).
    index('order_status_history_changed_at_idx').on(table.changedAt),
  ],
);

/** Staff comments on an order; the author becomes null when their account is deleted ("Unknown User"). */
export const orderComments = pgTable(
  'order_comments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    commentText: text('comment_text').notNull(),
    /** Written for the customer's own action (signing the SS-4); `userId` is then null. */
    byCustomer: boolean('by_customer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_comments_order_id_created_at_idx').on(table.orderId, table.createdAt.desc())],
);

/**
 * Who did what, kept after the account is gone: the actor's id and e-mail are copied, not referenced.
 * `target` names the object (`order:12`, `user:abc`, an e-mail for a failed sign-in).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Each filter of the audit trail screen, then its keyset order (at, id): migration 0009.
  (table) => [
    index('audit_log_at_id_idx').on(table.at.desc(), table.id.desc()),
    index('audit_log_action_at_id_idx').on(table.action, table.at.desc(), table.id.desc()),
    index('audit_log_actor_id_at_id_idx').on(table.actorId, table.at.desc(), table.id.desc()),
    index('audit_log_target_at_id_idx').on(table.target, table.at.desc(), table.id.desc()),
  ],
);

/**
 * A link that asks the customer to sign the order's Form SS-4 (decision 022). The token is kept only
 * as its SHA-256. `status`: sent, verified (the SSN question answered), signed, locked (five wrong
 * answers) or voided (a newer request replaced it); expiry is read from `expires_at`.
 */
export const signingRequests = pgTable(
  'signing_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status').notNull().default('sent'),
    signerEmail: text('signer_email').notNull(),
    /** The staff member who sent it; null when the status change sent it and nobody is known, or the account is gone. */
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    /** The verified browser's cookie value, encrypted with the data key. */
    sessionSecret: text('session_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    remindersSent: integer('reminders_sent').notNull().default(0),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signerName: text('signer_name'),
    signerTitle: text('signer_title'),
    signerIp: text('signer_ip'),
    signerUserAgent: text('signer_user_agent'),
    signatureKind: text('signature_kind'),
    consents: jsonb('consents').$type<Record<string, { version: string; text: string }>>(),
    /** SHA-256 (hex) of the unsigned render the signer reviewed and signed. */
    unsignedSha256: text('unsigned_sha256'),
    signedSha256: text('signed_sha256'),
    /** The signed PDF, base64 inside the field cipher's envelope. */
    signedPdf: text('signed_pdf'),
  },
  (table) => [
    index('signing_requests_order_id_created_at_idx').on(table.orderId, table.createdAt),
    index('signing_requests_reminder_due_idx')
      .on(table.createdAt)
      .where(sql`${table.status} in ('sent', 'verified') and ${table.remindersSent} = 0`),
  ],
);

/**
 * Money given back on an order (decision 026): one row per refund, whoever asked for it. `state`
 * follows the provider's refund: pending (asked, not yet confirmed), succeeded, failed. A pending
 * refund already counts against what may still be refunded. `source`: staff (the order page),
 * customer (the one-hour cancellation) or provider (made in the provider's dashboard).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    state: text('state').notNull().default('pending'),
    source: text('source').notNull(),
    /** The provider's refund id (`re_…`) once it answered. */
    providerRefundId: text('provider_refund_id').unique(),
    /** Sent with the provider call, so a repeated call makes one refund. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    failureMessage: text('failure_message'),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refunds_order_id_idx').on(table.orderId),
    check('refunds_amount_positive', sql`${table.amountCents} > 0`),
    // The dashboard's refresh: the refunds of its recent days (migration 0029).
    index('refunds_updated_at_idx').on(table.updatedAt).where(sql`${table.state} = 'succeeded'`),
  ],
);

/** The customer's one-hour cancellation links; the token is kept only as its SHA-256. */
export const cancellationLinks = pgTable(
  'cancellation_links',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cancellation_links_order_id_idx').on(table.orderId)],
);

/**
 * Links that deliver one document of an order to the customer (decision 037): the sealed signed SS-4
 * first. The token is kept only as its SHA-256; the browser that answered the SSN question holds the
 * session secret (encrypted here with the data key); five wrong answers lock the link.
 */
export const customerDocumentLinks = pgTable(
  'customer_document_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which document (`signed_ss4`, …): src/shared/documents/documents.ts lists the kinds. */
    kind: text('kind').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The document within its kind (for a signed SS-4, its signing request). */
    documentId: text('document_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    sessionSecret: text('session_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastDownloadedAt: timestamp('last_downloaded_at', { withTimezone: true }),
  },
  (table) => [index('customer_document_links_order_id_idx').on(table.orderId), index('customer_document_links_expires_at_idx').on(table.expiresAt)],
);

/**
 * The code a customer link e-mails to a responsible party with neither an SSN nor an ITIN, one row per
 * link (`link_kind` `signing` or `document`, `link_id` that row's id); a new code replaces the last.
 * `code_hash` is an HMAC keyed with the link's session secret, never the code.
 */
export const linkCodes = pgTable(
  'link_codes',
  {
    linkId: uuid('link_id').primaryKey(),
    linkKind: text('link_kind').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    codesSent: integer('codes_sent').notNull().default(1),
  },
  (table) => [index('link_codes_order_id_idx').on(table.orderId)],
);

/** The built-in test processor's refunds (used only when no Stripe keys are set). */
export const testPaymentRefunds = pgTable('test_payment_refunds', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id')
    .notNull()
    .references(() => testPaymentIntents.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').notNull(),
  idempotencyKey: text('idempotency_key').unique(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The built-in test processor's disputes (chargebacks), opened as Stripe's test cards open them. */
export const testPaymentDisputes = pgTable('test_payment_disputes', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id')
    .notNull()
    .references(() => testPaymentIntents.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Filings of an order with the IRS (decision 043), by fax (its own outbox: claimed, sent, retried,
 * `attempt_key` naming each attempt at the provider) or online by staff.
 */
export const filings = pgTable(
  'filings',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    status: text('status').notNull(),
    /** The opaque reference printed on every page faxed, which the IRS's answer carries back. */
    reference: text('reference').unique(),
    toNumber: text('to_number'),
    fromNumber: text('from_number'),
    provider: text('provider'),
    providerFaxId: text('provider_fax_id').unique(),
    attemptKey: text('attempt_key'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    pages: integer('pages'),
    failureReason: text('failure_reason'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    holdReason: text('hold_reason'),
    /** The keyed hash of the responsible party's SSN or ITIN: the IRS's one EIN a day per party. */
    responsiblePartyKey: text('responsible_party_key'),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('filings_order_id_idx').on(table.orderId),
    index('filings_due_idx').on(table.nextAttemptAt).where(sql`${table.status} IN ('queued', 'held')`),
    index('filings_responsible_party_sent_idx').on(table.responsiblePartyKey, table.sentAt),
    index('filings_awaiting_answer_idx').on(table.deliveredAt).where(sql`${table.status} = 'delivered' AND ${table.answeredAt} IS NULL`),
    check('filings_method_check', sql`${table.method} IN ('fax', 'online')`),
    // The dashboard's refresh: the faxes delivered and given up on its recent days (migration 0029).
    index('filings_delivered_at_idx').on(table.deliveredAt).where(sql`${table.method} = 'fax' AND ${table.deliveredAt} IS NOT NULL`),
    index('filings_given_up_idx').on(table.updatedAt).where(sql`${table.method} = 'fax' AND ${table.status} = 'failed'`),
  ],
);

/** A document a fax provider fetches to send it, behind a short-lived token kept as its SHA-256. */
export const faxMedia = pgTable('fax_media', {
  tokenHash: text('token_hash').primaryKey(),
  filingId: integer('filing_id')
    .notNull()
    .references(() => filings.id, { onDelete: 'cascade' }),
  /** The stamped PDF, base64 inside the field cipher's envelope. */
  document: text('document').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every fax received: encrypted, attached to nothing until it is matched to a filing. */
export const inboundFaxes = pgTable(
  'inbound_faxes',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    providerFaxId: text('provider_fax_id').notNull(),
    fromNumber: text('from_number'),
    toNumber: text('to_number'),
    pages: integer('pages'),
    /** The received PDF, base64 inside the field cipher's envelope; null once erased. */
    document: text('document'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('received'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    filingId: integer('filing_id').references(() => filings.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    readReferences: jsonb('read_references').$type<string[]>(),
    referenceSource: text('reference_source'),
    readEin: text('read_ein'),
    readError: text('read_error'),
    readAt: timestamp('read_at', { withTimezone: true }),
    matchMethod: text('match_method'),
    confirmedBy: text('confirmed_by').references(() => user.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('inbound_faxes_provider_fax_id_unique').on(table.provider, table.providerFaxId),
    index('inbound_faxes_status_received_idx').on(table.status, table.receivedAt),
    index('inbound_faxes_order_id_idx').on(table.orderId),
  ],
);

/** The IRS's letter on an order: its fax-back, or the CP 575 staff upload after filing online. */
export const irsLetters = pgTable(
  'irs_letters',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    filingId: integer('filing_id').references(() => filings.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    inboundFaxId: integer('inbound_fax_id').references(() => inboundFaxes.id, { onDelete: 'set null' }),
    /** The letter's PDF, base64 inside the field cipher's envelope; null once erased. */
    document: text('document'),
    pages: integer('pages'),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('irs_letters_order_id_idx').on(table.orderId), check('irs_letters_source_check', sql`${table.source} IN ('fax', 'upload')`)],
);

/** The built-in test transport's faxes: what a provider holds, so its reports survive a restart. */
export const testFaxes = pgTable(
  'test_faxes',
  {
    id: text('id').primaryKey(),
    direction: text('direction').notNull(),
    status: text('status').notNull(),
    toNumber: text('to_number').notNull(),
    fromNumber: text('from_number').notNull(),
    pages: integer('pages'),
    failureReason: text('failure_reason'),
    clientState: text('client_state'),
    /** When its next status is reported (delivered, failed, or received for an incoming fax). */
    reportAt: timestamp('report_at', { withTimezone: true }),
    /** When the simulated IRS answers this fax (one it received). */
    irsReplyAt: timestamp('irs_reply_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('test_faxes_report_idx').on(table.reportAt), index('test_faxes_irs_reply_idx').on(table.irsReplyAt), index('test_faxes_client_state_idx').on(table.clientState)],
);

/**
 * One occurrence of an alert's condition (decision 065): opened by the check that first finds it,
 * closed by the one that finds it gone, each with its e-mail in the same transaction. Only one
 * occurrence of a condition is open at a time (the partial unique index).
 */
export const alertOccurrences = pgTable(
  'alert_occurrences',
  {
    id: serial('id').primaryKey(),
    /** The condition (`AlertKey`). */
    key: text('key').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The orders it names, by tracking number only, as last measured. */
    trackingNumbers: jsonb('tracking_numbers').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** What was measured, as last checked: a count or minutes, by condition. */
    measured: integer('measured'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('alert_occurrences_open_key_idx').on(table.key).where(sql`${table.endedAt} IS NULL`), index('alert_occurrences_started_at_idx').on(table.startedAt)],
);

/** When each background job last completed: the jobs-stopped alert reads it from outside the job runner. */
export const jobHeartbeats = pgTable('job_heartbeats', {
  job: text('job').primaryKey(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
});

/**
 * The dashboard's figures per Eastern day and assignee ('' for none), each event counted on the day it
 * happened (migration 0029, decision 066): written only by the refresh (src/server/dashboard).
 */
export const dashboardDays = pgTable(
  'dashboard_days',
  {
    day: date('day').notNull(),
    assignee: text('assignee').notNull().default(''),
    checkoutsStarted: integer('checkouts_started').notNull().default(0),
    paidOrders: integer('paid_orders').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
    refunds: integer('refunds').notNull().default(0),
    refundedOrders: integer('refunded_orders').notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    disputes: integer('disputes').notNull().default(0),
    enteredAwaitingSignature: integer('entered_awaiting_signature').notNull().default(0),
    enteredAwaitingFiling: integer('entered_awaiting_filing').notNull().default(0),
    enteredAtIrs: integer('entered_at_irs').notNull().default(0),
    enteredOverdue: integer('entered_overdue').notNull().default(0),
    enteredCompleted: integer('entered_completed').notNull().default(0),
    faxFirstTime: integer('fax_first_time').notNull().default(0),
    faxAfterRetries: integer('fax_after_retries').notNull().default(0),
    faxGivenUp: integer('fax_given_up').notNull().default(0),
    faxbacksAutomatic: integer('faxbacks_automatic').notNull().default(0),
    faxbacksByHand: integer('faxbacks_by_hand').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'dashboard_days_pkey', columns: [table.day, table.assignee] })],
);

/** Per Eastern week (its Monday), assignee ('*' for every order) and filing method: the hours from payment to EIN. */
export const dashboardWeeks = pgTable(
  'dashboard_weeks',
  {
    week: date('week').notNull(),
    assignee: text('assignee').notNull(),
    method: text('method').notNull(),
    orders: integer('orders').notNull(),
    medianHours: doublePrecision('median_hours').notNull(),
    p90Hours: doublePrecision('p90_hours').notNull(),
  },
  (table) => [primaryKey({ name: 'dashboard_weeks_pkey', columns: [table.week, table.assignee, table.method] })],
);

/** When the dashboard's figures were last computed (`refreshed_at`), and last computed for their whole window (`rebuilt_at`). */
export const dashboardRefreshes = pgTable(
  'dashboard_refreshes',
  {
    id: integer('id').primaryKey(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
    rebuiltAt: timestamp('rebuilt_at', { withTimezone: true }).notNull(),
  },
  () => [check('dashboard_refreshes_single_row', sql`"id" = 1`)],
);
