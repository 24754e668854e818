import type { orders, signingRequests, Db } from '../db';
import type { Env } from '../env';
import type { EmailOutbox } from '../email';
import type { FieldCipher } from '../encryption';
import { applicationWithSsns } from '../ss4';

// Signing requests (decision 022): a link that lets the customer sign the order's Form SS-4. The
// token is a customer link's (32 random bytes; the database keeps its hash). A browser
// that answers the SSN question gets a cookie with the request's session secret, which the review,
// the PDF and the signature itself require.

export type SigningRequestRow = typeof signingRequests.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/**
 * A signed request whose signature staff voided to ask the customer to sign again: its sealed PDF is
 * kept for the record (staff-only), but it is no longer the order's signed SS-4.
 */
export const setAsideStatus = 'set_aside';

/** Requests still waiting for the customer: sent, or sent and verified. */
export const openRequestStatuses = ['sent', 'verified'] as const;

/** Who signs the order's SS-4 (the responsible party named in the application), and the company. */
export function responsibleName(formData: unknown): { name: string; title: string; companyName: string | null } {
  const application = applicationWithSsns(formData, {});
  const { rpFirstName, rpMiddleName, rpLastName, rpTitle } = application.contact as Record<string, unknown>;
  const name = [rpFirstName, rpMiddleName, rpLastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ');
  const company = (application.company as Record<string, unknown>).companyName;
  return { name, title: typeof rpTitle === 'string' ? rpTitle.trim() : '', companyName: typeof company === 'string' && company.trim() ? company.trim() : null };
}

export type SigningServices = { db: Db; cipher: FieldCipher; outbox: EmailOutbox; env: Pick<Env, 'SIGNING_LINK_DAYS' | 'SUPPORT_EMAIL'> };

