import type { FastifyInstance } from 'fastify';
import { localeOfRequest, parseWith, refuseUnstorableJson } from '../http';
import type { Services } from '../contracts';
import { checkoutRequestSchema, confirmPaymentRequestSchema, type CheckoutResponse, type ConfirmPaymentResponse } from '#shared/checkout/checkout.ts';
import { createCheckout } from './create-checkout';
import { confirmPayment } from './confirm-payment';
import { handlePaymentWebhook, type WebhookAnswer } from './handle-payment-webhook';
import { checkoutResponseSchema, confirmPaymentResponseSchema, paymentWebhookAnswerSchema, paymentWebhookEventSchema } from '#shared/checkout/answers.ts';
import { routeSchema, type DocumentedRoutes } from '../api-document';

/** Checkout calls per client and minute: a person retries a few times, a script gets stopped. */
export const checkoutCallsPerMinute = 60;
export const confirmCallsPerMinute = 120;

export async function registerCheckoutRoutes(app: FastifyInstance, services: Pick<Services, 'database' | 'provider' | 'cipher' | 'outbox' | 'env'>): Promise<void> {
  const api = app.withTypeProvider<DocumentedRoutes>();
  api.post(
    '/api/checkout',
    {
      config: { rateLimit: { max: checkoutCallsPerMinute, timeWindow: '1 minute' } },
      schema: routeSchema({
        summary: 'Start the checkout of a completed application',
        description: 'Validates and stores the application, opens the payment, and answers the review the customer pays for.',
        tag: 'Checkout',
        access: { kind: 'public' },
        body: checkoutRequestSchema,
        answers: { 200: checkoutResponseSchema },
        refusals: ['checkout_expired', 'conflict', 'payment_provider_error'],
        rateLimited: true,
      }),
    },
    async (request): Promise<CheckoutResponse> => {
      const body = parseWith(checkoutRequestSchema, request.body);
      return createCheckout({ services, request: body, locale: localeOfRequest(request), log: request.log });
    },
  );

  // Each call asks the provider, so a client may not turn it into a flood of provider calls.
  api.post(
    '/api/payments/confirm',
    {
      config: { rateLimit: { max: confirmCallsPerMinute, timeWindow: '1 minute' } },
      schema: routeSchema({
        summary: 'Confirm a payment and place the order',
        tag: 'Checkout',
        access: { kind: 'public' },
        body: confirmPaymentRequestSchema,
        answers: { 200: confirmPaymentResponseSchema },
        refusals: ['not_found', 'checkout_expired', 'payment_provider_error'],
        rateLimited: true,
      }),
    },
    async (request): Promise<ConfirmPaymentResponse> => {
      const { paymentIntentId } = parseWith(confirmPaymentRequestSchema, request.body);
      return confirmPayment({ services, paymentIntentId, log: request.log });
    },
  );

  // The signature covers the exact bytes sent, so this route alone keeps the body raw.
  await app.register(async (webhookScope) => {
    webhookScope.removeContentTypeParser('application/json');
    webhookScope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const scope = webhookScope.withTypeProvider<DocumentedRoutes>();
    const schema = routeSchema({
      summary: 'The payment provider\'s events',
      description: 'Payments succeeded or failed, refunds and disputes. The body is the provider\'s event, read only once its signature checks out.',
      tag: 'Webhooks',
      access: { kind: 'payment-webhook' },
      body: paymentWebhookEventSchema,
      answers: { 200: paymentWebhookAnswerSchema },
    });
    scope.post('/api/payments/webhook', { schema }, async (request): Promise<WebhookAnswer> => {
      const signature = request.headers['stripe-signature'];
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = services.provider.parseWebhookEvent(rawBody, typeof signature === 'string' ? signature : undefined);
      // Signed, so JSON: any of its text, read or not, meets the storable-text rule.
      refuseUnstorableJson(rawBody.toString('utf8'), 'The event holds text that cannot be stored.');
      return handlePaymentWebhook({ services, event, log: request.log });
    });
  });
}
