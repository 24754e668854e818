import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { filings, inboundFaxes, orders } from '../db';
import { recordAudit } from '../audit';
import { isValidEin } from '#shared/ein.ts';
import { readFaxBack } from './read-fax-back';
import { recordEin } from './record-ein';
import type { FilingContext } from './filing-context';

/** How long a reader holds a received fax it is reading (a crash lets another take it after this). */
const readClaimSeconds = 600;

type InboundRow = typeof inboundFaxes.$inferSelect;

/** Claims one received fax that nobody is reading. */
async function claimNext(context: Pick<FilingContext, 'db'>): Promise<InboundRow | null> {
  return context.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(inboundFaxes)
      .where(and(eq(inboundFaxes.status, 'received'), or(isNull(inboundFaxes.claimedUntil), lt(inboundFaxes.claimedUntil, sql`now()`))))
      .orderBy(asc(inboundFaxes.receivedAt), asc(inboundFaxes.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    await tx
      .update(inboundFaxes)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${readClaimSeconds})` })
      .where(eq(inboundFaxes.id, row.id));
    return row;
  });
}

/**
 * Reads one received fax and matches it when it can do so with certainty: exactly one valid reference
 * on its pages (the code, or the written reference where the code was lost), naming a filing faxed to
 * the IRS and not yet answered. Anything else (no reference, two references, a reference of no such
 * filing) waits in the inbox for staff, with the orders it may answer. The EIN read from the form's box
 * is kept only when it has a valid IRS prefix. With AUTO_CONFIRM_EIN the match and its EIN are applied
 * at once; otherwise staff confirm them with one click.
 */
async function readOne(context: FilingContext, fax: InboundRow): Promise<void> {
  const { db, cipher, env, log } = context;
  let reading: Awaited<ReturnType<typeof readFaxBack>> | null = null;
  let readError: string | null = null;
  try {
    if (!fax.document) throw new Error('the fax has no document');
    reading = await readFaxBack(new Uint8Array(Buffer.from(cipher.decrypt(fax.document), 'base64')));
  } catch (error) {
    readError = error instanceof Error ? error.message.slice(0, 200) : 'the fax could not be read';
    log.warn({ inboundFaxId: fax.id, err: error }, 'a received fax could not be read');
  }
  const ein = reading?.ein && isValidEin(reading.ein) ? reading.ein : null;
  const reference = reading?.references.length === 1 ? reading.references[0]! : null;

  const emailIds = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(inboundFaxes).where(eq(inboundFaxes.id, fax.id)).for('update');
    if (!current || current.status !== 'received') return [];
    const [filing] = reference
      ? await tx
          .select()
          .from(filings)
          .where(and(eq(filings.reference, reference), eq(filings.method, 'fax'), inArray(filings.status, ['sending', 'delivered'])))
          .for('update')
      : [];
    const now = new Date();
    const matched = filing !== undefined;
    await tx
      .update(inboundFaxes)
      .set({
        status: matched ? 'matched' : 'unmatched',
        claimedUntil: null,
        filingId: filing?.id ?? null,
        orderId: filing?.orderId ?? null,
        readReferences: reading?.references ?? [],
        referenceSource: reading?.referenceSource ?? null,
        readEin: ein,
        readError,
        readAt: now,
        matchMethod: matched ? reading!.referenceSource : null,
        pages: reading?.pages ?? current.pages,
      })
      .where(eq(inboundFaxes.id, fax.id));
    if (!filing) return [];
    await recordAudit(tx, {
      actor: null,
      action: 'fax_matched',
      target: `order:${filing.orderId}`,
      detail: { inboundFaxId: fax.id, filingId: filing.id, by: reading!.referenceSource, einRead: ein !== null },
    });
    if (!env.AUTO_CONFIRM_EIN || !ein || !current.document) return [];
    const [order] = await tx.select().from(orders).where(eq(orders.id, filing.orderId)).for('update');
    if (!order || order.status === 'completed' || order.status === 'cancelled') return [];
    const recorded = await recordEin(tx, context, {
      order,
      filingId: filing.id,
      ein,
      letter: { source: 'fax', document: current.document, pages: reading?.pages ?? current.pages, inboundFaxId: fax.id },
      actor: null,
      ipAddress: null,
    });
    await tx.update(inboundFaxes).set({ status: 'confirmed', confirmedAt: now }).where(eq(inboundFaxes.id, fax.id));
    return recorded.emailIds;
  });
  if (emailIds.length > 0) await context.outbox.deliver(emailIds);
  log.info({ inboundFaxId: fax.id, matched: reference !== null, pages: reading?.pages ?? null }, 'received fax read');
}

/** The reader's pass: every received fax not read yet, one after the other. Answers how many it read. */
export async function readReceivedFaxes(context: FilingContext): Promise<number> {
  let count = 0;
  for (let fax = await claimNext(context); fax; fax = await claimNext(context)) {
    // Each fax on its own: one that fails keeps its claim until it expires and is read again then; the others go on.
    await readOne(context, fax).catch((error: unknown) => context.log.error({ inboundFaxId: fax!.id, err: error }, 'a received fax could not be handled; it will be read again when its claim expires'));
    count += 1;
  }
  return count;
}

/** Releases the reading claims of a process that is gone (the embedded database has one process). */
export async function releaseReadClaims(context: Pick<FilingContext, 'db'>): Promise<number> {
  const released = await context.db
    .update(inboundFaxes)
    .set({ claimedUntil: null })
    .where(sql`${inboundFaxes.claimedUntil} > now()`)
    .returning();
  return released.length;
}
