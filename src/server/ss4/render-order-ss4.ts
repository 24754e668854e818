import { createHash } from 'node:crypto';
import type { FieldCipher } from '../security/encryption';
import { readOrderSsn, type OrderSsn } from '../security/order-ssn';
import { fillSs4 } from './fill-ss4';
import type { Application } from '../../shared/application/application';
import { applicationSections } from '../../shared/application/sections';
import { ss4Lines, type Ss4Designee, type Ss4Line } from '../../shared/ss4/ss4-mapping';

/** The stored application with the SSN opened, every section present (an old order may lack some). */
export function applicationWithSsn(formData: unknown, ssn: string): Application {
  const stored = formData !== null && typeof formData === 'object' ? (formData as Record<string, unknown>) : {};
  const sections = Object.fromEntries(
    applicationSections.map((section) => {
      const value = stored[section];
      return [section, typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}];
    }),
  ) as Pick<Application, 'company' | 'registration' | 'contact' | 'compliance' | 'activity'>;
  return { ...(stored as Application), ...sections, contact: { ...sections.contact, rpSSN: ssn } };
}

export type RenderedSs4 = { pdf: Uint8Array; lines: Ss4Line[]; application: Application; ssn: OrderSsn };

/** The order's Form SS-4 rendered from the stored application, the SSN opened for the file only. */
export async function renderOrderSs4(formData: unknown, cipher: FieldCipher, designee: Ss4Designee | null): Promise<RenderedSs4> {
  const ssn = readOrderSsn(formData, cipher);
  const application = applicationWithSsn(formData, ssn.kind === 'readable' ? ssn.plain : '');
  const lines = ss4Lines(application, designee);
  return { pdf: await fillSs4(lines), lines, application, ssn };
}

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}
