import { createHmac } from 'node:crypto';
import type { Database } from '../db';
import type { Env } from '../env';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';
import type { Faults } from '../faults';
import { createTestProcessor, type TestProcessor } from './test-processor/create-test-processor';
import type { DeliverWebhook } from './test-processor/webhook-delivery';

export type CreatePaymentProviderOptions = {
  env: Env;
  database: Database;
  /** The data-encryption key; the test processor's webhook secret is derived from it. */
  dataKey: Buffer;
  /** How the test processor's webhooks reach `POST /api/payments/webhook`. */
  deliverWebhook: DeliverWebhook;
  faults: Faults;
};

/** Derived, so every instance sharing the data key signs and verifies with the same secret. */
export function testProcessorWebhookSecret(dataKey: Buffer): string {
  return `whsec_${createHmac('sha256', dataKey).update('test-payments-webhook').digest('hex')}`;
}

/** Stripe when its keys are set (env checks they come together), otherwise the test processor. */
export function createPaymentProvider({ env, database, dataKey, deliverWebhook, faults }: CreatePaymentProviderOptions): PaymentProvider {
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
    return createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET });
  }
  return createTestProcessor({
    database,
    webhookSecret: testProcessorWebhookSecret(dataKey),
    deliverWebhook,
    afterPaymentSucceeded: () => faults.reach('payment-succeeded'),
  });
}

export function isTestProcessor(provider: PaymentProvider): provider is TestProcessor {
  return provider.name === 'test' && 'confirmCard' in provider && 'authenticate' in provider;
}
