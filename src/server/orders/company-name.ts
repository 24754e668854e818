import { timeZoneOfState } from '../../shared/customer-time';

/** The company an application is for (step 1's name), or null when it has none. */
export function companyNameOf(formData: unknown): string | null {
  const name = (formData as { company?: { companyName?: unknown } } | null)?.company?.companyName;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}

/**
 * The time zone an order's e-mails write times in: the zone of the business address's state (step 2),
 * Eastern when the application has none (decision 040).
 */
export function customerTimeZoneOf(formData: unknown): string {
  const state = (formData as { registration?: { state?: unknown } } | null)?.registration?.state;
  return timeZoneOfState(typeof state === 'string' ? state : null);
}
