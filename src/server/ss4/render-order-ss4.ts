import { createHash } from 'node:crypto';
import { readOrderSsn, readOrderSsns, type FieldCipher, type OrderSsn } from '../encryption';
import { rpTaxIdTypeOf, ssnFields, type SsnField } from '#shared/application/contact.ts';
import { fillSs4 } from './fill-ss4';
import type { Application } from '#shared/application/application.ts';
import { applicationSections } from '#shared/application/sections.ts';
import { ss4Lines, type Ss4Designee, type Ss4Line } from '#shared/ss4/ss4-mapping.ts';

/** The stored application with its SSNs opened (an unreadable one empty), every section present (an old order may lack some). */
export function applicationWithSsns(formData: unknown, ssns: Partial<Record<SsnField, string>>): Application {
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
 * The stored answer that holds the responsible party's own taxpayer number (line 7b): the SSN, or the
 * ITIN; null for a responsible party with neither (a foreign person, "Foreign" on 7b).
 */
export function responsiblePartyNumberField(formData: unknown): SsnField | null {
  const contact = (formData as { contact?: unknown } | null)?.contact;
  const type = rpTaxIdTypeOf(typeof contact === 'object' && contact !== null ? (contact as { rpTaxIdType?: string }) : {});
  return type === 'ssn' ? 'rpSSN' : type === 'itin' ? 'rpItin' : null;
}

/** `ssn`: the responsible party's own number as the order holds it, its SSN or its ITIN (`none` when they have neither). */
export type RenderedSs4 = { pdf: Uint8Array; lines: Ss4Line[]; application: Application; ssn: OrderSsn };

/** The order's Form SS-4 rendered from the stored application, the SSN or ITIN opened for the file only. */
export async function renderOrderSs4(formData: unknown, cipher: FieldCipher, designee: Ss4Designee | null): Promise<RenderedSs4> {
  const field = responsiblePartyNumberField(formData);
  const ssn: OrderSsn = field ? readOrderSsn(formData, cipher, field) : { kind: 'none' };
  const application = applicationWithSsns(formData, readOrderSsns(formData, cipher).ssns);
  const lines = ss4Lines(application, designee);
  return { pdf: await fillSs4(lines), lines, application, ssn };
}

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}
