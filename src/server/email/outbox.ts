import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { emailOutbox, type Db } from '../db';
import type { Env } from '../env';
import { noFaults, type Faults } from '../faults';
import { serializeError } from '../logging';
import type { EmailKind } from '#shared/fulfilment/orders.ts';
import type { Mailer, MailMessage } from './mailer';

// The one way the service sends e-mail. A message is a row of `email_outbox`, written by
// `enqueueEmail` inside the transaction of the event that causes it, so the event and its message
// commit together or not at all. Right after the commit the caller may try it at once
// (`outbox.deliver`); whatever is not sent then (mail server down, process killed) is sent by the
// worker (`outbox.deliverDue`), which the job runner calls: pg-boss on PostgreSQL, a loop on PGlite.
//
// A send is claimed first: `claimed_until` is set a few minutes ahead (OUTBOX_CLAIM_SECONDS) and
// `attempts` counted, in one statement that skips rows another worker holds. A process that dies
// between the claim and the send leaves a claim that expires, and the next worker sends the message:
// a crash delays a message, never loses it. The price is that a crash just after the mail server took
// the message, before `sent` was written, sends it twice; both copies carry the same Message-ID and
// Date, so mail programs show one. Without a mail server the copy is written under its Message-ID, so
// a second send replaces the first (docs/email-and-jobs.md).

export type { EmailKind } from '#shared/fulfilment/orders.ts';

export type OutgoingEmail = Omit<MailMessage, 'messageId'> & {
  /** Names the e-mail on the order page and in the log. */
  kind: EmailKind;
  /** The order it is about, if any: staff see its messages on the order page. */
  orderId?: number | null;
  /** The body carries a secret (a signing link): kept only until the message has been sent. */
  eraseBodyWhenSent?: boolean;
};

/** Attempts before a message is given up (`failed`); staff see it on the order page. */
export const maxEmailAttempts = 10;

/** The pause before attempt n + 1 after n failed: 30 s doubling, at most an hour (about 4 h in all). */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Queues an e-mail inside `tx`, the transaction of the event that causes it; it is sent after the
 * commit (at once by `outbox.deliver`, or by the worker). Answers the row's id.
 */
export async function enqueueEmail(tx: Pick<Db, 'insert'>, email: OutgoingEmail): Promise<number> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      messageId: randomUUID(),
      kind: email.kind,
      orderId: email.orderId ?? null,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      replyTo: email.replyTo ?? null,
      eraseBodyWhenSent: email.eraseBodyWhenSent ?? false,
    })
    .returning();
  if (!row) throw new Error('The e-mail was not queued');
  return row.id;
}

/** `sent` now; `queued` for a later attempt (failed, or held by another worker); `failed` given up. */
export type DeliveryOutcome = 'sent' | 'queued' | 'failed';

export type EmailOutbox = {
  /** Tries these messages now (right after the commit that queued them); answers each one's outcome. */
  deliver(ids: number[]): Promise<Map<number, DeliveryOutcome>>;
  /** The worker's pass: sends every message due by `asOf` (default now), up to `limit`; answers how many were tried. */
  deliverDue(options?: { limit?: number; asOf?: Date }): Promise<number>;
  /** Releases the claims of a process that is gone (on the embedded database, at start-up); answers how many. */
  releaseClaims(): Promise<number>;
  /** Called with the time of the next retry after a failed attempt (the job runner schedules a pass). */
  onRetryScheduled?: (at: Date) => void;
};

export type EmailOutboxOptions = {
  db: Db;
  mailer: Mailer;
  env: Pick<Env, 'MAIL_FROM' | 'OUTBOX_CLAIM_SECONDS'>;
  log: FastifyBaseLogger;
  /** Where a crash test stops the process (default: nowhere). */
  faults?: Faults;
};

/** The domain of `MAIL_FROM`'s address, for Message-IDs. */
export function mailDomain(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim().toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}

/** A short, address-free description of a send failure, for the order page and the log. */
function describeFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
  const parts = [typeof code === 'string' ? code : null, typeof responseCode === 'number' ? `SMTP ${responseCode}` : null].filter(Boolean);
  // A mail server's message may quote the recipient's address: it is stored (staff see it) but never logged.
  const message = error instanceof Error ? error.message : serializeError(error).message;
  return [...parts, message].join(': ').slice(0, 500);
}

