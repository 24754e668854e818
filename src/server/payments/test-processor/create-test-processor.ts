import type { Database } from '#server/db/index.ts';
import type { TestPaymentResult } from '#shared/payments/test-card.ts';
import type { PaymentProvider, ProviderDispute } from '../provider';
import { verifyWebhookEvent } from '../webhook-signature';
import { authenticate, type AuthenticateInput } from './authenticate';
import { cancelPaymentIntents } from './cancel-payment-intents';
import { closeDispute } from './close-dispute';
import { confirmCard, type ConfirmCardInput } from './confirm-card';
import type { TestProcessorContext } from './context';
import { createPaymentIntent } from './create-payment-intent';
import { createRefund } from './create-refund';
import { listRefunds } from './list-refunds';
import { openDispute } from './open-dispute';
import { redeliverPendingWebhooks } from './redeliver-pending-webhooks';
import { retrieveDispute } from './retrieve-dispute';
import { retrievePaymentIntent } from './retrieve-payment-intent';
import { updatePaymentIntentAmount } from './update-payment-intent-amount';
import { createWebhookDelivery, type DeliverWebhook } from './webhook-delivery';

// The built-in processor used when no Stripe keys are set. It behaves like Stripe's test mode:
// Stripe's test cards, Stripe-shaped results and errors, and signed webhooks to the same endpoint.
// Its state lives in the database (test_payment_*), so every app instance sharing it agrees.

export type TestProcessor = PaymentProvider & {
  readonly name: 'test';
  readonly webhookSecret: string;
  confirmCard(input: ConfirmCardInput): Promise<TestPaymentResult>;
  authenticate(input: AuthenticateInput): Promise<{ redirectUrl: string }>;
  /** Resolves once every webhook delivery started so far has finished (or given up). */
  settled(): Promise<void>;
  /**
   * Delivers again the webhooks still undelivered (the process stopped, or every retry failed), each
   * once per call; the job runner calls it at start-up and every minute. Answers how many were tried.
   */
  redeliverPending(): Promise<number>;
  /** Opens a dispute (chargeback) on a succeeded payment, as the bank would; sends `charge.dispute.created`. */
  openDispute(paymentIntentId: string): Promise<ProviderDispute>;
  /** Closes a dispute as won or lost; sends `charge.dispute.closed`. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<ProviderDispute>;
};

export type TestProcessorOptions = {
  database: Database;
  webhookSecret: string;
  deliverWebhook: DeliverWebhook;
  /** Pauses before each retry of a failed delivery. */
  webhookRetryDelaysMs?: number[];
  /** Crash tests: called after a payment succeeds, before its webhook is recorded. */
  afterPaymentSucceeded?: () => Promise<void>;
};

export function createTestProcessor({
  database,
  webhookSecret,
  deliverWebhook,
  webhookRetryDelaysMs = [200, 1000, 3000],
  afterPaymentSucceeded,
}: TestProcessorOptions): TestProcessor {
  const { db } = database;
  const webhooks = createWebhookDelivery({ db, webhookSecret, deliverWebhook, retryDelaysMs: webhookRetryDelaysMs });
  const context: TestProcessorContext = { db, webhookSecret, webhooks, afterPaymentSucceeded };

  return {
    name: 'test',
    webhookSecret,
    createPaymentIntent: (input) => createPaymentIntent(context, input),
    updatePaymentIntentAmount: (id, amountCents) => updatePaymentIntentAmount(context, id, amountCents),
    retrievePaymentIntent: (id) => retrievePaymentIntent(context, id),
    cancelPaymentIntents: (ids) => cancelPaymentIntents(context, ids),
    parseWebhookEvent: (rawBody, signatureHeader) => verifyWebhookEvent(rawBody, signatureHeader, webhookSecret),
    confirmCard: (input) => confirmCard(context, input),
    authenticate: (input) => authenticate(context, input),
    createRefund: (input) => createRefund(context, input),
    listRefunds: (paymentIntentId) => listRefunds(context, paymentIntentId),
    retrieveDispute: (id) => retrieveDispute(context, id),
    openDispute: (paymentIntentId) => openDispute(context, paymentIntentId),
    closeDispute: (disputeId, outcome) => closeDispute(context, disputeId, outcome),
    settled: () => webhooks.settled(),
    redeliverPending: () => redeliverPendingWebhooks(context),
  };
}
