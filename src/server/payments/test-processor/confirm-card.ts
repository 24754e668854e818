import { AppError } from '#server/errors.ts';
import { fieldErrors } from '#shared/field-errors.ts';
import { testPaymentConfirmSchema, type TestPaymentResult } from '#shared/payments/test-card.ts';
import type { TestProcessorContext } from './context';
import { confirmableStatuses, findIntent, moveIntent, requireIntentBySecret, withSecret } from './intent-rows';
import { openDispute } from './open-dispute';
import { sendPaymentIntentEvent, sendPaymentSucceeded } from './stripe-events';
import { alreadySucceeded, notConfirmable, testCardOf } from './test-cards';

export type ConfirmCardInput = { clientSecret: string; cardNumber: string; cardExpiry: string; cardCvc: string };

/** Pays the intent with a test card: it succeeds, is declined, or first asks for authentication. */
export async function confirmCard(context: TestProcessorContext, input: ConfirmCardInput): Promise<TestPaymentResult> {
  const parsed = testPaymentConfirmSchema().safeParse(input);
  if (!parsed.success) throw new AppError('validation_failed', 'Check the card details.', fieldErrors(parsed.error));
  const intent = await requireIntentBySecret(context.db, parsed.data.clientSecret);
  const card = testCardOf(parsed.data.cardNumber);

  const row =
    card.outcome === 'decline'
      ? await moveIntent(context.db, intent.id, confirmableStatuses, { status: 'requires_payment_method', paymentMethodType: null, lastError: card.error })
      : await moveIntent(context.db, intent.id, confirmableStatuses, {
          status: card.outcome === 'authenticate' ? 'requires_action' : 'succeeded',
          paymentMethodType: 'card',
          lastError: null,
        });
  if (!row) {
    const current = await findIntent(context.db, intent.id);
    return { error: current?.status === 'succeeded' ? alreadySucceeded : notConfirmable };
  }
  if (card.outcome === 'decline') {
    await sendPaymentIntentEvent(context, 'payment_intent.payment_failed', row);
    return { error: card.error };
  }
  if (row.status === 'succeeded') await sendPaymentSucceeded(context, row);
  if (card.outcome === 'dispute') await openDispute(context, row.id);
  const paymentIntent = { id: row.id, status: row.status };
  return row.status === 'requires_action'
    ? { paymentIntent, nextAction: { redirectUrl: withSecret('/payments/test-authentication', row) } }
    : { paymentIntent };
}
