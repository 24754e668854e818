import { inboundFaxes } from '../db';
import { recordAudit } from '../audit';
import { receivedAsPdf, type ProviderFax } from '../fax';
import type { FilingContext } from './filing-context';

/**
 * A fax the provider received for the service: its document fetched from the provider, kept as a PDF
 * (a TIFF is converted), encrypted, and attached to nothing until it is matched. Received once: the
 * provider's id names it, so a repeated event or a second worker adds nothing. Answers the new row's
 * id, or null when it was already received. Reading it (which filing it answers, its EIN) comes after.
 */
export async function receiveFax(context: Pick<FilingContext, 'db' | 'cipher' | 'provider' | 'log'>, fax: ProviderFax): Promise<number | null> {
  if (fax.direction !== 'inbound' || fax.status !== 'received') return null;
  const { db, cipher, provider, log } = context;
  const { pdf, pages } = await receivedAsPdf(await provider.download(fax.id));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inboundFaxes)
      .values({
        provider: provider.name,
        providerFaxId: fax.id,
        fromNumber: fax.from || null,
        toNumber: fax.to || null,
        pages,
        document: cipher.encrypt(Buffer.from(pdf).toString('base64')),
        receivedAt: new Date(),
        status: 'received',
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await recordAudit(tx, { actor: null, action: 'fax_received', target: `fax:${row.id}`, detail: { pages, provider: provider.name } });
    log.info({ inboundFaxId: row.id, pages }, 'fax received');
    return row.id;
  });
}
