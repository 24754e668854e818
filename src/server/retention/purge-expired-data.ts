import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit';
import { mailFolder, removeMailCopies } from '../email';
import type { Services } from '../contracts';
import { eraseOrderPersonalData } from './erase-order-personal-data';

/** How long a claimed authenticator code is kept: well past the 90 seconds in which it is valid. */
const codeClaimKeepMs = 10 * 60 * 1000;

// The retention rules (decision 027), applied by one job at start-up and every PURGE_INTERVAL_SECONDS:
// - an unpaid checkout untouched for UNPAID_CHECKOUT_RETENTION_HOURS loses its application (SSNs
//   included) and e-mail; its payment intent is canceled first, so no later confirmation can charge it;
// - a completed or cancelled order loses its personal data ORDER_PII_RETENTION_DAYS after it closed,
//   keeping its bookkeeping (eraseOrderPersonalData);
// - copies of e-mails (finished outbox rows, `.eml` files) go MAIL_RETENTION_DAYS after sending;
// - a customer document link goes when it expires (its document stays with the order, decision 037),
//   and a claimed authenticator code once its validity window has passed (decision 038).
// Work is done in batches, each in its own statements, so a pass never holds many rows locked, and a
// pass that stops halfway is finished by the next. Safe to run on several instances at once.

export type PurgeCounts = {
  /** Unpaid checkouts whose application was erased. */
  checkouts: number;
  /** Unpaid checkouts past their window whose payment had already succeeded: left for the reconciliation. */
  checkoutsPaidMeanwhile: number;
  /** Their ids, for the job to make their orders (not written to the audit row). */
  paidCheckoutIds: string[];
  /** Orders whose personal data was erased. */
  orders: number;
  signingRequests: number;
  /** Customer document links removed: those of erased orders and the expired ones. */
  documentLinks: number;
  /** Claimed authenticator codes past their validity window. */
  codeClaims: number;
  comments: number;
  /** Outbox rows removed: those of erased orders and the finished ones past the mail window. */
  emails: number;
  /** `.eml` files removed. */
  mailFiles: number;
};

export type PurgeOptions = {
  services: Pick<Services, 'database' | 'provider' | 'env'>;
  log: FastifyBaseLogger;
  /** Rows per batch. */
  batchSize?: number;
  /** The clock (tests move it). */
  now?: Date;
};

const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3600 * 1000);

export async function purgeExpiredData({ services, log, batchSize = 1000, now = new Date() }: PurgeOptions): Promise<PurgeCounts> {
  const { env } = services;
  const counts: PurgeCounts = {
    checkouts: 0,
    checkoutsPaidMeanwhile: 0,
    paidCheckoutIds: [],
    orders: 0,
    signingRequests: 0,
    documentLinks: 0,
    codeClaims: 0,
    comments: 0,
    emails: 0,
    mailFiles: 0,
  };

  const checkouts = await purgeUnpaidCheckouts(services, hoursBefore(now, env.UNPAID_CHECKOUT_RETENTION_HOURS), batchSize);
  counts.checkouts = checkouts.purged;
  counts.checkoutsPaidMeanwhile = checkouts.paidMeanwhile.length;
  counts.paidCheckoutIds = checkouts.paidMeanwhile;

  const orders = await eraseClosedOrders(services, hoursBefore(now, env.ORDER_PII_RETENTION_DAYS * 24), batchSize);
  counts.orders = orders.orders;
  counts.signingRequests = orders.signingRequests;
  counts.documentLinks = orders.documentLinks + (await deleteExpiredDocumentLinks(services, now, batchSize));
  counts.codeClaims = await deleteSpentCodeClaims(services, now);
  counts.comments = orders.comments;
  counts.emails = orders.emails;

  const mailCutoff = hoursBefore(now, env.MAIL_RETENTION_DAYS * 24);
  counts.emails += await deleteFinishedEmails(services, mailCutoff, batchSize);
  counts.mailFiles = await removeMailCopies(mailFolder(env), (copy) => Promise.resolve(copy.modifiedAt < mailCutoff), log);

  // One row per run, whatever it found: the trail shows that the rules are applied.
  const { paidCheckoutIds: _ids, ...audited } = counts;
  await recordAudit(services.database.db, {
    actor: null,
    action: 'data_purged',
    detail: {
      ...audited,
      windows: { unpaidCheckoutHours: env.UNPAID_CHECKOUT_RETENTION_HOURS, orderDays: env.ORDER_PII_RETENTION_DAYS, mailDays: env.MAIL_RETENTION_DAYS },
    },
  });
  if (counts.checkoutsPaidMeanwhile > 0) log.warn({ checkouts: counts.checkoutsPaidMeanwhile }, 'expired checkouts whose payment succeeded were kept for the reconciliation');
  return counts;
}

type Candidate = { id: string; payment_intent_id: string | null; updated_at: string | Date };

