import { recordAudit, type AuditActor } from '../audit';
import { renderPageImages } from '../fax';
import { findInboxFax } from './list-fax-inbox';
import type { FilingContext } from './filing-context';

/**
 * One page of a received fax as a PNG for staff to look at, if `viewer` may open the fax; null when
 * there is no such fax or page for them. Each view is audited: a fax from the IRS carries the
 * responsible party's name and number.
 */
export async function readInboxFaxPage(
  context: Pick<FilingContext, 'db' | 'cipher'>,
  viewer: { id: string; role: string | null },
  options: { id: number; page: number; actor: AuditActor; ipAddress: string | null },
): Promise<Buffer | null> {
  const found = await findInboxFax(context, viewer, options.id);
  if (!found?.row.document) return null;
  const images = await renderPageImages(new Uint8Array(Buffer.from(context.cipher.decrypt(found.row.document), 'base64')));
  const image = images[options.page - 1];
  if (!image) return null;
  await recordAudit(context.db, {
    actor: options.actor,
    action: 'fax_viewed',
    target: found.row.orderId === null ? `fax:${found.row.id}` : `order:${found.row.orderId}`,
    detail: { inboundFaxId: found.row.id, page: options.page },
    ipAddress: options.ipAddress,
  });
  return image.png;
}
