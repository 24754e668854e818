import type { Db } from '#server/db/index.ts';
import type { WebhookDelivery } from './webhook-delivery';

/** What every operation of the test processor works with, built once by `createTestProcessor`. */
export type TestProcessorContext = {
  db: Db;
  webhookSecret: string;
  webhooks: WebhookDelivery;
  /** Crash tests: called after a payment succeeds, before its webhook is recorded. */
  afterPaymentSucceeded?: () => Promise<void>;
};
