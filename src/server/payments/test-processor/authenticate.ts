import { AppError } from '#server/errors.ts';
import { fieldErrors } from '#shared/field-errors.ts';
import { testPaymentAuthenticateSchema } from '#shared/payments/test-card.ts';
import type { TestProcessorContext } from './context';
import { findIntent, moveIntent, requireIntentBySecret, withSecret, type IntentRow } from './intent-rows';
import { sendPaymentIntentEvent, sendPaymentSucceeded } from './stripe-events';
import { authenticationFailure } from './test-cards';

export type AuthenticateInput = { clientSecret: string; outcome: 'complete' | 'fail' };

/** The bank's 3-D Secure page answered: the payment succeeds or fails, and the customer goes back to the product. */
export async function authenticate(context: TestProcessorContext, input: AuthenticateInput): Promise<{ redirectUrl: string }> {
  const parsed = testPaymentAuthenticateSchema.safeParse(input);
  if (!parsed.success) throw new AppError('validation_failed', 'Check the authentication answer.', fieldErrors(parsed.error));
  const intent = await requireIntentBySecret(context.db, parsed.data.clientSecret);
  const complete = parsed.data.outcome === 'complete';
  const row = await moveIntent(
    context.db,
    intent.id,
    ['requires_action'],
    complete
      ? { status: 'succeeded', paymentMethodType: 'card', lastError: null }
      : { status: 'requires_payment_method', paymentMethodType: null, lastError: authenticationFailure },
  );
  // The only return address is the product's own confirmation page (no redirect from input).
  const back = (target: IntentRow, status: 'succeeded' | 'failed') => ({ redirectUrl: `${withSecret('/ein/confirmation', target)}&redirect_status=${status}` });
  if (!row) {
    // A repeated answer after success (double click, back button) leads to the same page.
    const current = await findIntent(context.db, intent.id);
    if (current?.status === 'succeeded') return back(current, 'succeeded');
    throw new AppError('conflict', 'This payment is not waiting for authentication.');
  }
  if (complete) await sendPaymentSucceeded(context, row);
  else await sendPaymentIntentEvent(context, 'payment_intent.payment_failed', row);
  return back(row, complete ? 'succeeded' : 'failed');
}
