import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { mailTo } from '#tests/support/orders-api.ts';
import { crashDataDir, crashServers, waitFor } from '#tests/support/crash-processes.ts';

// Crash tests on real server processes: each is killed with SIGKILL at an exact point (the test-only
// TEST_PAUSE_AT stops it there and says so), then started again on the same data folder. Whatever was
// promised before the kill must come true after the restart, without any browser coming back.

const servers = crashServers();
const startServer = servers.start;
const kill = servers.kill;

function mails(dataDir: string): string[] {
  const folder = path.join(dataDir, 'mail');
  return existsSync(folder) ? emlFiles(dataDir).map((file) => readFileSync(path.join(folder, file), 'utf8')) : [];
}

/** The mail folder's whole messages (a message being written has another name until it is whole). */
function emlFiles(dataDir: string): string[] {
  const folder = path.join(dataDir, 'mail');
  return existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.eml')).sort() : [];
}

/** How many of the mail folder's messages were written after `since` (ms). */
function writtenSince(dataDir: string, since: number): number {
  return emlFiles(dataDir).filter((file) => statSync(path.join(dataDir, 'mail', file)).mtimeMs > since).length;
}

const header = (mail: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(mail)?.[1] ?? null;

describe('after kill -9', { timeout: 400_000 }, () => {
  it('sends the e-mails claimed but not sent, 12 of 12', async () => {
    const dataDir = crashDataDir('ein-crash-mail-');
    // Claims that outlive the test: on a busy machine a 2-second claim could lapse while its send is
    // stopped, the worker would claim the same e-mail again and stop once more, and twelve stops would
    // no longer mean twelve e-mails.
    const first = await startServer(dataDir, { TEST_PAUSE_AT: 'email-claimed', OUTBOX_CLAIM_SECONDS: '3600' });
    // Each order is committed with its confirmation e-mail queued; the send then stops after its claim.
    for (let order = 0; order < 12; order += 1) {
      void fetch(`${first.base}/api/test-support/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => {});
    }
    // Two minutes, as for the other crash tests here: twelve orders and a restart on a busy machine.
    await waitFor('12 claimed e-mails', first.pauses, (count) => count >= 12, 120);
    expect(mails(dataDir)).toEqual([]);
    await kill(first);

    const second = await startServer(dataDir);
    const sent = await waitFor('12 e-mails', () => mails(dataDir), (list) => list.length >= 12, 120);
    expect(sent).toHaveLength(12);
    // Twelve different orders, each with its own stable Message-ID.
    expect(new Set(sent.map((mail) => header(mail, 'Subject'))).size).toBe(12);
    expect(new Set(sent.map((mail) => header(mail, 'Message-ID'))).size).toBe(12);
    await kill(second);
  });

  it('sends again the e-mails sent but not recorded as sent, each copy replacing its first, 12 of 12', async () => {
    const dataDir = crashDataDir('ein-crash-mail-sent-');
    // Each order's own delivery sends its one e-mail. The background pass is held off: it claims every
    // e-mail due at once and sends them one after another, so the first one's stop would hold the
    // others, claimed and never sent, and twelve stops would no longer mean twelve e-mails.
    const first = await startServer(dataDir, { TEST_PAUSE_AT: 'email-sent', OUTBOX_CLAIM_SECONDS: '3600', OUTBOX_POLL_SECONDS: '600' });
    for (let order = 0; order < 12; order += 1) {
      void fetch(`${first.base}/api/test-support/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => {});
    }
    // Each message is written, and the process stops before it records the send.
    await waitFor('12 e-mails sent and not recorded', first.pauses, (count) => count >= 12, 120);
    const before = mails(dataDir);
    const namesBefore = emlFiles(dataDir);
    expect(before).toHaveLength(12);
    await kill(first);
    const killedAt = Date.now();

    // The restarted worker sends the twelve again: each copy is written under its message's name and
    // replaces the first, so there is one file per message.
    const second = await startServer(dataDir);
    await waitFor('12 e-mails sent again', () => writtenSince(dataDir, killedAt), (count) => count >= 12, 120);
    const after = mails(dataDir);
    expect(after).toHaveLength(12);
    expect(emlFiles(dataDir)).toEqual(namesBefore);
    expect(new Set(after.map((mail) => header(mail, 'Message-ID'))).size).toBe(12);
    expect(new Set(after.map((mail) => header(mail, 'Message-ID')))).toEqual(new Set(before.map((mail) => header(mail, 'Message-ID'))));
    await kill(second);
  });

  it('makes the order of a payment that succeeded just before the kill, and sends its e-mail, with no browser', async () => {
    const dataDir = crashDataDir('ein-crash-pay-');
    const first = await startServer(dataDir, { TEST_PAUSE_AT: 'payment-succeeded' });
    const checkoutResponse = await fetch(`${first.base}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ draftId: randomUUID(), email: 'closed-tab@example.com', application: sampleApplication() }),
    });
    expect(checkoutResponse.status).toBe(200);
    const checkout = (await checkoutResponse.json()) as { clientSecret: string; trackingNumber: string };
    // The card is charged; the process stops before the webhook is even recorded, and the browser is gone.
    void fetch(`${first.base}/api/test-payments/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret: checkout.clientSecret, cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' }),
    }).catch(() => {});
    await waitFor('the payment', first.pauses, (count) => count >= 1);
    await kill(first);

    const second = await startServer(dataDir);
    const sent = await waitFor('the confirmation e-mail', () => mails(dataDir), (list) => list.length >= 1);
    expect(sent).toHaveLength(1);
    expect(header(sent[0]!, 'To')).toBe('closed-tab@example.com');
    expect(header(sent[0]!, 'Subject')).toContain(checkout.trackingNumber);
    const tracking = await fetch(`${second.base}/api/track/${checkout.trackingNumber}`);
    expect(tracking.status).toBe(200);
    await kill(second);
  });

  it('refunds a cancellation recorded just before the kill, once, with no browser', async () => {
    const dataDir = crashDataDir('ein-crash-refund-');
    const customer = 'changed-mind@example.com';
    const first = await startServer(dataDir, { TEST_PAUSE_AT: 'refund-recorded' });
    const post = (url: string, body: unknown) => fetch(`${first.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const checkout = (await (await post('/api/checkout', { draftId: randomUUID(), email: customer, application: sampleApplication() })).json()) as {
      clientSecret: string;
      paymentIntentId: string;
      trackingNumber: string;
    };
    expect((await post('/api/test-payments/confirm', { clientSecret: checkout.clientSecret, cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' })).status).toBe(200);
    expect((await post('/api/payments/confirm', { paymentIntentId: checkout.paymentIntentId })).status).toBe(200);
    const confirmation = await waitFor('the confirmation e-mail', () => mailTo(mails(dataDir), customer), (list) => list.length >= 1);
    const token = /\/cancel-order\/([A-Za-z0-9_-]{43})/.exec(confirmation[0]!)?.[1];
    expect(token).toBeDefined();

    // The customer cancels within the hour: the refund is recorded, then the process stops before the provider is asked.
    void fetch(`${first.base}/api/cancellations/${token}`, { method: 'POST' }).catch(() => {});
    await waitFor('the recorded refund', first.pauses, (count) => count >= 1);
    await kill(first);

    const second = await startServer(dataDir, { REFUND_RETRY_AFTER_SECONDS: '0' });
    const cancelled = () => mailTo(mails(dataDir), customer).filter((mail) => mail.includes(`Order cancelled: your EIN application ${checkout.trackingNumber}`));
    const refunded = await waitFor('the cancellation e-mail', cancelled, (list) => list.length >= 1);
    expect(refunded).toHaveLength(1);
    const tracking = (await (await fetch(`${second.base}/api/track/${checkout.trackingNumber}`)).json()) as { status: string; refund: { amountCents: number } | null };
    expect(tracking).toMatchObject({ status: 'cancelled', refund: { amountCents: 14900 } });
    await kill(second);

    // A third start settles nothing more: one refund, one e-mail.
    const third = await startServer(dataDir, { REFUND_RETRY_AFTER_SECONDS: '0' });
    await sleep(1000);
    expect(cancelled()).toHaveLength(1);
    await kill(third);
  });
});
