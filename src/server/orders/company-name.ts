import { timeZoneOfCountry, timeZoneOfState } from '#shared/customer-time.ts';
import { isAbroad } from '#shared/application/countries.ts';

/** The company an application is for (step 1's name), or null when it has none. */
export function companyNameOf(formData: unknown): string | null {
  const name = (formData as { company?: { companyName?: unknown } } | null)?.company?.companyName;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}

/**
 * The time zone an order's e-mails write times in: the zone of the business address (step 2), its
 * state's in the United States (decision 040), its country's abroad (decision 053); Eastern when the
 * application has neither.
 */
export function customerTimeZoneOf(formData: unknown): string {
  const registration = (formData as { registration?: { state?: unknown; country?: unknown } } | null)?.registration;
  const country = typeof registration?.country === 'string' && registration.country !== '' ? registration.country : undefined;
  if (isAbroad(country)) return timeZoneOfCountry(country ?? '');
  return timeZoneOfState(typeof registration?.state === 'string' ? registration.state : null);
}
