import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { testPaymentWebhooks, type Db } from '#server/db/index.ts';
import { signWebhookPayload } from '../webhook-signature';
import { randomBase62 } from './ids';

// Every event is stored in test_payment_webhooks before it is sent, so it outlives the process; it is
// then delivered in the background, retried a few times at once, and later by `redeliverPendingWebhooks`.

export type DeliverWebhook = (payload: string, signature: string) => Promise<void>;

export type WebhookDelivery = {
  /** Records a Stripe-shaped event about `object` and starts its delivery; does not wait for it. */
  send(type: string, object: Record<string, unknown>): Promise<void>;
  /** One signed attempt at a stored event; true once delivered. */
  attempt(payload: string, eventId: string): Promise<boolean>;
  /** Resolves once every delivery started so far has finished (or given up). */
  settled(): Promise<void>;
};

export type WebhookDeliveryOptions = {
  db: Db;
  webhookSecret: string;
  deliverWebhook: DeliverWebhook;
  /** Pauses before each retry of a failed delivery. */
  retryDelaysMs: number[];
};

export function createWebhookDelivery({ db, webhookSecret, deliverWebhook, retryDelaysMs }: WebhookDeliveryOptions): WebhookDelivery {
  const deliveries = new Set<Promise<void>>();

  // Signed per attempt, so a retry carries a fresh timestamp as Stripe's do.
  async function attempt(payload: string, eventId: string): Promise<boolean> {
    try {
      await deliverWebhook(payload, signWebhookPayload(payload, webhookSecret));
    } catch {
      return false;
    }
    await db.update(testPaymentWebhooks).set({ deliveredAt: sql`now()`, claimedUntil: null }).where(eq(testPaymentWebhooks.eventId, eventId));
    return true;
  }

  async function deliver(payload: string, eventId: string): Promise<void> {
    for (let index = 0; ; index += 1) {
      if (await attempt(payload, eventId)) return;
      const delay = retryDelaysMs[index];
      if (delay === undefined) {
        // Kept in the database: `redeliverPendingWebhooks` tries again later, as Stripe retries for days.
        console.error(`Test payment webhook ${eventId} not delivered after ${index + 1} attempts; it will be retried`);
        return;
      }
      await sleep(delay);
    }
  }

  async function send(type: string, object: Record<string, unknown>): Promise<void> {
    const id = `evt_${randomBase62()}`;
    const event = { id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
    const payload = JSON.stringify(event);
    // Claimed by this process while it delivers; the claim expires if the process dies.
    await db.insert(testPaymentWebhooks).values({ eventId: id, payload, attempts: 1, claimedUntil: sql`now() + interval '1 minute'` });
    const delivery = deliver(payload, id).finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  async function settled(): Promise<void> {
    while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
  }

  return { send, attempt, settled };
}
