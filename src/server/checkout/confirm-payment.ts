import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors';
import type { Services } from '../contracts';
import type { ConfirmPaymentResponse } from '#shared/checkout/checkout.ts';
import { confirmationMessages } from '#shared/checkout/checkout-messages.ts';
import { getCheckoutByPaymentIntentId } from './get-checkout';
import { createOrderFromPayment } from './create-order-from-payment';
import { checkoutExpired } from './create-checkout';
import { issueCancellationLink } from '../refunds';
import { cancellationPagePath } from '#shared/refunds/refunds.ts';
import { filingRouteOf } from '../filing';

export type ConfirmPaymentOptions = {
  services: Pick<Services, 'database' | 'provider' | 'outbox' | 'env'>;
  paymentIntentId: string;
  log: FastifyBaseLogger;
};

const notFoundMessage = 'No payment was found with this reference.';

/**
 * `POST /api/payments/confirm`: asks the provider how the payment stands (the browser's word is not
 * taken for it) and, if it succeeded, makes sure the order exists. Safe to repeat: a reload of the
 * confirmation page finds the same order.
 */
export async function confirmPayment({ services, paymentIntentId, log }: ConfirmPaymentOptions): Promise<ConfirmPaymentResponse> {
  const intent = await services.provider.retrievePaymentIntent(paymentIntentId);
  if (!intent) throw new AppError('not_found', notFoundMessage);
  const checkout = await getCheckoutByPaymentIntentId(services.database.db, intent.id);
  if (!checkout) throw new AppError('not_found', notFoundMessage);
  // Its intent was canceled when it was purged, so nothing was charged; the answers are gone.
  if (checkout.purgedAt && checkout.status !== 'paid') throw checkoutExpired();

  const answer = {
    amount: intent.amountCents,
    currency: intent.currency,
    status: intent.status,
    paymentIntentId: intent.id,
    trackingNumber: checkout.trackingNumber,
    paymentMethod: intent.paymentMethodType,
  };
  if (intent.status !== 'succeeded') {
    return { success: false, ...answer, error: intent.lastErrorMessage ?? confirmationMessages.notSuccessful };
  }
  const { orderId } = await createOrderFromPayment({ services, intent, checkout, log });
  // A fresh link each visit: the e-mail's token is never stored in the clear, so it cannot be shown again.
  const token = await issueCancellationLink(services.database.db, orderId);
  return { success: true, ...answer, cancelPath: token ? cancellationPagePath(token) : null, filingRoute: filingRouteOf(checkout.formData) };
}