async function purgeUnpaidCheckouts(services: PurgeOptions['services'], cutoff: Date, batchSize: number): Promise<{ purged: number; paidMeanwhile: string[] }> {
  const { db } = services.database;
  let purged = 0;
  const paidMeanwhile: string[] = [];
  let after: { updatedAt: string; id: string } | null = null;
  for (;;) {
    const result: { rows: Candidate[] } = await db.execute<Candidate>(sql`
      select id, payment_intent_id, updated_at from checkouts
      where status = 'open' and purged_at is null and updated_at < ${cutoff.toISOString()}::timestamptz
        ${after ? sql`and (updated_at, id) > (${after.updatedAt}::timestamptz, ${after.id}::uuid)` : sql``}
      order by updated_at, id
      limit ${batchSize}`);
    const batch: Candidate[] = result.rows;
    if (batch.length === 0) break;
    const last: Candidate = batch[batch.length - 1]!;
    after = { updatedAt: new Date(last.updated_at).toISOString(), id: last.id };

    // Cancel first: once canceled, no confirmation can charge the intent, so erasing is safe. An
    // intent that already succeeded (or is on its way) is left alone: its order is about to be made.
    const intentIds = batch.flatMap((row) => (row.payment_intent_id ? [row.payment_intent_id] : []));
    const statuses = await services.provider.cancelPaymentIntents(intentIds);
    const erasable = batch.filter((row) => {
      const status = row.payment_intent_id ? statuses.get(row.payment_intent_id) : undefined;
      return status === undefined || status === 'canceled';
    });
    paidMeanwhile.push(...batch.filter((row) => !erasable.includes(row)).map((row) => row.id));
    if (erasable.length > 0) {
      // Only if untouched since it was read: a customer who came back meanwhile keeps the checkout
      // (its canceled intent is replaced at their next attempt).
      const erased = await db.execute(sql`
        update checkouts set form_data = '{}'::jsonb, email = '', duplicate_key = null, status = 'purged', purged_at = now()
        where id = any(${`{${erasable.map((row) => row.id).join(',')}}`}::uuid[])
          and status = 'open' and purged_at is null and updated_at < ${cutoff.toISOString()}::timestamptz
        returning 1`);
      purged += erased.rows.length;
    }
    if (batch.length < batchSize) break;
  }
  return { purged, paidMeanwhile };
}

async function eraseClosedOrders(services: PurgeOptions['services'], cutoff: Date, batchSize: number) {
  const { db } = services.database;
  const totals = { orders: 0, signingRequests: 0, documentLinks: 0, emails: 0, comments: 0 };
  for (;;) {
    const erased = await db.transaction(async (tx) => {
      // Locked, and read again under the lock: an order reopened meanwhile is not erased.
      const due = await tx.execute<{ id: number }>(sql`
        select id from orders
        where status in ('completed', 'cancelled') and personal_data_erased_at is null
          and coalesce(completed_at, updated_at) < ${cutoff.toISOString()}::timestamptz
        order by coalesce(completed_at, updated_at), id
        limit ${batchSize}
        for update skip locked`);
      const ids = due.rows.map((row) => Number(row.id));
      return { found: ids.length, ...(await eraseOrderPersonalData(tx, ids)) };
    });
    totals.orders += erased.orders;
    totals.signingRequests += erased.signingRequests;
    totals.documentLinks += erased.documentLinks;
    totals.emails += erased.emails;
    totals.comments += erased.comments;
    if (erased.found < batchSize) break;
  }
  return totals;
}

async function deleteFinishedEmails(services: PurgeOptions['services'], cutoff: Date, batchSize: number): Promise<number> {
  const { db } = services.database;
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from email_outbox where id in (
        select id from email_outbox
        where status in ('sent', 'failed') and coalesce(sent_at, created_at) < ${cutoff.toISOString()}::timestamptz
        order by coalesce(sent_at, created_at), id
        limit ${batchSize})
      returning 1`);
    deleted += result.rows.length;
    if (result.rows.length < batchSize) break;
  }
  return deleted;
}


async function deleteExpiredDocumentLinks(services: PurgeOptions['services'], now: Date, batchSize: number): Promise<number> {
  const { db } = services.database;
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from customer_document_links where id in (
        select id from customer_document_links where expires_at <= ${now.toISOString()}::timestamptz order by expires_at, id limit ${batchSize})
      returning 1`);
    deleted += result.rows.length;
    if (result.rows.length < batchSize) break;
  }
  return deleted;
}

/** A claimed code is kept while it could still be accepted: its step and the one after (decision 038). */
async function deleteSpentCodeClaims(services: PurgeOptions['services'], now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - codeClaimKeepMs);
  const result = await services.database.db.execute(sql`delete from two_factor_code_claims where claimed_at < ${cutoff.toISOString()}::timestamptz returning 1`);
  return result.rows.length;
}
