import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import type { FieldCipher } from '../../security/encryption';
import { fillSs4 } from '../../ss4/fill-ss4';
import type { Application } from '../../../shared/application/application';
import { applicationSections } from '../../../shared/application/sections';
import { ss4Lines, type Ss4Designee } from '../../../shared/ss4/ss4-mapping';
import type { OrderRow } from '../../plugins/order-access';
import { readOrderSsns } from './order-ssn';
import { ssnFields, type SsnField } from '../../../shared/application/contact';

export type DownloadSs4Options = {
  db: Db;
  cipher: FieldCipher;
  /** The order, the caller having checked the viewer may see it. */
  order: Pick<OrderRow, 'id' | 'applicationId' | 'formData'>;
  designee: Ss4Designee | null;
  actor: AuditActor;
  ipAddress: string | null;
  log: FastifyBaseLogger;
};

/** The stored application with its SSNs opened (an unreadable one empty), every section present (an old order may lack some). */
function applicationWithSsns(formData: unknown, ssns: Partial<Record<SsnField, string>>): Application {
  const stored = formData !== null && typeof formData === 'object' ? (formData as Record<string, unknown>) : {};
  const sections = Object.fromEntries(
    applicationSections.map((section) => {
      const value = stored[section];
      return [section, typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}];
    }),
  ) as Pick<Application, 'company' | 'registration' | 'contact' | 'compliance' | 'activity'>;
  const contact: Record<string, unknown> = { ...sections.contact };
  for (const field of ssnFields) if (field in contact || ssns[field]) contact[field] = ssns[field] ?? '';
  return { ...(stored as Application), ...sections, contact: contact as Application['contact'] };
}

/**
 * The order's Form SS-4, filled. The file holds the SSN, so the audit row is written before the
 * file is returned, and the SSN goes nowhere but the file.
 */
export async function downloadSs4({ db, cipher, order, designee, actor, ipAddress, log }: DownloadSs4Options): Promise<{ pdf: Uint8Array; fileName: string }> {
  const { ssns, unreadable } = readOrderSsns(order.formData, cipher);
  if (unreadable.length > 0) log.warn({ orderId: order.id, fields: unreadable }, 'an SSN of the order could not be decrypted; the SS-4 leaves it empty');
  const pdf = await fillSs4(ss4Lines(applicationWithSsns(order.formData, ssns), designee));
  const rp = ssns.rpSSN ? 'readable' : unreadable.includes('rpSSN') ? 'unreadable' : 'none';
  await recordAudit(db, { actor, action: 'ss4_downloaded', target: `order:${order.id}`, detail: { ssn: rp }, ipAddress });
  return { pdf, fileName: `SS-4-${order.applicationId}.pdf` };
}
