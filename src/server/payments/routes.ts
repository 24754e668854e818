import type { FastifyInstance } from 'fastify';
import { testPaymentAuthenticateSchema, testPaymentConfirmSchema } from '#shared/payments/test-card.ts';
import { parseWith } from '../http';
import { isTestProcessor } from './create-payment-provider';
import type { PaymentProvider } from './provider';
import { testAuthenticationAnswerSchema, testPaymentResultSchema } from '#shared/checkout/answers.ts';
import { routeSchema, type DocumentedRoutes } from '../api-document';

/** Card attempts and challenge answers per client and minute. */
export const testPaymentCallsPerMinute = 60;

const rateLimit = { rateLimit: { max: testPaymentCallsPerMinute, timeWindow: '1 minute' } };

/**
 * The built-in test processor's card form and challenge page talk to these; with Stripe configured
 * they do not exist. A decline is the payment's result, not an HTTP failure, so it answers 200.
 */
export function registerPaymentRoutes(app: FastifyInstance, provider: PaymentProvider): void {
  if (!isTestProcessor(provider)) return;

  const api = app.withTypeProvider<DocumentedRoutes>();
  const described = { description: 'Only while the built-in test processor takes the payments (no Stripe key set).', tag: 'Checkout', access: { kind: 'public' }, refusals: ['not_found'], rateLimited: true } as const;

  api.post('/api/test-payments/confirm', { config: rateLimit, schema: routeSchema({ ...described, summary: 'Pay with a test card', body: testPaymentConfirmSchema(), answers: { 200: testPaymentResultSchema } }) }, async (request) => {
    return provider.confirmCard(parseWith(testPaymentConfirmSchema(), request.body, 'Check the card details.'));
  });

  api.post('/api/test-payments/authenticate', { config: rateLimit, schema: routeSchema({ ...described, summary: 'Answer the test card\'s authentication challenge', body: testPaymentAuthenticateSchema, answers: { 200: testAuthenticationAnswerSchema } }) }, async (request) => {
    return provider.authenticate(parseWith(testPaymentAuthenticateSchema, request.body, 'Check the authentication answer.'));
  });
}
