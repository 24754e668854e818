import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { testPaymentIntents, type Db } from '#server/db/index.ts';
import { AppError } from '#server/errors.ts';
import type { PaymentIntent, PaymentIntentStatus } from '../provider';

// The payment intents, stored in test_payment_intents, and the status moves every operation shares.

export type IntentRow = typeof testPaymentIntents.$inferSelect;

/** States from which a card may be (re)tried, as with Stripe. */
export const confirmableStatuses = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
/** States from which an intent may be canceled (Stripe also cancels `requires_capture`). */
export const cancelableStatuses = [...confirmableStatuses, 'requires_capture'];

export function toPaymentIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as PaymentIntentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
    paymentMethodType: row.paymentMethodType,
    lastErrorMessage: row.lastError?.message ?? null,
    metadata: row.metadata,
  };
}

export async function findIntent(db: Db, id: string): Promise<IntentRow | undefined> {
  const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
  return row;
}

export async function requireIntentBySecret(db: Db, clientSecret: string): Promise<IntentRow> {
  // The secret begins with the intent's id, as Stripe's do.
  const row = await findIntent(db, clientSecret.split('_secret_')[0] ?? '');
  const given = Buffer.from(clientSecret);
  if (!row || given.length !== Buffer.byteLength(row.clientSecret) || !timingSafeEqual(given, Buffer.from(row.clientSecret))) {
    throw new AppError('not_found', 'No such payment.');
  }
  return row;
}

/** Moves the intent only if it is still in one of `from`, so concurrent calls cannot both win. */
export async function moveIntent(db: Db, id: string, from: string[], changes: Pick<IntentRow, 'status' | 'paymentMethodType' | 'lastError'>): Promise<IntentRow | undefined> {
  const [row] = await db
    .update(testPaymentIntents)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(testPaymentIntents.id, id), inArray(testPaymentIntents.status, from)))
    .returning();
  return row;
}

/** A page of the product's, with the intent named the way Stripe's redirects name it. */
export const withSecret = (path: string, row: IntentRow) =>
  `${path}?${new URLSearchParams({ payment_intent: row.id, payment_intent_client_secret: row.clientSecret })}`;