export function createEmailOutbox({ db, mailer, env, log, faults = noFaults }: EmailOutboxOptions): EmailOutbox {
  const domain = mailDomain(env.MAIL_FROM);

  /** Claims due, unclaimed messages (of `ids` when given), skipping rows another worker holds. */
  async function claim(options: { ids?: number[]; limit: number; asOf?: Date }) {
    const due = options.asOf ? lte(emailOutbox.nextAttemptAt, options.asOf) : lte(emailOutbox.nextAttemptAt, sql`now()`);
    const candidates = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'queued'),
          options.ids ? inArray(emailOutbox.id, options.ids) : due,
          or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(emailOutbox.id))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    return db
      .update(emailOutbox)
      .set({
        claimedUntil: sql`now() + make_interval(secs => ${env.OUTBOX_CLAIM_SECONDS})`,
        attempts: sql`${emailOutbox.attempts} + 1`,
      })
      .where(inArray(emailOutbox.id, candidates))
      .returning();
  }

  type ClaimedRow = Awaited<ReturnType<typeof claim>>[number];

  /** A failed attempt: tried again after a growing pause, or given up after the last, with the reason staff see. */
  async function recordFailure(row: ClaimedRow, error: unknown): Promise<DeliveryOutcome> {
    const givenUp = row.attempts >= maxEmailAttempts;
    const nextAttemptAt = new Date(Date.now() + retryDelaySeconds(row.attempts) * 1000);
    await db
      .update(emailOutbox)
      .set({ status: givenUp ? 'failed' : 'queued', lastError: describeFailure(error), claimedUntil: null, ...(givenUp ? {} : { nextAttemptAt }) })
      .where(eq(emailOutbox.id, row.id));
    log.error(
      { emailId: row.id, kind: row.kind, orderId: row.orderId, attempts: row.attempts, code: (error as { code?: unknown } | null)?.code },
      givenUp ? 'e-mail given up after its last attempt' : 'e-mail not sent; it will be retried',
    );
    if (!givenUp) outbox.onRetryScheduled?.(nextAttemptAt);
    return givenUp ? 'failed' : 'queued';
  }

  async function send(row: ClaimedRow): Promise<DeliveryOutcome> {
    try {
      await mailer.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        messageId: `<${row.messageId}@${domain}>`,
        date: row.createdAt,
      });
    } catch (error) {
      return recordFailure(row, error);
    }
    await faults.reach('email-sent');
    await db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, claimedUntil: null, lastError: null, ...(row.eraseBodyWhenSent ? { textBody: '', htmlBody: '' } : {}) })
      .where(eq(emailOutbox.id, row.id));
    return 'sent';
  }

  async function sendClaimed(rows: ClaimedRow[]): Promise<Map<number, DeliveryOutcome>> {
    const outcomes = new Map<number, DeliveryOutcome>();
    if (rows.length === 0) return outcomes;
    // Each message claimed passes the point where it is claimed and not yet sent.
    await Promise.all(rows.map(() => faults.reach('email-claimed')));
    for (const row of rows) {
      // Each message on its own: one that fails unexpectedly counts as a failed attempt (retried, then
      // given up with its reason); if even that cannot be written, it keeps its claim until it expires
      // and is tried again then. The others go on.
      const outcome = await send(row).catch(async (error: unknown) => {
        log.error({ emailId: row.id, kind: row.kind, err: error }, 'an e-mail failed unexpectedly');
        return recordFailure(row, error).catch((recordError: unknown) => {
          log.error({ emailId: row.id, kind: row.kind, err: recordError }, 'an e-mail\'s failure could not be recorded; it will be tried again when its claim expires');
          return 'queued' as const;
        });
      });
      outcomes.set(row.id, outcome);
    }
    return outcomes;
  }

  const outbox: EmailOutbox = {
    async deliver(ids) {
      const outcomes = ids.length === 0 ? new Map<number, DeliveryOutcome>() : await sendClaimed(await claim({ ids, limit: ids.length }));
      for (const id of ids) if (!outcomes.has(id)) outcomes.set(id, 'queued');
      return outcomes;
    },
    async deliverDue({ limit = 50, asOf } = {}) {
      let tried = 0;
      // Batches until nothing is due, so a backlog drains in one pass.
      for (;;) {
        const rows = await claim({ limit, asOf });
        if (rows.length === 0) return tried;
        await sendClaimed(rows);
        tried += rows.length;
      }
    },
    async releaseClaims() {
      const released = await db
        .update(emailOutbox)
        .set({ claimedUntil: null })
        .where(and(eq(emailOutbox.status, 'queued'), sql`${emailOutbox.claimedUntil} > now()`))
        .returning();
      return released.length;
    },
  };
  return outbox;
}
