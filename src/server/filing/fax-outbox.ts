import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { filings } from '../db';
import { recordAudit } from '../audit';
import { FaxSendError, type ProviderFax } from '../fax';
import { readSignedSs4 } from '../signing';
import { businessDayOf, startOfBusinessDay, startOfNextBusinessDay } from '#shared/dates.ts';
import { filingMessages, formatFaxNumber } from '#shared/filing/filing.ts';
import { stampFilingReference } from './stamp-reference';
import { applyProviderFax, failFaxAttempt } from './apply-provider-fax';
import type { FaxOutbox, FilingContext, Tx } from './filing-context';

// The fax filings' outbox (decision 043), on the e-mail outbox's pattern (decision 016). A filing is
// queued in the transaction that creates it; right after the commit it is tried at once, and whatever
// is not sent then (a busy line, the provider unreachable, the process killed) the worker sends later.
//
// A send is claimed first: `claimed_until` is set a few minutes ahead and `attempts` counted, skipping
// rows another worker holds, so two workers never send one filing. Each attempt gets a key that is
// stored before the provider is called and travels with the fax (`client_state`, and the key the provider
// deduplicates on): a process killed after the provider took the fax but before its id was written
// leaves a key without an id, and the next worker finds that fax at the provider instead of sending it
// again; not found there, it sends under the same key, so a fax the provider made but did not list yet
// is still not made twice. An answer lost on the way (the connection broke) keeps the key the same way. On the embedded database, claims
// left by a dead process are released at start-up (`releaseClaims`), so a crash does not even wait for
// the claim to expire.
//
// The IRS assigns one EIN per responsible party a day (Eastern time): under a lock on the party's key,
// a filing whose party already has one sent that day is held until the next business day.

type FilingRow = typeof filings.$inferSelect;

