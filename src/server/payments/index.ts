// The payments module's public face: other modules import from here only.
export { createPaymentProvider, isTestProcessor, testProcessorWebhookSecret } from './create-payment-provider';
export type { PaymentEvent, PaymentIntent, PaymentIntentStatus, PaymentProvider, ProviderRefund } from './provider';
export { registerPaymentRoutes } from './routes';
export { createStripeProvider } from './stripe-provider';
export { createTestProcessor } from './test-processor/create-test-processor';
export type { TestProcessor } from './test-processor/create-test-processor';
export { signWebhookPayload } from './webhook-signature';
