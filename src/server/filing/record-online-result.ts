import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { filings, orders } from '../db';
import { AppError } from '../errors';
import { recordAudit, type AuditActor } from '../audit';
import { isPdf } from '../fax';
import { normalizeEin } from '#shared/ein.ts';
import { filingMessages, type OnlineFilingResult } from '#shared/filing/filing.ts';
import { recordEin } from './record-ein';
import type { FilingContext } from './filing-context';

export type RecordOnlineResultOptions = {
  orderId: number;
  filingId: number;
  result: OnlineFilingResult;
  actor: AuditActor;
  ipAddress: string | null;
};

/** The letter's pages, or null when it is not a PDF that opens. */
async function pagesOfPdf(bytes: Uint8Array): Promise<number | null> {
  if (!isPdf(bytes)) return null;
  try {
    return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
  } catch {
    return null;
  }
}

/**
 * What staff got from filing online as the designee: the EIN the IRS assigned and its confirmation
 * letter (CP 575), recorded on the order's online filing; the order is completed and the customer
 * e-mailed (`recordEin`). The letter must be a PDF; the EIN must carry a prefix the IRS uses.
 */
export async function recordOnlineResult(context: FilingContext, options: RecordOnlineResultOptions): Promise<void> {
  const { db, cipher } = context;
  const { orderId, filingId, result, actor, ipAddress } = options;
  const ein = normalizeEin(result.ein);
  if (!ein) throw new AppError('bad_request', 'This is not an EIN the IRS assigns: check its first two digits.');
  const letter = Buffer.from(result.letter, 'base64');
  const pages = await pagesOfPdf(letter);
  if (pages === null) throw new AppError('bad_request', filingMessages.letterNotPdf);

  const { emailIds } = await db.transaction(async (tx) => {
    const [filing] = await tx
      .select()
      .from(filings)
      .where(and(eq(filings.id, filingId), eq(filings.orderId, orderId)))
      .for('update');
    if (!filing) throw new AppError('not_found', 'No such filing on this order.');
    if (filing.method !== 'online' || filing.status !== 'filed') throw new AppError('conflict', filingMessages.notOnline);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', 'No such order.');
    await recordAudit(tx, { actor, action: 'irs_letter_uploaded', target: `order:${orderId}`, detail: { filingId, pages }, ipAddress });
    return recordEin(tx, context, {
      order,
      filingId,
      ein,
      letter: { source: 'upload', document: cipher.encrypt(letter.toString('base64')), pages },
      actor,
      ipAddress,
    });
  });
  await context.outbox.deliver(emailIds);
}