export function createFaxOutbox(context: FilingContext): FaxOutbox {
  const { db, provider, cipher, sealer, env, log, ownFaxNumber, faults } = context;
  /** Due fax filings (of `ids` when given) that nobody holds. */
  async function candidates(options: { ids?: number[]; limit: number }): Promise<number[]> {
    const rows = await db
      .select({ id: filings.id })
      .from(filings)
      .where(
        and(
          eq(filings.method, 'fax'),
          inArray(filings.status, ['queued', 'held']),
          options.ids ? inArray(filings.id, options.ids) : lte(filings.nextAttemptAt, sql`now()`),
          or(isNull(filings.claimedUntil), lt(filings.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(filings.nextAttemptAt), asc(filings.id))
      .limit(options.limit);
    return rows.map((row) => row.id);
  }

  /** Another filing of the same responsible party sent on `now`'s IRS day (Eastern), if any. */
  async function sentTodayForParty(tx: Tx, filing: FilingRow, now: Date): Promise<boolean> {
    if (!filing.responsiblePartyKey) return false;
    const dayStart = startOfBusinessDay(businessDayOf(now));
    const [other] = await tx
      .select({ id: filings.id })
      .from(filings)
      .where(
        and(
          eq(filings.responsiblePartyKey, filing.responsiblePartyKey),
          ne(filings.id, filing.id),
          sql`${filings.sentAt} >= ${dayStart.toISOString()}::timestamptz`,
          inArray(filings.status, ['queued', 'sending', 'delivered', 'answered']),
        ),
      )
      .limit(1);
    return Boolean(other);
  }

  /**
   * Claims one filing, or holds it for the IRS's one-a-day rule: under the row's lock and a lock on its
   * responsible party, so two filings of one person claimed at once cannot both go out today. The claim
   * also stamps the IRS day it goes out (`sent_at`), which is what the next filing of that person sees.
   */
  async function claim(id: number): Promise<FilingRow | null> {
    return db.transaction(async (tx) => {
      const [filing] = await tx
        .select()
        .from(filings)
        .where(and(eq(filings.id, id), inArray(filings.status, ['queued', 'held']), or(isNull(filings.claimedUntil), lt(filings.claimedUntil, sql`now()`))))
        .for('update', { skipLocked: true });
      if (!filing) return null;
      if (filing.responsiblePartyKey) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`filing:${filing.responsiblePartyKey}`}))`);
      const now = new Date();
      if (await sentTodayForParty(tx, filing, now)) {
        const heldUntil = startOfNextBusinessDay(now);
        const firstHold = filing.status !== 'held';
        await tx
          .update(filings)
          .set({ status: 'held', heldUntil, nextAttemptAt: heldUntil, holdReason: filingMessages.held(businessDayOf(heldUntil)), claimedUntil: null, updatedAt: now })
          .where(eq(filings.id, filing.id));
        if (firstHold) await recordAudit(tx, { actor: null, action: 'filing_held', target: `order:${filing.orderId}`, detail: { filingId: filing.id, heldUntil: heldUntil.toISOString() } });
        return null;
      }
      const [claimed] = await tx
        .update(filings)
        .set({
          status: 'queued',
          heldUntil: null,
          holdReason: null,
          claimedUntil: sql`now() + make_interval(secs => ${env.OUTBOX_CLAIM_SECONDS})`,
          attempts: sql`${filings.attempts} + 1`,
          sentAt: sql`coalesce(${filings.sentAt}, now())`,
          updatedAt: now,
        })
        .where(eq(filings.id, filing.id))
        .returning();
      return claimed ?? null;
    });
  }

  /** The provider's fax for this filing's attempt, written down as the filing's. */
  async function record(filing: FilingRow, fax: ProviderFax) {
    await db
      .update(filings)
      .set({ providerFaxId: fax.id, provider: provider.name, status: 'sending', pages: fax.pages ?? filing.pages, claimedUntil: null, updatedAt: new Date() })
      .where(eq(filings.id, filing.id));
    // A report the provider already has (a lost answer's) is applied now.
    if (fax.status === 'delivered' || fax.status === 'failed') await applyProviderFax(context, fax);
  }

  /**
   * A refused attempt: tried again later while the failure may pass, else given up with its reason. One
   * that may have reached the provider all the same keeps its key, so the next try asks for it first.
   */
  async function refuse(filing: FilingRow, error: FaxSendError) {
    const outcome = await db.transaction(async (tx) => failFaxAttempt(tx, filing, { reason: error.message, retryable: error.retryable, keepAttempt: error.mayHaveReached }));
    log.warn({ filingId: filing.id, orderId: filing.orderId, attempts: filing.attempts }, outcome === 'failed' ? 'fax to the IRS given up' : 'fax to the IRS not sent; it will be retried');
  }

  async function send(filing: FilingRow) {
    await faults.reach('fax-claimed');
    // An attempt that was cut short (its key stored, no fax id): the provider may have its fax already.
    let attemptKey = filing.attemptKey && !filing.providerFaxId ? filing.attemptKey : null;
    if (attemptKey) {
      const found = await provider.findByClientState(attemptKey, new Date(filing.createdAt.getTime() - 60_000));
      if (found) {
        log.info({ filingId: filing.id }, 'an earlier attempt of this fax reached the provider; it is not sent again');
        await record(filing, found);
        return;
      }
      // Not found: the same attempt again, under the same key, which the provider deduplicates on.
      log.info({ filingId: filing.id }, 'an interrupted attempt of this fax is made again under its key');
    } else {
      // A new attempt's key, written down before any byte goes to the provider.
      attemptKey = randomUUID();
      await db.update(filings).set({ attemptKey }).where(eq(filings.id, filing.id));
    }
    const signed = await readSignedSs4(db, cipher, filing.orderId);
    if (!signed || !filing.reference || !filing.toNumber) {
      await refuse(filing, new FaxSendError(filingMessages.notSigned, false));
      return;
    }
    // The sealed file with the reference appended and sealed in turn: its first seal stays valid (decision 050).
    const document = await stampFilingReference(new Uint8Array(signed.pdf), filing.reference, sealer);
    await faults.reach('fax-attempt-recorded');
    let fax: ProviderFax;
    try {
      fax = await provider.send({ to: filing.toNumber, from: ownFaxNumber, document, clientState: attemptKey, filingId: filing.id, orderId: filing.orderId });
    } catch (error) {
      await refuse(filing, error instanceof FaxSendError ? error : new FaxSendError(error instanceof Error ? error.message : String(error), true, true));
      return;
    }
    await faults.reach('fax-sent');
    await record(filing, fax);
    log.info({ filingId: filing.id, orderId: filing.orderId, to: formatFaxNumber(filing.toNumber) }, 'SS-4 faxed to the IRS');
  }

  /**
   * Each filing on its own: one that fails unexpectedly (its document unreadable, the database gone for a
   * moment) counts as a failed attempt, retried after a pause and given up after the last with its
   * reason on the order page; its attempt's key is kept, so the next try asks the provider first in
   * case the fax went out. If even that cannot be written, the filing keeps its claim until it
   * expires and is tried again then. The others go on.
   */
  async function sendEach(ids: number[]) {
    for (const id of ids) {
      let claimed = false;
      try {
        const filing = await claim(id);
        claimed = filing !== null;
        if (filing) await send(filing);
      } catch (error) {
        log.error({ filingId: id, err: error }, 'faxing a filing failed unexpectedly');
        if (!claimed) continue;
        const reason = `The fax could not be sent: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300);
        await db
          .transaction(async (tx) => {
            // Unless the attempt got as far as its fax being recorded.
            const [current] = await tx.select().from(filings).where(eq(filings.id, id)).for('update');
            if (current?.status === 'queued' && !current.providerFaxId) await failFaxAttempt(tx, current, { reason, retryable: true, keepAttempt: true });
          })
          .catch((recordError: unknown) => log.error({ filingId: id, err: recordError }, 'a filing\'s failure could not be recorded; it will be tried again when its claim expires'));
      }
    }
  }

  return {
    async deliver(ids) {
      if (ids.length > 0) await sendEach(await candidates({ ids, limit: ids.length }));
    },
    async deliverDue() {
      let tried = 0;
      // Batches until nothing is due, so a backlog drains in one pass.
      for (;;) {
        const ids = await candidates({ limit: 20 });
        if (ids.length === 0) return tried;
        await sendEach(ids);
        tried += ids.length;
        if (ids.length < 20) return tried;
      }
    },
    async releaseClaims() {
      const released = await db.update(filings).set({ claimedUntil: null }).where(sql`${filings.claimedUntil} > now()`).returning();
      return released.length;
    },
  };
}
