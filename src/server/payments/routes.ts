import type { FastifyInstance } from 'fastify';
import { fieldErrors } from '../../shared/field-errors';
import { testPaymentAuthenticateSchema, testPaymentConfirmSchema } from '../../shared/payments/test-card';
import { AppError } from '../errors';
import { isTestProcessor } from './create-payment-provider';
import type { PaymentProvider } from './provider';

/** Card attempts and challenge answers per client and minute. */
export const testPaymentCallsPerMinute = 60;

const rateLimit = { rateLimit: { max: testPaymentCallsPerMinute, timeWindow: '1 minute' } };

/**
 * The built-in test processor's card form and challenge page talk to these; with Stripe configured
 * they do not exist. A decline is the payment's result, not an HTTP failure, so it answers 200.
 */
export function registerPaymentRoutes(app: FastifyInstance, provider: PaymentProvider): void {
  if (!isTestProcessor(provider)) return;

  app.post('/api/test-payments/confirm', { config: rateLimit }, async (request) => {
    const parsed = testPaymentConfirmSchema().safeParse(request.body);
    if (!parsed.success) throw new AppError('validation_failed', 'Check the card details.', fieldErrors(parsed.error));
    return provider.confirmCard(parsed.data);
  });

  app.post('/api/test-payments/authenticate', { config: rateLimit }, async (request) => {
    const parsed = testPaymentAuthenticateSchema.safeParse(request.body);
    if (!parsed.success) throw new AppError('validation_failed', 'Check the authentication answer.', fieldErrors(parsed.error));
    return provider.authenticate(parsed.data);
  });
}
