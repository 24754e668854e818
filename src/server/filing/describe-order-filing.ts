import { and, asc, desc, eq } from 'drizzle-orm';
import { filings, inboundFaxes, irsLetters, user, type Db } from '../db';
import { type FilingEntry, type FilingMethod, type FilingStatus, type IrsFaxLine, type OrderFiling, irsFaxNumbers } from '#shared/filing/filing.ts';
import { irsFaxNumberOf, onlineFilingRefusalOf } from './responsible-party';

const lineOf = (to: string | null): IrsFaxLine | null => (to === irsFaxNumbers.domestic ? 'domestic' : to === irsFaxNumbers.international ? 'international' : null);

/** The order's filing leg as its page shows it: its filings (oldest first), where a fax goes, whether it may be filed online, the answer to confirm, the IRS's letters. */
export async function describeOrderFiling(db: Pick<Db, 'select'>, order: { id: number; formData: unknown }): Promise<OrderFiling> {
  const rows = await db
    .select({ filing: filings, requester: { id: user.id, name: user.name } })
    .from(filings)
    .leftJoin(user, eq(user.id, filings.requestedBy))
    .where(eq(filings.orderId, order.id))
    .orderBy(asc(filings.createdAt), asc(filings.id));
  const entries: FilingEntry[] = rows.map(({ filing, requester }) => ({
    id: filing.id,
    method: filing.method as FilingMethod,
    status: filing.status as FilingStatus,
    to: filing.toNumber,
    line: lineOf(filing.toNumber),
    attempts: filing.attempts,
    pages: filing.pages,
    sentAt: filing.sentAt?.toISOString() ?? null,
    deliveredAt: filing.deliveredAt?.toISOString() ?? null,
    failureReason: filing.failureReason,
    heldUntil: filing.heldUntil?.toISOString() ?? null,
    holdReason: filing.holdReason,
    createdAt: filing.createdAt.toISOString(),
    requestedBy: requester?.id ? { id: requester.id, name: requester.name } : null,
  }));
  const [pending] = await db
    .select({ id: inboundFaxes.id, ein: inboundFaxes.readEin, receivedAt: inboundFaxes.receivedAt })
    .from(inboundFaxes)
    .where(and(eq(inboundFaxes.orderId, order.id), eq(inboundFaxes.status, 'matched')))
    .orderBy(desc(inboundFaxes.receivedAt))
    .limit(1);
  const letters = await db
    .select({ id: irsLetters.id, source: irsLetters.source, pages: irsLetters.pages, createdAt: irsLetters.createdAt })
    .from(irsLetters)
    .where(eq(irsLetters.orderId, order.id))
    .orderBy(asc(irsLetters.createdAt));
  const faxTo = irsFaxNumberOf(order.formData);
  return {
    filings: entries,
    faxTo,
    onlineRefusal: onlineFilingRefusalOf(order.formData),
    pendingAnswer: pending ? { inboundFaxId: pending.id, ein: pending.ein, receivedAt: pending.receivedAt.toISOString() } : null,
    letters: letters.map((letter) => ({ id: letter.id, source: letter.source as 'fax' | 'upload', pages: letter.pages, createdAt: letter.createdAt.toISOString() })),
  };
}
