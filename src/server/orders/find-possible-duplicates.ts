import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { checkouts, orders, refunds, type Db } from '../db';
import type { PossibleDuplicate } from '#shared/fulfilment/orders.ts';
import { duplicateWindowDays } from '#shared/checkout/checkout.ts';

// The orders of the same application (decision 041): what the order page flags, and what a refund of
// an order as a duplicate is checked against. The key is written by checkout (duplicate-applications.ts).

type Reader = Pick<Db, 'select'>;

/** The other orders whose application shares the order's key, paid within 30 days of it, oldest first. */
export async function findPossibleDuplicates(db: Reader, orderId: number): Promise<PossibleDuplicate[]> {
  const own = alias(checkouts, 'own_checkout');
  const ownOrder = alias(orders, 'own_order');
  const rows = await db
    .select({ id: orders.id, applicationId: orders.applicationId, createDate: orders.createDate, paymentStatus: orders.paymentStatus })
    .from(ownOrder)
    .innerJoin(own, eq(own.id, ownOrder.checkoutId))
    .innerJoin(checkouts, and(eq(checkouts.duplicateKey, own.duplicateKey), ne(checkouts.id, own.id)))
    .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
    .where(
      and(
        eq(ownOrder.id, orderId),
        sql`${orders.createDate} between ${ownOrder.createDate} - make_interval(days => ${duplicateWindowDays}) and ${ownOrder.createDate} + make_interval(days => ${duplicateWindowDays})`,
      ),
    )
    .orderBy(orders.createDate, orders.id);
  return rows.map((row) => ({ id: row.id, applicationId: row.applicationId, createDate: row.createDate.toISOString(), paymentStatus: row.paymentStatus }));
}

/**
 * The other orders of the order's application as a refund of it as a duplicate must see them, inside
 * the refund's transaction: each counted as refunded once its refunds made or still pending cover its
 * payment (a refund asked a moment ago is not yet on the order). An advisory lock on the application's
 * key, held to the end of the transaction, serialises these refunds, so two admins refunding both
 * orders as each other's duplicate at once are taken one after the other: the second sees the first.
 */
export async function lockDuplicatesForRefund(tx: Pick<Db, 'select' | 'execute'>, orderId: number): Promise<PossibleDuplicate[]> {
  const [own] = await tx.select({ key: checkouts.duplicateKey }).from(orders).innerJoin(checkouts, eq(checkouts.id, orders.checkoutId)).where(eq(orders.id, orderId));
  if (!own?.key) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`duplicate:${own.key}`}))`);
  const duplicates = await findPossibleDuplicates(tx, orderId);
  if (duplicates.length === 0) return [];
  const ids = duplicates.map((other) => other.id);
  const taken = await tx
    .select({ orderId: orders.id, amountCents: orders.amount, takenCents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(orders)
    .leftJoin(refunds, and(eq(refunds.orderId, orders.id), ne(refunds.state, 'failed')))
    .where(inArray(orders.id, ids))
    .groupBy(orders.id, orders.amount);
  const coveredIds = new Set(taken.filter((row) => Number(row.takenCents) >= row.amountCents).map((row) => row.orderId));
  return duplicates.map((other) => (coveredIds.has(other.id) ? { ...other, paymentStatus: 'refunded' } : other));
}
