import { eq } from 'drizzle-orm';
import { webhookEvents } from '../db';
import type { FaxEvent } from '../fax';
import { applyProviderFax } from './apply-provider-fax';
import { receiveFax } from './receive-fax';
import type { FilingContext } from './filing-context';

/**
 * News of a fax, from the provider's webhook or the test transport: the fax is read again from the
 * provider (an event is only a hint, and may be stale or forged), then an outbound fax's report is
 * applied to its filing and an inbound fax is received. Answers whether a fax was received, so that the
 * caller starts reading it.
 */
export async function handleFaxNews(context: FilingContext, faxId: string): Promise<{ received: boolean }> {
  const fax = await context.provider.retrieve(faxId);
  if (!fax) {
    context.log.warn({ faxId }, 'the fax provider does not know a fax it sent news of');
    return { received: false };
  }
  if (fax.direction === 'outbound') {
    await applyProviderFax(context, fax);
    return { received: false };
  }
  return { received: (await receiveFax(context, fax)) !== null };
}

/**
 * A verified webhook call, applied once: its event id is recorded first (a replay is answered as a
 * duplicate and changes nothing), and forgotten again if handling it fails, so the provider's retry is
 * handled.
 */
export async function handleFaxWebhook(context: FilingContext, event: FaxEvent): Promise<{ received: true; duplicate?: true; faxReceived: boolean }> {
  const key = `fax:${event.eventId}`;
  const [recorded] = await context.db.insert(webhookEvents).values({ eventId: key, type: 'fax' }).onConflictDoNothing().returning();
  if (!recorded) return { received: true, duplicate: true, faxReceived: false };
  try {
    const { received } = await handleFaxNews(context, event.faxId);
    return { received: true, faxReceived: received };
  } catch (error) {
    await context.db.delete(webhookEvents).where(eq(webhookEvents.eventId, key));
    throw error;
  }
}
