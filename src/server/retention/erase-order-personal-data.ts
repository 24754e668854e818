import { sql } from 'drizzle-orm';
import type { Db } from '../db';

/** What one erasure removed, by kind. */
export type ErasedOrders = { orders: number; signingRequests: number; documentLinks: number; emails: number; comments: number };

/**
 * Erases the personal data of the given orders and keeps what bookkeeping needs (decision 027): the
 * order row with its number, amount, currency, payment reference, status, priority and dates, the
 * status history, and the EIN's last four digits. Gone: the application (every SSN with it), the
 * e-mail address, the notes, the full EIN, the checkout's copy of the application, the signing
 * requests (the signed SS-4, the signer's name, address and browser), the customer's document links
 * and the codes e-mailed for them,
 * the e-mails about the order, the staff comments, the IRS's letters and the faxes received for it,
 * the documents a fax provider could still fetch, and the responsible party's key on its filings (the
 * filings themselves stay). Run inside the caller's transaction, with its audit row; repeating it is harmless.
 */
export async function eraseOrderPersonalData(tx: Pick<Db, 'execute'>, orderIds: readonly number[]): Promise<ErasedOrders> {
  if (orderIds.length === 0) return { orders: 0, signingRequests: 0, documentLinks: 0, emails: 0, comments: 0 };
  const ids = sql`(select unnest(${`{${orderIds.map((id) => Math.trunc(id)).join(',')}}`}::int[]))`;
  const count = async (query: ReturnType<typeof sql>) => (await tx.execute(sql`${query} returning 1`)).rows.length;

  const signingRequests = await count(sql`delete from signing_requests where order_id in ${ids}`);
  const documentLinks = await count(sql`delete from customer_document_links where order_id in ${ids}`);
  await tx.execute(sql`delete from link_codes where order_id in ${ids}`);
  const emails = await count(sql`delete from email_outbox where order_id in ${ids}`);
  const comments = await count(sql`delete from order_comments where order_id in ${ids}`);
  await tx.execute(sql`delete from irs_letters where order_id in ${ids}`);
  await tx.execute(sql`delete from inbound_faxes where order_id in ${ids}`);
  await tx.execute(sql`delete from fax_media where filing_id in (select id from filings where order_id in ${ids})`);
  await tx.execute(sql`update filings set responsible_party_key = null where order_id in ${ids}`);
  // A refund stays for the books (amount, state, provider reference); its free-text note may name people.
  await tx.execute(sql`update refunds set note = '' where order_id in ${ids}`);
  await tx.execute(sql`
    update checkouts set form_data = '{}'::jsonb, email = '', duplicate_key = null, purged_at = coalesce(purged_at, now())
    where id in (select checkout_id from orders where id in ${ids})`);
  const orders = await count(sql`
    update orders
    set form_data = '{}'::jsonb, billing_email = '', notes = '', hold_reason = null, ein = null,
        ein_last_four = coalesce(right(regexp_replace(ein, '[^0-9]', '', 'g'), 4), ein_last_four),
        personal_data_erased_at = coalesce(personal_data_erased_at, now())
    where id in ${ids}`);
  return { orders, signingRequests, documentLinks, emails, comments };
}
