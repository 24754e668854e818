import { recordAudit, type AuditActor } from '../audit';
import { cropStraight, eachGrayPage, estimateSkew, faxDpi, grayImagePng } from '../fax';
import { ss4EinBox } from '../ss4';
import { findInboxFax } from './list-fax-inbox';
import type { FilingContext } from './filing-context';

/** Room kept around the EIN box (points), so a fax that sits a little off still shows the whole box. */
const margin = 10;
/** The cut-out's resolution: the fax's own fine mode, sharp enough to read each digit. */
const dpi = 200;

/**
 * The EIN box of a received fax's first page (where the IRS writes the EIN on the SS-4 it sends back),
 * straightened and cut out as a PNG, for staff to compare with the EIN read from it before they confirm
 * it; null when there is no such fax for `viewer`. Audited as a view of the fax, like its pages.
 */
export async function readInboxFaxEinBox(
  context: Pick<FilingContext, 'db' | 'cipher'>,
  viewer: { id: string; role: string | null },
  options: { id: number; actor: AuditActor; ipAddress: string | null },
): Promise<Buffer | null> {
  const found = await findInboxFax(context, viewer, options.id);
  if (!found?.row.document) return null;
  const pdf = new Uint8Array(Buffer.from(context.cipher.decrypt(found.row.document), 'base64'));
  let png: Buffer | null = null;
  for await (const page of eachGrayPage(pdf, { xDpi: faxDpi.x, yDpi: faxDpi.y, firstPageOnly: true })) {
    const region = { x: ss4EinBox.x - margin, y: ss4EinBox.y - margin, width: ss4EinBox.width + 2 * margin, height: ss4EinBox.height + 2 * margin };
    png = await grayImagePng(cropStraight(page, region, estimateSkew(page), dpi));
  }
  if (!png) return null;
  await recordAudit(context.db, {
    actor: options.actor,
    action: 'fax_viewed',
    target: found.row.orderId === null ? `fax:${found.row.id}` : `order:${found.row.orderId}`,
    detail: { inboundFaxId: found.row.id, part: 'ein_box' },
    ipAddress: options.ipAddress,
  });
  return png;
}
