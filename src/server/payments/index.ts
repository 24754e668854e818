// Payments: the one `PaymentProvider` interface the checkout and refunds talk to, with Stripe's
// official SDK when its keys are set and otherwise the built-in test processor, which behaves like
// Stripe's test mode and signs its webhooks with the same scheme. Also here: webhook signature checks
// and the test processor's card and authentication routes.
export { createPaymentProvider, isTestProcessor, testProcessorWebhookSecret } from './create-payment-provider';
export type { PaymentEvent, PaymentIntent, PaymentIntentStatus, PaymentProvider, ProviderRefund } from './provider';
export { createStripeProvider } from './stripe-provider';
export { createTestProcessor } from './test-processor/create-test-processor';
export type { TestProcessor } from './test-processor/create-test-processor';
export { signWebhookPayload } from './webhook-signature';
