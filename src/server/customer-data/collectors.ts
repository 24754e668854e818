import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { readOrderSsn, type FieldCipher } from '../encryption';
import { ssnFields } from '#shared/application/contact.ts';
import { maskSsn } from '#shared/ss4/ss4-mapping.ts';
import { checkoutIdSet, orderIdSet, type Customer } from './find-customer';

// What a customer's export holds, one collector per table. A table that comes to hold something about
// customers gets one entry here (its rows for the customer's orders or checkouts, secrets left out),
// and the export, the lookup's counts and the screen follow.

export type CollectorContext = { db: Db; cipher: FieldCipher; customer: Customer };

export type DataCollector = {
  /** The key in the export's `data`, and the count's name on the screen. */
  name: string;
  collect: (context: CollectorContext) => Promise<Record<string, unknown>[]>;
};

/** The stored application with each SSN shown as its last four digits only. */
function maskedApplication(formData: unknown, cipher: FieldCipher): unknown {
  if (formData === null || typeof formData !== 'object') return formData;
  const application = formData as Record<string, unknown>;
  const contact = application.contact;
  if (contact === null || typeof contact !== 'object') return application;
  const masked: Record<string, unknown> = { ...(contact as Record<string, unknown>) };
  for (const field of ssnFields) {
    if (!(field in masked)) continue;
    const ssn = readOrderSsn(application, cipher, field);
    masked[field] = ssn.kind === 'readable' ? maskSsn(ssn.plain) : ssn.kind === 'unreadable' ? '(held, encrypted)' : null;
  }
  return { ...application, contact: masked };
}

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  return (await db.execute<Record<string, unknown>>(query)).rows;
}

export const customerDataCollectors: DataCollector[] = [
  {
    name: 'orders',
    collect: async ({ db, cipher, customer }) =>
      customer.orderIds.length === 0
        ? []
        : (
            await rows(
              db,
              sql`select id, application_id as order_number, billing_email, amount as amount_cents, currency, payment_status, payment_method,
                         status, priority, create_date, due_date, completed_at, ein, ein_last_four, notes, dispute_status, disputed_at, personal_data_erased_at,
                         form_data as application
                  from orders where id in ${orderIdSet(customer.orderIds)} order by id`,
            )
          ).map((row) => ({ ...row, application: maskedApplication(row.application, cipher) })),
  },
  {
    name: 'checkouts',
    collect: async ({ db, cipher, customer }) =>
      customer.checkoutIds.length === 0
        ? []
        : (
            await rows(
              db,
              sql`select id, tracking_number, email, amount_cents, currency, payment_provider, payment_intent_id, status, created_at, updated_at, purged_at,
                         form_data as application
                  from checkouts where id in ${checkoutIdSet(customer.checkoutIds)} order by created_at, id`,
            )
          ).map((row) => ({ ...row, application: maskedApplication(row.application, cipher) })),
  },
  {
    name: 'orderStatusHistory',
    collect: ({ db, customer }) =>
      customer.orderIds.length === 0
        ? Promise.resolve([])
        : rows(db, sql`select order_id, from_status, to_status, changed_by_customer, changed_at from order_status_history where order_id in ${orderIdSet(customer.orderIds)} order by changed_at, id`),
  },
  {
    name: 'orderComments',
    collect: ({ db, customer }) =>
      customer.orderIds.length === 0
        ? Promise.resolve([])
        : rows(db, sql`select order_id, comment_text, by_customer, created_at from order_comments where order_id in ${orderIdSet(customer.orderIds)} order by created_at, id`),
  },
  {
    name: 'emails',
    collect: ({ db, customer }) =>
      rows(
        db,
        sql`select order_id, kind, to_address, subject, text_body, status, attempts, sent_at, created_at from email_outbox
            where ${customer.orderIds.length === 0 ? sql`false` : sql`order_id in ${orderIdSet(customer.orderIds)}`} or lower(to_address) = ${customer.email}
            order by created_at, id`,
      ),
  },
  {
    // The signature's record; the signed PDF itself (which holds the SSN) and the link's secrets stay out.
    name: 'signatures',
    collect: ({ db, customer }) =>
      customer.orderIds.length === 0
        ? Promise.resolve([])
        : rows(
            db,
            sql`select order_id, status, signer_email, created_at, expires_at, verified_at, signed_at, signer_name, signer_title, signer_ip, signer_user_agent,
                       signature_kind, consents, signed_sha256, (signed_pdf is not null) as signed_pdf_held
                from signing_requests where order_id in ${orderIdSet(customer.orderIds)} order by created_at, id`,
          ),
  },
  {
    // The links that delivered documents to the customer (decision 037): which, when, and whether they
    // were opened; the token's hash and the browser's secret stay out.
    name: 'documentLinks',
    collect: ({ db, customer }) =>
      customer.orderIds.length === 0
        ? Promise.resolve([])
        : rows(
            db,
            sql`select order_id, kind, created_at, expires_at, verified_at, failed_attempts, locked_at, last_downloaded_at
                from customer_document_links where order_id in ${orderIdSet(customer.orderIds)} order by created_at, id`,
          ),
  },
  {
    // Each refund of the customer's orders: what was given back, when, why, and the provider's reference.
    name: 'refunds',
    collect: ({ db, customer }) =>
      customer.orderIds.length === 0
        ? Promise.resolve([])
        : rows(
            db,
            sql`select order_id, amount_cents, reason, note, state, source, provider_refund_id, created_at, updated_at
                from refunds where order_id in ${orderIdSet(customer.orderIds)} order by created_at, id`,
          ),
  },
];

/** Every collector's rows, by name. */
export async function collectCustomerData(context: CollectorContext): Promise<Record<string, Record<string, unknown>[]>> {
  const data: Record<string, Record<string, unknown>[]> = {};
  for (const collector of customerDataCollectors) data[collector.name] = await collector.collect(context);
  return data;
}
