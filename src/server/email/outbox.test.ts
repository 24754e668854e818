// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { emailOutbox, type Database } from '../db';
import { createEmailOutbox, enqueueEmail, maxEmailAttempts } from './outbox';
import type { MailMessage } from './mailer';

// The e-mail outbox's passes with one message that fails in a way no mail server answers (it throws
// what is not an Error): the others in its batch are sent, and it is retried with its reason, then
// given up, as a message the mail server refuses is.

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe.each(testDatabaseKinds)('the e-mail outbox, one message failing on its own (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('sends the rest of the batch, retries the failing one with its reason, and gives it up after the last attempt', async () => {
    const sent: string[] = [];
    const mailer = {
      async send(message: MailMessage) {
        if (message.to === 'broken@example.com') throw { reason: 'the template engine gave up' };
        sent.push(message.to);
      },
    };
    const outbox = createEmailOutbox({ db: database.db, mailer, env: { MAIL_FROM: 'EIN Filing <orders@ein.example.com>', OUTBOX_CLAIM_SECONDS: 120 }, log });
    const ids: number[] = [];
    for (const to of ['first@example.com', 'broken@example.com', 'third@example.com']) {
      ids.push(await enqueueEmail(database.db, { kind: 'order_confirmation', to, subject: 'Your order', text: 'Thank you.', html: '<p>Thank you.</p>' }));
    }

    const outcomes = await outbox.deliver(ids);
    expect([...outcomes.values()]).toEqual(['sent', 'queued', 'sent']);
    expect(sent).toEqual(['first@example.com', 'third@example.com']);
    const [broken] = await database.db.select().from(emailOutbox).where(inArray(emailOutbox.id, [ids[1]!]));
    expect(broken).toMatchObject({ status: 'queued', attempts: 1, claimedUntil: null, lastError: '{"reason":"the template engine gave up"}' });

    // A pass as if every retry were due: it tries the failing one until its last attempt; the sent ones are not sent again.
    const later = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    expect(await outbox.deliverDue({ asOf: later })).toBe(maxEmailAttempts - 1);
    expect(await outbox.deliverDue({ asOf: later })).toBe(0);
    const rows = await database.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.map((row) => [row.toAddress, row.status, row.attempts])).toEqual(
      expect.arrayContaining([
        ['first@example.com', 'sent', 1],
        ['broken@example.com', 'failed', maxEmailAttempts],
        ['third@example.com', 'sent', 1],
      ]),
    );
    expect(sent).toEqual(['first@example.com', 'third@example.com']);
  });
});
