import { createHmac } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { testPaymentIntents } from '#server/db/index.ts';
import type { CreatePaymentIntentInput, PaymentIntent } from '../provider';
import type { TestProcessorContext } from './context';
import { base62FromBytes, randomBase62 } from './ids';
import { findIntent, toPaymentIntent } from './intent-rows';

export async function createPaymentIntent({ db, webhookSecret }: TestProcessorContext, input: CreatePaymentIntentInput): Promise<PaymentIntent> {
  // The id is derived from the idempotency key, so concurrent calls meet on the primary key.
  const id = `pi_${base62FromBytes(createHmac('sha256', webhookSecret).update(`idempotency:${input.idempotencyKey}`).digest())}`;
  const values = {
    id,
    clientSecret: `${id}_secret_${randomBase62()}`,
    amountCents: input.amountCents,
    currency: input.currency.toLowerCase(),
    description: input.description,
    metadata: { ...input.metadata },
    status: 'requires_payment_method',
  };
  if (!Number.isInteger(values.amountCents) || values.amountCents < 50) throw new Error('Amount must be at least 50 cents.');
  await db.insert(testPaymentIntents).values(values).onConflictDoNothing();
  const row = await findIntent(db, id);
  if (!row) throw new Error(`Test payment intent ${id} vanished`);
  // As with Stripe, a key may only be reused with the parameters it was first used with.
  const same = (['amountCents', 'currency', 'description', 'metadata'] as const).every((key) => isDeepStrictEqual(row[key], values[key]));
  if (!same) throw new Error(`Idempotency key ${input.idempotencyKey} was first used with other parameters.`);
  return toPaymentIntent(row);
}
